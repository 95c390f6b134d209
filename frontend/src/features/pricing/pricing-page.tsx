import { GiftOutlined } from '@ant-design/icons';
import { Alert, Button, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useGetCurrentUserQuery } from '../../api/api';
import type { PlanDefinition, PlanName } from '../../api/types';
import { LinkButton } from '../../components/link-button';
import { PageHeader } from '../../components/page-header';
import { useGetBillingConfigQuery } from '../billing/api';
import { useGetPlansQuery } from '../plans/api';
import { BillingSwitch } from '../plans/billing-switch';
import { PlanCard } from '../plans/plan-card';
import { formatUsd, type BillingPeriod } from '../plans/plan-pricing';
import { pricingAction } from './pricing-actions';
import './pricing.css';

function PlanAction({ plan, currentPlan, billing }: { plan: PlanName; currentPlan: PlanName | null; billing: BillingPeriod }) {
  const action = pricingAction(plan, currentPlan, billing);
  if (action.kind === 'disabled') {
    return (
      <Button block size="large" disabled>
        {action.label}
      </Button>
    );
  }
  return (
    <LinkButton to={action.to} type={plan === 'explorer' ? 'default' : 'primary'} size="large" block>
      {action.label}
    </LinkButton>
  );
}

/** "Enthusiast is $7 a month billed yearly instead of $9, Professional $15 instead of $19." */
function annualSavingsLine(plans: readonly PlanDefinition[]): string {
  const paid = plans.filter((plan) => plan.monthlyPrice > 0);
  return `${paid
    .map((plan, index) =>
      index === 0
        ? `${plan.name} is ${formatUsd(plan.annualMonthlyPrice)} a month billed yearly instead of ${formatUsd(plan.monthlyPrice)}`
        : `${plan.name} ${formatUsd(plan.annualMonthlyPrice)} instead of ${formatUsd(plan.monthlyPrice)}`,
    )
    .join(', ')}.`;
}

/** /pricing (spec, section 2): the three plans, monthly or annual (annual by default). */
export function PricingPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const billing: BillingPeriod = searchParams.get('billing') === 'monthly' ? 'monthly' : 'annual';
  const { data: catalogue, isLoading, isError, refetch } = useGetPlansQuery();
  const { data: user, isLoading: userLoading } = useGetCurrentUserQuery();
  const currentPlan = user?.plan ?? null;

  const setBilling = (next: BillingPeriod) => {
    const params = new URLSearchParams(searchParams);
    if (next === 'monthly') params.set('billing', 'monthly');
    else params.delete('billing');
    setSearchParams(params, { replace: true });
  };

  return (
    <div className="pricing-page">
      <PageHeader
        title="Plans and Pricing"
        lead="Start free with Explorer, or choose Enthusiast or Professional for unlimited uploads, more storage, larger files and AI editing tips. Annual billing costs less than paying monthly."
      />

      <div className="pricing-banner" role="note">
        <GiftOutlined aria-hidden="true" className="pricing-banner__icon" />
        <div>
          <p className="pricing-banner__title">Save Over 2 Months With Annual Billing!</p>
          {catalogue && <p className="pricing-banner__text">{annualSavingsLine(catalogue.plans)}</p>}
        </div>
      </div>

      <div className="pricing-controls">
        <BillingSwitch value={billing} onChange={setBilling} />
      </div>

      {isLoading && (
        <div className="plan-grid" role="status" aria-label="Loading plans">
          {[0, 1, 2].map((key) => (
            <div key={key} className="plan-card plan-card--placeholder">
              <Skeleton active title={{ width: '50%' }} paragraph={{ rows: 5 }} />
            </div>
          ))}
        </div>
      )}
      {(isError || (!isLoading && !catalogue)) && (
        <Alert
          type="error"
          showIcon
          title="The plans could not be loaded."
          description="Check your connection and try again."
          action={
            <Button size="small" onClick={() => void refetch()}>
              Try Again
            </Button>
          }
        />
      )}
      {catalogue && (
        <ul className="plan-grid pricing-plans" aria-label="Plans">
          {catalogue.plans.map((plan) => (
            <li key={plan.id}>
              <PlanCard
                plan={plan}
                billing={billing}
                headingLevel={2}
                selected={plan.id === currentPlan}
                ribbon={currentPlan === null && plan.id === 'enthusiast' ? 'Most Popular' : undefined}
                footer={userLoading ? <Skeleton.Button active block size="large" /> : <PlanAction plan={plan.id} currentPlan={currentPlan} billing={billing} />}
              />
            </li>
          ))}
        </ul>
      )}

      {/* Below the cards: the spec's banner is the only one before them; still read before a plan is chosen (and again at payment). */}
      <SandboxNotice />

      {catalogue && (
        <p className="pricing-promo">
          Launch offer: <strong>{catalogue.promo.percentOff}% off</strong> the first {catalogue.promo.months} months of a monthly plan
          with the code <strong>{catalogue.promo.code}</strong>.{' '}
          {billing === 'annual' && <Link to="/pricing?billing=monthly">See monthly prices</Link>}
        </p>
      )}

      <section className="pricing-next" aria-labelledby="pricing-next-title">
        <h2 id="pricing-next-title" className="pricing-next__title">
          Not sure yet?
        </h2>
        <p className="pricing-next__text">
          {currentPlan === null ? (
            <>
              Try an AI rating first: <Link to="/upload">upload a photo as a guest</Link>, or{' '}
              <Link to="/signup">create a free account</Link> and upgrade whenever you like.
            </>
          ) : (
            <>
              Upgrades take effect as soon as the payment goes through. <Link to="/upload">Upload a photo</Link> to
              put your plan to work.
            </>
          )}
        </p>
      </section>
    </div>
  );
}

/** When payments run in the sandbox, visitors must know before they choose a plan. */
function SandboxNotice() {
  const { data } = useGetBillingConfigQuery();
  if (data?.provider !== 'sandbox') return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="pricing-sandbox"
      title="Sandbox payments — no real charge"
      description="This site takes test cards only: paid plans can be tried without paying."
    />
  );
}
