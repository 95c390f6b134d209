import type { SubscriptionRow } from '../db/schema';
import type { PaidPlanId } from './pricing';
import type { SubscriptionStatus } from './subscription-state';

/** A subscription as the API shows it to its owner. */
export interface SubscriptionSummary {
  id: string;
  plan: PaidPlanId;
  isAnnual: boolean;
  status: SubscriptionStatus;
  /** ISO-8601; when the plan renews, or ends if canceled. */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  promoCode: string | null;
  provider: string;
}

export function toSummary(row: SubscriptionRow): SubscriptionSummary {
  return {
    id: row.id,
    plan: row.plan as PaidPlanId,
    isAnnual: row.isAnnual,
    status: row.status as SubscriptionStatus,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    promoCode: row.promoCode,
    provider: row.provider,
  };
}
