// What each plan card on /pricing offers (spec, sections 2 "Pricing" and 4 "Plan order").
import type { PlanName } from '../../api/types';
import { PLAN_IDS, type BillingPeriod } from '../plans/plan-pricing';
import { billingQuery } from '../signup/signup-plan';

export type PricingAction =
  | { kind: 'link'; to: string; label: string }
  | { kind: 'disabled'; label: 'Current Plan' | 'Lower Tier' };

const NAMES: Record<PlanName, string> = { explorer: 'Explorer', enthusiast: 'Enthusiast', professional: 'Professional' };

/**
 * Visitors sign up with the plan chosen; members see 'Current Plan' on theirs, 'Lower Tier' below
 * it, and upgrade to a higher one on the subscription screen.
 */
export function pricingAction(plan: PlanName, currentPlan: PlanName | null, billing: BillingPeriod = 'annual'): PricingAction {
  if (currentPlan === null) {
    // The period chosen here carries to the signup form (annual is its default, so only monthly is said).
    return { kind: 'link', to: `/signup?plan=${plan}${billingQuery(billing)}`, label: plan === 'explorer' ? 'Get Started Free' : `Choose ${NAMES[plan]}` };
  }
  const rank = PLAN_IDS.indexOf(plan) - PLAN_IDS.indexOf(currentPlan);
  if (rank === 0) return { kind: 'disabled', label: 'Current Plan' };
  if (rank < 0) return { kind: 'disabled', label: 'Lower Tier' };
  return { kind: 'link', to: `/subscription?plan=${plan}${billingQuery(billing)}`, label: `Upgrade to ${NAMES[plan]}` };
}
