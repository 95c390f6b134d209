import { invoiceAmountCents, PROMO_PERIODS } from './pricing';
import type { Subscription } from './subscription';

/** The start of the billing period that ends at `end`: one calendar month or year earlier (UTC), as `periodEnd` counts. */
export function periodStart(end: Date, isAnnual: boolean): Date {
  const months = isAnnual ? 12 : 1;
  const target = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(end.getUTCDate(), lastDay));
  target.setUTCHours(end.getUTCHours(), end.getUTCMinutes(), end.getUTCSeconds(), end.getUTCMilliseconds());
  return target;
}

function monthsBetween(from: Date, to: Date): number {
  return (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
}

/**
 * What an upgrade started `now` credits for the plan it replaces: the unused part of the current
 * paid period, pro rata by time, of what that period cost (with the launch promo's discount when
 * it applied to it). Nothing for a subscription that is not paid up (past_due) or already over.
 * In cents, rounded down.
 */
export function upgradeCreditCents(current: Subscription | undefined, now: Date): number {
  if (!current || current.status !== 'active' || !current.currentPeriodEnd) return 0;
  const end = current.currentPeriodEnd.getTime();
  // Counting back from the end is ambiguous at month ends (Jan 31 and Jan 28 both end on Feb 28):
  // the first period starts no earlier than the subscription.
  const start = Math.max(periodStart(current.currentPeriodEnd, current.isAnnual).getTime(), current.createdAt.getTime());
  if (end <= now.getTime() || end <= start) return 0;
  const unused = Math.min(end - now.getTime(), end - start) / (end - start);
  const discounted = current.promoCode !== null && !current.isAnnual && monthsBetween(current.createdAt, periodStart(current.currentPeriodEnd, false)) < PROMO_PERIODS;
  return Math.floor(invoiceAmountCents(current.plan, current.isAnnual, discounted) * unused);
}
