import { ArrowRightOutlined, CalendarOutlined, ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Card, Modal, Skeleton, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useGetCurrentUserQuery } from '../../api/api';
import type { CurrentUser, PlanName } from '../../api/types';
import { notify, NOTICES } from '../../app/notify';
import { PageHeader } from '../../components/page-header';
import { useCancelSubscriptionMutation, useGetMySubscriptionQuery, useResumeSubscriptionMutation, type SubscriptionSummary } from '../billing/api';
import { UpgradePaymentStep } from '../billing/upgrade-payment-step';
import { useGetPlansQuery } from '../plans/api';
import { BillingSwitch } from '../plans/billing-switch';
import { initialBillingPeriod } from '../signup/signup-plan';
import { PlanPicker } from '../plans/plan-picker';
import { isPaidPlan, planDisplayName, type BillingPeriod } from '../plans/plan-pricing';
import { disabledPlans, initialUpgradePlan, upgradesFrom } from './upgrade-options';
import './subscription.css';

const TITLE = 'Manage Subscription';
const LEAD = 'See your current plan, choose monthly or annual billing, upgrade to a higher tier, or cancel a paid subscription.';

const LONG_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

function longDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : LONG_DATE.format(date);
}

type Step = 'plans' | 'payment';

/** /subscription (spec, section 2): requires sign-in; otherwise goes to /login. */
export function SubscriptionPage() {
  const { data: user, isLoading, isUninitialized, isError } = useGetCurrentUserQuery();
  const [searchParams, setSearchParams] = useSearchParams();
  const announced = useRef(false);

  // ?success=true: back from the payment provider's own check. Say so once, then tidy the URL.
  useEffect(() => {
    if (searchParams.get('success') !== 'true' || announced.current) return;
    announced.current = true;
    notify.success(NOTICES.paymentSuccessful);
    setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams]);

  if (isLoading || isUninitialized) {
    return (
      <div className="subscription-page">
        <PageHeader title={TITLE} lead={LEAD} />
        <div className="subscription-card" role="status" aria-label="Loading your subscription">
          <Skeleton active paragraph={{ rows: 3 }} />
        </div>
      </div>
    );
  }
  if (isError || !user) return <Navigate to="/login" replace />;

  return (
    <div className="subscription-page">
      <PageHeader title={TITLE} lead={LEAD} />
      {/* A new ?plan= link, or a new plan after an upgrade, starts the selection over. */}
      <SubscriptionManager key={`${user.plan}:${searchParams.get('plan') ?? ''}`} user={user} planParam={searchParams.get('plan')} billingParam={searchParams.get('billing')} />
    </div>
  );
}

function SubscriptionManager({ user, planParam, billingParam }: { user: CurrentUser; planParam: string | null; billingParam: string | null }) {
  const { data: subscription, isLoading: subscriptionLoading } = useGetMySubscriptionQuery();
  const { data: catalogue } = useGetPlansQuery();
  const [step, setStep] = useState<Step>('plans');
  const [billing, setBilling] = useState<BillingPeriod>(() => initialBillingPeriod(billingParam));
  const [selected, setSelected] = useState<PlanName>(() => initialUpgradePlan(planParam, user.plan));
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const canUpgrade = upgradesFrom(user.plan).includes(selected);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    stepHeading.current?.focus();
  }, [step]);

  return (
    <>
      <CurrentPlanCard user={user} subscription={subscription ?? null} loading={subscriptionLoading} />

      {step === 'payment' ? (
        <UpgradePaymentStep
          headingRef={stepHeading}
          planName={selected}
          plan={catalogue?.plans.find((plan) => plan.id === selected)}
          billing={billing}
          replacing={isPaidPlan(user.plan) ? user.plan : undefined}
          onBack={() => setStep('plans')}
          onUpgraded={() => setStep('plans')}
        />
      ) : (
        <section className="subscription-section" aria-labelledby="subscription-plans-title">
          <div className="subscription-section__head">
            <h2 className="subscription-section__title" id="subscription-plans-title" ref={stepHeading} tabIndex={-1}>
              Change your plan
            </h2>
            <BillingSwitch value={billing} onChange={setBilling} />
          </div>
          <PlanPicker
            name="subscription-plan"
            legend="Plan"
            hideLegend
            value={selected}
            onChange={setSelected}
            billing={billing}
            disabled={disabledPlans(user.plan, subscription?.cancelAtPeriodEnd ? { until: longDate(subscription.currentPeriodEnd ?? user.planExpiry) } : undefined)}
          />
          <div className="subscription-section__actions">
            {canUpgrade ? (
              <Button type="primary" size="large" icon={<ArrowRightOutlined />} iconPlacement="end" onClick={() => setStep('payment')}>
                Continue to Payment
              </Button>
            ) : (
              <p className="subscription-muted">You are on our highest plan. Thank you for supporting Wildframe!</p>
            )}
          </div>
        </section>
      )}

      {isPaidPlan(user.plan) && step === 'plans' && <CancelSection user={user} subscription={subscription ?? null} />}
    </>
  );
}

function CurrentPlanCard({ user, subscription, loading }: { user: CurrentUser; subscription: SubscriptionSummary | null; loading: boolean }) {
  const paid = isPaidPlan(user.plan);
  const until = longDate(subscription?.currentPeriodEnd ?? user.planExpiry);
  let detail: string;
  if (!paid) detail = 'The free plan: 250MB of storage, 5 uploads a day and basic AI analysis.';
  else if (subscription?.cancelAtPeriodEnd) detail = until ? `Canceled. You keep it until ${until}; then your account returns to Explorer.` : 'Canceled.';
  else if (subscription?.status === 'past_due') detail = 'Your last payment did not go through. Your plan continues for a few days while it is retried.';
  else if (subscription) detail = `Billed ${subscription.isAnnual ? 'annually' : 'monthly'}${until ? `, renews on ${until}` : ''}.`;
  else detail = until ? `Active until ${until}.` : 'Active.';

  return (
    <Card className="subscription-card subscription-current" aria-labelledby="current-plan-title">
      <p className="subscription-current__label" id="current-plan-title">
        Current plan
      </p>
      <div className="subscription-current__plan">
        <span className="subscription-current__name">{planDisplayName(user.plan)}</span>
        {subscription?.cancelAtPeriodEnd && <Tag color="orange">Ends {until}</Tag>}
        {subscription?.promoCode && <Tag color="gold">{subscription.promoCode}</Tag>}
      </div>
      {loading && paid ? <Skeleton active title={false} paragraph={{ rows: 1 }} /> : <p className="subscription-current__detail">{detail}</p>}
    </Card>
  );
}

function CancelSection({ user, subscription }: { user: CurrentUser; subscription: SubscriptionSummary | null }) {
  const [cancel, { isLoading }] = useCancelSubscriptionMutation();
  const [resume, { isLoading: resuming }] = useResumeSubscriptionMutation();
  const [modal, contextHolder] = Modal.useModal();
  const planName = planDisplayName(user.plan);
  const until = longDate(subscription?.currentPeriodEnd ?? user.planExpiry);

  const resumePlan = async () => {
    try {
      const { subscription: resumed } = await resume().unwrap();
      const renews = longDate(resumed.currentPeriodEnd);
      notify.success(NOTICES.subscriptionResumed, renews ? `Your ${planName} plan renews on ${renews}.` : `Your ${planName} plan renews as before.`);
    } catch {
      notify.error(NOTICES.resumeFailed, NOTICES.resumeFailedDescription);
    }
  };

  if (subscription?.cancelAtPeriodEnd) {
    return (
      <section className="subscription-card subscription-cancel" aria-labelledby="cancel-title">
        <h2 className="subscription-section__title" id="cancel-title">
          Subscription canceled
        </h2>
        <p className="subscription-muted">
          <CalendarOutlined aria-hidden="true" /> You keep {planName} until {until ?? 'the end of this billing period'}. After that your
          account returns to the free Explorer plan, and your photos stay yours.
        </p>
        <p className="subscription-muted">Changed your mind? Resume before then and {planName} renews as before, on the same card.</p>
        <Button type="primary" icon={<ReloadOutlined />} loading={resuming} onClick={() => void resumePlan()}>
          Resume Subscription
        </Button>
      </section>
    );
  }

  const confirmCancel = () => {
    void modal.confirm({
      title: `Cancel your ${planName} subscription?`,
      icon: <WarningOutlined />,
      content: (
        <p>
          You keep {planName} until {until ?? 'the end of this billing period'}. Then your account returns to Explorer: 250MB of storage, 5
          uploads a day, 10MB per photo, and no AI editing tips.
        </p>
      ),
      okText: 'Cancel Subscription',
      okButtonProps: { danger: true },
      cancelText: 'Keep My Plan',
      onOk: async () => {
        try {
          await cancel().unwrap();
          notify.success(NOTICES.subscriptionCanceled, NOTICES.subscriptionCanceledDescription);
        } catch {
          notify.error(NOTICES.cancellationFailed, NOTICES.cancellationFailedDescription);
        }
      },
    });
  };

  return (
    <section className="subscription-card subscription-cancel" aria-labelledby="cancel-title">
      {contextHolder}
      <h2 className="subscription-section__title" id="cancel-title">
        Cancel subscription
      </h2>
      <p className="subscription-muted">
        Canceling stops future payments. You keep {planName} until the end of the period you have paid for
        {until ? ` (${until})` : ''}, then your account returns to the free Explorer plan.
      </p>
      <Button danger loading={isLoading} onClick={confirmCancel}>
        Cancel Subscription
      </Button>
    </section>
  );
}
