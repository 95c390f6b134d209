// What a payment step charges: today's amount, what follows, and the launch promo (spec,
// section 9: Launch2025 takes 25 % off the first 3 months of monthly plans).
import type { PlanDefinition, PlansResponse } from '../../api/types';
import { formatUsd, type BillingPeriod } from '../plans/plan-pricing';

export type Promo = PlansResponse['promo'];

/** Always two decimals, for amounts charged: "$6.75", "$84.00". */
export function formatCharge(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

export interface OrderSummary {
  /** e.g. "Enthusiast plan, billed annually" */
  title: string;
  /** The period's regular price. */
  price: string;
  /** The promo's line when a code is applied: "25% off your first 3 months", "−$2.25". */
  discount: { label: string; amount: string } | null;
  dueToday: string;
  /** What happens after today, in one sentence. */
  renewal: string;
}

export function orderSummary(plan: PlanDefinition, billing: BillingPeriod, promo: Promo | null): OrderSummary {
  const title = `${plan.name} plan, billed ${billing === 'annual' ? 'annually' : 'monthly'}`;
  if (billing === 'annual') {
    return {
      title,
      price: formatCharge(plan.annualPrice),
      discount: null,
      dueToday: formatCharge(plan.annualPrice),
      renewal: `Renews every year at ${formatUsd(plan.annualPrice)} (${formatUsd(plan.annualMonthlyPrice)}/month) until you cancel.`,
    };
  }
  if (promo) {
    const discounted = Math.round(plan.monthlyPrice * (100 - promo.percentOff)) / 100;
    return {
      title,
      price: formatCharge(plan.monthlyPrice),
      discount: { label: `${promo.percentOff}% off your first ${promo.months} months`, amount: `\u2212${formatCharge(plan.monthlyPrice - discounted)}` },
      dueToday: formatCharge(discounted),
      renewal: `${formatUsd(discounted)}/month for your first ${promo.months} months, then ${formatUsd(plan.monthlyPrice)}/month until you cancel.`,
    };
  }
  return {
    title,
    price: formatCharge(plan.monthlyPrice),
    discount: null,
    dueToday: formatCharge(plan.monthlyPrice),
    renewal: `Renews every month at ${formatUsd(plan.monthlyPrice)} until you cancel.`,
  };
}

export type PromoCheck = { ok: true; code: string } | { ok: false; message: string };

/** The same rule the server applies: our code in any letter case, on monthly billing only. */
export function checkPromoCode(entered: string, billing: BillingPeriod, promo: Promo): PromoCheck {
  const code = entered.trim();
  if (code.toLowerCase() !== promo.code.toLowerCase()) return { ok: false, message: 'This promo code is not valid' };
  if (billing !== 'monthly') return { ok: false, message: `The ${promo.code} code applies to monthly billing only` };
  return { ok: true, code: promo.code };
}

/** What the provider will charge for an upgrade, as billing answered it before payment. */
export interface UpgradeCharge {
  /** The paid plan being replaced, e.g. "Enthusiast". */
  replacingName: string | null;
  /** Credit for the unused part of the replaced plan's paid period, in dollars. */
  credit: number;
  /** What the first payment charges, in dollars. */
  amountDue: number;
  /** Account credit left once this payment is made, taken off the following payments, in dollars. */
  creditCarried: number;
}

/** Our own words (not the spec's) for credit an upgrade leaves over after its first payment. */
export const CREDIT_CARRIED_LABEL = 'Account credit kept for your next payments';

export interface UpgradeSummary extends OrderSummary {
  /** "Credit for unused time on your Enthusiast plan", "−$83.77" */
  credit: { label: string; amount: string } | null;
  /** "Account credit kept for your next payments", "$64.94": shown only when there is some. */
  carried: { label: string; amount: string } | null;
}

/**
 * The summary of an upgrade: the server's figures decide what is due today (it is exactly what
 * the payment charges), with the credit for the replaced plan's unused time as its own line, and
 * the credit this payment leaves over (kept on the account for the next payments) after it.
 */
export function upgradeSummary(summary: OrderSummary, charge: UpgradeCharge | null): UpgradeSummary {
  if (!charge) return { ...summary, credit: null, carried: null };
  const credit =
    charge.credit > 0
      ? { label: `Credit for unused time on your ${charge.replacingName ?? 'current'} plan`, amount: `\u2212${formatCharge(charge.credit)}` }
      : null;
  const carried = charge.creditCarried > 0 ? { label: CREDIT_CARRIED_LABEL, amount: formatCharge(charge.creditCarried) } : null;
  return { ...summary, credit, carried, dueToday: formatCharge(charge.amountDue) };
}
