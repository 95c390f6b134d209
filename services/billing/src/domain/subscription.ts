import type { PaidPlanId } from './pricing';
import type { SubscriptionState, SubscriptionStatus } from './subscription-state';

/** A user's subscription as billing knows it, mirrored from the payment provider. */
export interface Subscription {
  id: string;
  userId: string;
  plan: PaidPlanId;
  isAnnual: boolean;
  status: SubscriptionStatus;
  provider: string;
  providerCustomerId: string | null;
  providerSubscriptionId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** The promo code applied to this subscription (e.g. Launch2025), if any. */
  promoCode: string | null;
  endedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewSubscription {
  userId: string;
  plan: PaidPlanId;
  isAnnual: boolean;
  status: SubscriptionStatus;
  provider: string;
  providerCustomerId: string;
  providerSubscriptionId: string;
  currentPeriodEnd: Date | null;
  promoCode: string | null;
  /** From billing's clock, so "created before" questions agree with the events' times. */
  createdAt: Date;
}

/** Statuses a subscription can still move on from. */
export const OPEN_STATUSES: readonly SubscriptionStatus[] = ['incomplete', 'active', 'past_due'];

export function stateOf(row: Subscription): SubscriptionState {
  return { status: row.status, plan: row.plan, isAnnual: row.isAnnual, currentPeriodEnd: row.currentPeriodEnd, cancelAtPeriodEnd: row.cancelAtPeriodEnd };
}

/** What an activation does to the user's other open subscriptions: live ones are replaced, unpaid ones abandoned. */
export function supersededStatus(status: SubscriptionStatus): SubscriptionStatus {
  return status === 'incomplete' ? 'abandoned' : 'replaced';
}

/** Whether moving from `before` to `next` ends the subscription (it gets an end time). */
export function endsWith(before: SubscriptionStatus, next: SubscriptionStatus): boolean {
  return next !== before && ['ended', 'abandoned', 'replaced'].includes(next);
}

/** Whether moving from `before` to `next` makes the subscription the user's one (the others are superseded). */
export function takesOver(before: SubscriptionStatus, next: SubscriptionStatus): boolean {
  return next === 'active' && before !== 'active' && before !== 'past_due';
}
