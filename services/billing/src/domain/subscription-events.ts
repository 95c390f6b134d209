import { pendingEvent } from '@wildframe/platform';
import type { PendingEvent } from '@wildframe/platform';
import type { Subscription } from './subscription';
import type { SubscriptionNotice } from './subscription-state';

/**
 * billing.subscription.{activated,canceled,expired}.v1 for a subscription's notices, keyed by
 * user id so each user's changes arrive in order. Auth applies them to the user's plan and plan
 * expiry. They are handed to the repository with the change they announce (one unit).
 */
export function subscriptionNoticeEvents(notices: readonly SubscriptionNotice[], subscription: Pick<Subscription, 'id' | 'userId'>, at: Date): PendingEvent[] {
  const { userId } = subscription;
  const options = { key: userId, subject: userId };
  return notices.map((notice) => {
    switch (notice.kind) {
      case 'activated':
        return pendingEvent(
          'billing.subscription.activated.v1',
          { userId, plan: notice.plan, isAnnual: notice.isAnnual, periodEnd: notice.periodEnd.toISOString(), subscriptionId: subscription.id, at: at.toISOString() },
          options,
        );
      case 'canceled':
        return pendingEvent(
          'billing.subscription.canceled.v1',
          { userId, plan: notice.plan, accessUntil: notice.accessUntil.toISOString(), subscriptionId: subscription.id, at: at.toISOString() },
          options,
        );
      case 'expired':
        return pendingEvent('billing.subscription.expired.v1', { userId, previousPlan: notice.previousPlan, subscriptionId: subscription.id, at: at.toISOString() }, options);
    }
  });
}
