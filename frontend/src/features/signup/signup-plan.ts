// Which plan the signup form starts with (spec, section 2 "Signup").
import type { PlanName } from '../../api/types';
import { isPlanName, type BillingPeriod } from '../plans/plan-pricing';

export const DEFAULT_SIGNUP_PLAN: PlanName = 'enthusiast';

export interface InitialSignupPlan {
  plan: PlanName;
  /** True when ?plan= named a plan: the page then shows the 'Great choice' banner. */
  fromLink: boolean;
}

/** `?plan=explorer|enthusiast|professional` preselects that plan; anything else is ignored. */
export function initialSignupPlan(planParam: string | null): InitialSignupPlan {
  const requested = planParam?.trim().toLowerCase();
  return isPlanName(requested)
    ? { plan: requested, fromLink: true }
    : { plan: DEFAULT_SIGNUP_PLAN, fromLink: false };
}

/**
 * `?billing=monthly` (from the pricing page's switch) starts the form on monthly billing; anything
 * else keeps the default, annual (spec, section 9 "Billing").
 */
export function initialBillingPeriod(billingParam: string | null): BillingPeriod {
  return billingParam?.trim().toLowerCase() === 'monthly' ? 'monthly' : 'annual';
}

/** The query part a link adds to carry `billing` (empty for the default, annual). */
export function billingQuery(billing: BillingPeriod): string {
  return billing === 'monthly' ? '&billing=monthly' : '';
}
