import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { billingErrors } from '../domain/billing.errors';
import { StripeWebhooks } from '../use-cases/stripe-webhooks.service';
import type { WebhookReceipt } from '../use-cases/stripe-webhooks.service';

/** Stripe's events (PAYMENT_PROVIDER=stripe only); the body arrives unparsed (stripe-webhook-raw-body). */
@Controller('billing')
export class StripeWebhookController {
  constructor(private readonly webhooks: StripeWebhooks) {}

  @Post('webhook')
  @HttpCode(200)
  receive(@Req() req: Request, @Headers('stripe-signature') signature: string | undefined): Promise<WebhookReceipt> {
    if (!Buffer.isBuffer(req.body)) throw billingErrors.invalidWebhook('Expected the raw Stripe payload');
    return this.webhooks.receive(req.body, signature);
  }
}
