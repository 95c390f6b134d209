import type { Subscription } from './subscription';

/** A subscription as the API shows it to its owner. */
export type { SubscriptionSummary } from '../dto/billing.responses';
import type { SubscriptionSummary } from '../dto/billing.responses';

export function toSummary(row: Subscription): SubscriptionSummary {
  return {
    id: row.id,
    plan: row.plan,
    isAnnual: row.isAnnual,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    promoCode: row.promoCode,
    provider: row.provider,
  };
}
