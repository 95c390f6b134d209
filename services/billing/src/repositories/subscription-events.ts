import { Injectable } from '@nestjs/common';
import { EventOutbox } from '@wildframe/platform';
import type { DatabaseTransaction } from '@wildframe/platform';
import type { SubscriptionNotice } from '../domain/subscription-state';

/**
 * Announces billing.subscription.{activated,canceled,expired}.v1, keyed by user id so each
 * user's changes arrive in order. Auth applies them to the user's plan and plan expiry. Notices
 * are stored in the outbox in the transaction of the change (`enqueue`) and go out on `flush()`.
 */
@Injectable()
export class SubscriptionEvents {
  constructor(private readonly outbox: EventOutbox) {}

  /** Publishes what the committed transactions stored; never throws (the outbox sweep retries). */
  async flush(): Promise<void> {
    await this.outbox.flush();
  }

  async enqueue(tx: DatabaseTransaction, notice: SubscriptionNotice, subscription: { id: string; userId: string }, at: Date): Promise<void> {
    const { userId } = subscription;
    const options = { key: userId, subject: userId };
    switch (notice.kind) {
      case 'activated':
        await this.outbox.enqueue(
          tx,
          'billing.subscription.activated.v1',
          { userId, plan: notice.plan, isAnnual: notice.isAnnual, periodEnd: notice.periodEnd.toISOString(), subscriptionId: subscription.id, at: at.toISOString() },
          options,
        );
        return;
      case 'canceled':
        await this.outbox.enqueue(
          tx,
          'billing.subscription.canceled.v1',
          { userId, plan: notice.plan, accessUntil: notice.accessUntil.toISOString(), subscriptionId: subscription.id, at: at.toISOString() },
          options,
        );
        return;
      case 'expired':
        await this.outbox.enqueue(
          tx,
          'billing.subscription.expired.v1',
          { userId, previousPlan: notice.previousPlan, subscriptionId: subscription.id, at: at.toISOString() },
          options,
        );
        return;
    }
  }
}
