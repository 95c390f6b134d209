import type { ProviderSubscription } from './payment-provider';
import type { PaidPlanId } from './pricing';

/**
 * Our side of a subscription: incomplete (first payment outstanding), active, past_due (renewal
 * failed, plan kept during the grace period), ended (plan reverted to explorer), replaced (an
 * upgrade took over) or abandoned (the first payment never came).
 */
export type SubscriptionStatus = 'incomplete' | 'active' | 'past_due' | 'ended' | 'replaced' | 'abandoned';

export const LIVE_STATUSES: readonly SubscriptionStatus[] = ['active', 'past_due'];
const TERMINAL_STATUSES: readonly SubscriptionStatus[] = ['ended', 'replaced', 'abandoned'];

export interface SubscriptionState {
  status: SubscriptionStatus;
  plan: PaidPlanId;
  isAnnual: boolean;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** What the rest of the system must hear (billing.subscription.*.v1), in order. */
export type SubscriptionNotice =
  | { kind: 'activated'; plan: PaidPlanId; isAnnual: boolean; periodEnd: Date }
  | { kind: 'canceled'; plan: PaidPlanId; accessUntil: Date }
  | { kind: 'expired'; previousPlan: PaidPlanId };

export interface Transition {
  next: SubscriptionState;
  notices: SubscriptionNotice[];
}

function sameTime(a: Date | null, b: Date | null): boolean {
  return (a?.getTime() ?? null) === (b?.getTime() ?? null);
}

/**
 * Applies the provider's view of a subscription to ours. Announces activation when it becomes
 * active, renews (new period end) or changes price; cancellation when it is set to end at the
 * period end; expiry when a live subscription ends. Applying the same view twice announces
 * nothing the second time, so webhook redeliveries and polling agree.
 */
export function applyProviderState(current: SubscriptionState, remote: ProviderSubscription): Transition {
  if (TERMINAL_STATUSES.includes(current.status)) return { next: current, notices: [] };

  if (remote.status === 'ended') {
    const wasLive = LIVE_STATUSES.includes(current.status);
    return {
      next: { ...current, status: wasLive ? 'ended' : 'abandoned' },
      notices: wasLive ? [{ kind: 'expired', previousPlan: current.plan }] : [],
    };
  }
  if (remote.status === 'incomplete') return { next: current, notices: [] };

  const plan = remote.price?.plan ?? current.plan;
  const isAnnual = remote.price?.isAnnual ?? current.isAnnual;
  const currentPeriodEnd = remote.currentPeriodEnd ?? current.currentPeriodEnd;
  const next: SubscriptionState = { status: remote.status, plan, isAnnual, currentPeriodEnd, cancelAtPeriodEnd: remote.cancelAtPeriodEnd };
  const notices: SubscriptionNotice[] = [];

  const becameActive = remote.status === 'active' && current.status !== 'active';
  const renewedOrRepriced =
    current.status !== 'incomplete' && (!sameTime(current.currentPeriodEnd, currentPeriodEnd) || plan !== current.plan || isAnnual !== current.isAnnual);
  // A failed renewal (past_due) keeps the plan but announces nothing until it is paid.
  if (remote.status === 'active' && currentPeriodEnd && (becameActive || renewedOrRepriced)) {
    notices.push({ kind: 'activated', plan, isAnnual, periodEnd: currentPeriodEnd });
  }
  if (currentPeriodEnd && remote.cancelAtPeriodEnd && (!current.cancelAtPeriodEnd || notices.length > 0)) {
    notices.push({ kind: 'canceled', plan, accessUntil: currentPeriodEnd });
  }
  return { next, notices };
}

/**
 * A canceled subscription whose period has ended expires, whether or not the provider has said
 * so yet (the scheduled job); so does one whose renewal stayed unpaid past the grace period.
 */
export function isDueToExpire(state: SubscriptionState, now: Date, graceMs: number): boolean {
  if (!state.currentPeriodEnd) return false;
  const end = state.currentPeriodEnd.getTime();
  if (state.status === 'active') return state.cancelAtPeriodEnd && end <= now.getTime();
  if (state.status === 'past_due') return end + graceMs <= now.getTime();
  return false;
}
