import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { CLOCK, EVENT_BUS } from '@wildframe/platform';
import type { Clock, EventBus } from '@wildframe/platform';
import { PAYMENT_PROVIDER } from '../domain/payment-provider';
import type { PaymentProvider } from '../domain/payment-provider';
import { OPEN_STATUSES, stateOf } from '../domain/subscription';
import { SubscriptionsRepository } from '../repositories/subscriptions.repository';

const CONSUMER = 'billing-accounts';

/**
 * Stops charging for a plan the account no longer holds through billing:
 * - `auth.user.deleted.v1`: the account is gone, so its subscriptions end now at the provider.
 * - `auth.user.plan-changed.v1` from an admin: the plan was set by hand and does not expire, so
 *   the paid subscription ends now too (otherwise its next renewal would overwrite the admin's
 *   choice and charge the card for a plan the user was given).
 *
 * Only subscriptions created before the change are ended, so one the user starts afterwards is
 * left alone. They end quietly (no billing.subscription.expired.v1): the plan is no longer
 * billing's to revert. Handling is idempotent: a redelivery finds nothing open (and each ending
 * records the event's id with it), and a provider that fails is retried by redelivery.
 */
@Injectable()
export class AccountChangesConsumer implements OnModuleInit {
  private readonly logger = new Logger('AccountChanges');

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly subscriptions: SubscriptionsRepository,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.bus.subscribe('auth.user.deleted.v1', CONSUMER, async (event) => {
      await this.endSubscriptions(event.id, event.payload.userId, new Date(event.payload.deletedAt), 'account deleted');
    });
    this.bus.subscribe('auth.user.plan-changed.v1', CONSUMER, async (event) => {
      if (event.payload.source !== 'admin') return;
      await this.endSubscriptions(event.id, event.payload.userId, new Date(event.payload.changedAt), `plan set to ${event.payload.plan} by an admin`);
    });
  }

  private async endSubscriptions(eventId: string, userId: string, createdBy: Date, reason: string): Promise<void> {
    for (const row of await this.subscriptions.openForUser(userId, createdBy)) {
      const id = row.providerSubscriptionId;
      if (!id) continue;
      // Asked first: ending one the provider has already ended is an error at Stripe.
      if ((await this.provider.getSubscription(id)).status !== 'ended') await this.provider.cancelNow(id);
      await this.subscriptions.transition(
        id,
        this.clock.now(),
        (current) => {
          const state = stateOf(current);
          // Something else (an upgrade, the expiry job) may have ended it meanwhile: that stands.
          if (!OPEN_STATUSES.includes(state.status)) return { next: state, detail: null, events: [] };
          return { next: { ...state, status: state.status === 'incomplete' ? 'abandoned' : 'ended' }, detail: null, events: [] };
        },
        { consumer: CONSUMER, eventId },
      );
      this.logger.log({ userId, subscriptionId: row.id, reason }, 'subscription ended with the account change');
    }
  }
}
