// Which plans the subscription screen offers (spec, section 4 "Plan order"): upgrades only.
import type { PlanName } from '../../api/types';
import { isPlanName, PLAN_IDS } from '../plans/plan-pricing';

export type DisabledReason = 'Current Plan' | 'Use Cancel Button Below' | 'Contact Support to Downgrade' | `Yours from ${string}`;

const rank = (plan: PlanName) => PLAN_IDS.indexOf(plan);

/**
 * Why each plan that cannot be chosen is disabled: the current one, and every lower one. Once the
 * paid plan is canceled (`canceledUntil`: the period's last day, e.g. "June 24, 2027", or null
 * when unknown) Explorer is no longer reached through the cancel button: it is what the account
 * returns to when the period ends.
 */
export function disabledPlans(current: PlanName, canceled?: { until: string | null }): Partial<Record<PlanName, DisabledReason>> {
  const reasons: Partial<Record<PlanName, DisabledReason>> = { [current]: 'Current Plan' };
  for (const plan of PLAN_IDS) {
    if (rank(plan) >= rank(current)) continue;
    // Back to the free plan is a cancellation; between paid plans it is a support matter.
    if (plan !== 'explorer') reasons[plan] = 'Contact Support to Downgrade';
    else if (canceled) reasons[plan] = `Yours from ${canceled.until ?? 'the end of this period'}`;
    else reasons[plan] = 'Use Cancel Button Below';
  }
  return reasons;
}

/** The higher plans, lowest first. */
export function upgradesFrom(current: PlanName): PlanName[] {
  return PLAN_IDS.filter((plan) => rank(plan) > rank(current));
}

/**
 * The plan selected first: `?plan=` when it names a higher plan (enthusiast or professional),
 * otherwise the next tier up; the current plan when there is nothing higher.
 */
export function initialUpgradePlan(planParam: string | null, current: PlanName): PlanName {
  const requested = planParam?.trim().toLowerCase();
  const upgrades = upgradesFrom(current);
  if (isPlanName(requested) && upgrades.includes(requested)) return requested;
  return upgrades[0] ?? current;
}
