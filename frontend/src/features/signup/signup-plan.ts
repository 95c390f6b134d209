// Which plan the signup form starts with (spec, section 2 "Signup").
import type { PlanName } from '../../api/types';
import { isPlanName } from '../plans/plan-pricing';

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
