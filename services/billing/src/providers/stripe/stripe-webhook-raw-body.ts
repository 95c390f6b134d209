import type { FactoryProvider } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import express from 'express';

/** Where Stripe posts its events (gateway route /api/billing/*). */
export const STRIPE_WEBHOOK_PATH = '/api/billing/webhook';

export const STRIPE_WEBHOOK_RAW_BODY = Symbol('STRIPE_WEBHOOK_RAW_BODY');

/**
 * Stripe signs the exact bytes it sends, so the webhook must see the body unparsed. This factory
 * runs while Nest builds the application, before the chassis installs its JSON parser
 * (`createHttpApp`), and reads the webhook's body as a Buffer first; the JSON parser then leaves
 * it alone. The webhook controller refuses any body that is not a Buffer, so a change in that
 * order fails loudly (and its tests) rather than silently accepting unverifiable bodies.
 */
export const stripeWebhookRawBody: FactoryProvider<boolean> = {
  provide: STRIPE_WEBHOOK_RAW_BODY,
  inject: [HttpAdapterHost],
  useFactory: (host: HttpAdapterHost): boolean => {
    host.httpAdapter.use(STRIPE_WEBHOOK_PATH, express.raw({ type: () => true, limit: '1mb' }));
    return true;
  },
};
