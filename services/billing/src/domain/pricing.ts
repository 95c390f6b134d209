import { LAUNCH_PROMO, PLAN_ORDER, PLANS } from '@wildframe/contracts';
import type { PlanId } from '@wildframe/contracts';

/** The plans a subscription can be for. */
export type PaidPlanId = Exclude<PlanId, 'explorer'>;

export function isPaidPlan(plan: PlanId): plan is PaidPlanId {
  return plan !== 'explorer';
}

/** Plan order (spec, section 4): explorer < enthusiast < professional. */
export function planRank(plan: PlanId): number {
  return PLAN_ORDER.indexOf(plan);
}

/** The promo code as stored, when `code` names it (any letter case); otherwise null. */
export function canonicalPromoCode(code: string): string | null {
  return code.trim().toLowerCase() === LAUNCH_PROMO.code.toLowerCase() ? LAUNCH_PROMO.code : null;
}

/** Whether the launch promo can apply to this billing period (monthly plans only). */
export function promoAppliesTo(isAnnual: boolean): boolean {
  return LAUNCH_PROMO.appliesTo === 'monthly' && !isAnnual;
}

/** The full price of one billing period, in cents, from the one plan catalogue. */
export function periodPriceCents(plan: PaidPlanId, isAnnual: boolean): number {
  const definition = PLANS[plan];
  return Math.round((isAnnual ? definition.annualPrice : definition.monthlyPrice) * 100);
}

/** One period's price with the promo's discount when it applies to that period. */
export function invoiceAmountCents(plan: PaidPlanId, isAnnual: boolean, discounted: boolean): number {
  const full = periodPriceCents(plan, isAnnual);
  return discounted ? Math.round((full * (100 - LAUNCH_PROMO.percentOff)) / 100) : full;
}

/** How many of the first periods the promo discounts. */
export const PROMO_PERIODS = LAUNCH_PROMO.months;

/**
 * The end of a billing period that starts at `start`: one calendar month or year later (UTC).
 * A start on the 31st ends on the last day of a shorter month, as card providers do.
 */
export function periodEnd(start: Date, isAnnual: boolean): Date {
  const months = isAnnual ? 12 : 1;
  const target = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  target.setUTCHours(start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds());
  return target;
}

/**
 * The promo code to store for a subscription: null when none was entered. A code that is not
 * ours, or ours on annual billing, is refused with a message saying which.
 */
export function acceptPromoCode(code: string | undefined, isAnnual: boolean, refuse: { invalid: () => Error; monthlyOnly: (code: string) => Error }): string | null {
  if (!code) return null;
  const canonical = canonicalPromoCode(code);
  if (!canonical) throw refuse.invalid();
  if (!promoAppliesTo(isAnnual)) throw refuse.monthlyOnly(canonical);
  return canonical;
}
