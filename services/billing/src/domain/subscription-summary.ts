import type { SubscriptionRow } from '../db/schema';
import type { PaidPlanId } from './pricing';
import type { SubscriptionStatus } from './subscription-state';

/** A subscription as the API shows it to its owner. */
export type { SubscriptionSummary } from '../dto/billing.responses';
import type { SubscriptionSummary } from '../dto/billing.responses';

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
