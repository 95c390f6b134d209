import { Inject, Injectable } from '@nestjs/common';
import { EVENT_BUS } from '@wildframe/platform';
import type { EventBus } from '@wildframe/platform';
import type { SubscriptionNotice } from '../domain/subscription-state';

/**
 * Publishes billing.subscription.{activated,canceled,expired}.v1, keyed by user id so each
 * user's changes arrive in order. Auth applies them to the user's plan and plan expiry.
 */
@Injectable()
export class SubscriptionEvents {
  constructor(@Inject(EVENT_BUS) private readonly bus: EventBus) {}

  async publish(notice: SubscriptionNotice, subscription: { id: string; userId: string }, at: Date): Promise<void> {
    const { userId } = subscription;
    const options = { key: userId, subject: userId };
    switch (notice.kind) {
      case 'activated':
        await this.bus.publish(
          'billing.subscription.activated.v1',
          { userId, plan: notice.plan, isAnnual: notice.isAnnual, periodEnd: notice.periodEnd.toISOString(), subscriptionId: subscription.id, at: at.toISOString() },
          options,
        );
        return;
      case 'canceled':
        await this.bus.publish(
          'billing.subscription.canceled.v1',
          { userId, plan: notice.plan, accessUntil: notice.accessUntil.toISOString(), subscriptionId: subscription.id, at: at.toISOString() },
          options,
        );
        return;
      case 'expired':
        await this.bus.publish(
          'billing.subscription.expired.v1',
          { userId, previousPlan: notice.previousPlan, subscriptionId: subscription.id, at: at.toISOString() },
          options,
        );
        return;
    }
  }
}
