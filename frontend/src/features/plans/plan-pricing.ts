// How a plan's price reads on a card, for monthly or annual billing (spec, section 9).
import type { PlanDefinition, PlanName } from '../../api/types';

export type BillingPeriod = 'monthly' | 'annual';

export const PLAN_IDS: readonly PlanName[] = ['explorer', 'enthusiast', 'professional'];

export function isPlanName(value: unknown): value is PlanName {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

export function isPaidPlan(plan: PlanName): boolean {
  return plan !== 'explorer';
}

/** Whole dollars without cents ("$7"), other amounts with two decimals ("$7.50"). */
export function formatUsd(amount: number): string {
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}

export interface PlanPrice {
  /** The big number: "$0", "$9" or "$7". */
  amount: string;
  /** What the amount is for. */
  period: string;
  /** The small print under the price. */
  note: string;
  /** 'Save $24/year' on annual billing of a paid plan, otherwise null. */
  savings: string | null;
}

export function planPrice(plan: PlanDefinition, billing: BillingPeriod): PlanPrice {
  if (plan.monthlyPrice === 0) {
    return { amount: formatUsd(0), period: '/month', note: 'Free forever', savings: null };
  }
  if (billing === 'annual') {
    return {
      amount: formatUsd(plan.annualMonthlyPrice),
      period: '/month',
      note: `Billed annually (${formatUsd(plan.annualPrice)}/year)`,
      savings: plan.annualSavings,
    };
  }
  return { amount: formatUsd(plan.monthlyPrice), period: '/month', note: 'Billed monthly', savings: null };
}

/** 'enthusiast' → 'Enthusiast', for places that have only the plan's id. */
export function planDisplayName(plan: PlanName): string {
  return plan.charAt(0).toUpperCase() + plan.slice(1);
}
