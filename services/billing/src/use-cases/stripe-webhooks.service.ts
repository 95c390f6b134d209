import { Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { billingErrors } from '../domain/billing.errors';
import { StripePaymentProvider } from '../providers/stripe/stripe-payment-provider';
import { SubscriptionSync } from './subscription-sync.service';

const CONSUMER = 'billing-stripe-webhook';

export type { WebhookReceipt } from '../dto/billing.responses';
import type { WebhookReceipt } from '../dto/billing.responses';

/**
 * POST /api/billing/webhook: a signed Stripe event, handled once per event id. Subscription and
 * invoice events refresh the subscription from Stripe (events can arrive out of order; the
 * current state cannot) and go through the same sync as everything else.
 */
@Injectable()
export class StripeWebhooks {
  private readonly logger = new Logger('StripeWebhooks');
  constructor(
    private readonly stripe: StripePaymentProvider,
    private readonly sync: SubscriptionSync,
  ) {}

  async receive(payload: Buffer, signature: string | undefined): Promise<WebhookReceipt> {
    if (!signature) throw billingErrors.invalidWebhook('Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.verifyWebhook(payload, signature);
    } catch {
      throw billingErrors.invalidWebhook('Invalid Stripe signature');
    }
    const subscriptionId = this.subscriptionOf(event);
    if (!subscriptionId) {
      // Nothing to apply, so nothing to apply twice.
      this.logger.debug({ eventId: event.id, type: event.type }, 'Stripe event not used');
      return { received: true, duplicate: false };
    }
    // The event id is recorded with the subscription's change: a redelivery changes nothing.
    const applied = await this.sync.refreshOnce(subscriptionId, { consumer: CONSUMER, eventId: event.id });
    return { received: true, duplicate: !applied };
  }

  private subscriptionOf(event: Stripe.Event): string | null {
    switch (event.type) {
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return event.data.object.id;
      case 'invoice.paid':
      case 'invoice.payment_failed':
        return this.stripe.invoiceSubscriptionId(event.data.object);
      default:
        return null;
    }
  }
}
