import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Skeleton } from 'antd';
import { useCallback, useEffect, useRef, useState, type Ref } from 'react';
import { useNavigate } from 'react-router';
import { errorStatus, serverMessage } from '../../api/server-message';
import type { PlanDefinition, PlanName } from '../../api/types';
import { notify, NOTICES } from '../../app/notify';
import { planDisplayName, type BillingPeriod } from '../plans/plan-pricing';
import { useCompleteSubscriptionMutation, useCreateSubscriptionSignupMutation, type SignupSetup } from './api';
import { CardEntry, type CardEntryHandle } from './card-entry';
import { OrderSummaryCard } from './order-summary-card';
import './billing.css';

export interface SignupPaymentDetails {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

interface SignupPaymentStepProps {
  headingRef: Ref<HTMLHeadingElement>;
  details: SignupPaymentDetails;
  planName: PlanName;
  /** The plan from the catalogue, once it has loaded. */
  plan: PlanDefinition | undefined;
  billing: BillingPeriod;
  onBack: () => void;
}

/** The setup's message for a failed call: the server's for what the visitor can act on. */
function setupFailureMessage(error: unknown): string {
  const status = errorStatus(error);
  const message = serverMessage(error);
  return status !== undefined && status < 500 && message ? message : NOTICES.setupErrorSignupDescription;
}

/**
 * Signup's payment step for a paid plan (spec, "Signup" states): a payment setup is created for
 * the new account, the card is confirmed, then completing the subscription signs the member in
 * on the paid plan and goes home.
 */
export function SignupPaymentStep({ headingRef, details, planName, plan, billing, onBack }: SignupPaymentStepProps) {
  const [createSetup] = useCreateSubscriptionSignupMutation();
  const [completeSubscription] = useCompleteSubscriptionMutation();
  const [setup, setSetup] = useState<SignupSetup | null>(null);
  const [setupError, setSetupError] = useState<string | null>(null);
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const card = useRef<CardEntryHandle>(null);
  const requested = useRef(false);
  const navigate = useNavigate();
  const isAnnual = billing === 'annual';

  const startSetup = useCallback(async () => {
    setSetupError(null);
    try {
      setSetup(await createSetup({ ...details, plan: planName, isAnnual }).unwrap());
    } catch (error) {
      const message = setupFailureMessage(error);
      setSetupError(message);
      notify.error(NOTICES.setupError, message);
    }
  }, [createSetup, details, planName, isAnnual]);

  // One setup per visit to this step (React's development double effects included).
  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    void startSetup();
  }, [startSetup]);

  // A promo code applies to monthly billing only.
  const appliedPromo = billing === 'monthly' ? promoCode : null;

  const pay = async () => {
    if (!setup || submitting) return;
    setSubmitting(true);
    try {
      const outcome = await card.current?.confirm();
      if (!outcome || outcome.status === 'invalid') return;
      if (outcome.status !== 'confirmed') {
        notify.error(NOTICES.paymentSetupFailed, outcome.message);
        return;
      }
      try {
        await completeSubscription({ setupIntentId: setup.setupIntentId, plan: planName, isAnnual, promoCode: appliedPromo ?? undefined }).unwrap();
      } catch {
        notify.error(NOTICES.subscriptionError, NOTICES.subscriptionErrorSignupDescription);
        return;
      }
      notify.success(NOTICES.welcome);
      await navigate('/');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card className="auth-card payment-step">
      <h2 className="signup-section__title" ref={headingRef} tabIndex={-1}>
        Complete Your Subscription
      </h2>
      <p className="payment-step__summary">
        Your <strong>{planDisplayName(planName)}</strong> plan starts as soon as your card is confirmed. Your account is{' '}
        <strong className="payment-step__email">{details.email}</strong>.
      </p>

      {plan && <OrderSummaryCard plan={plan} billing={billing} promoCode={appliedPromo} onPromoCodeChange={setPromoCode} disabled={submitting} />}

      {setupError && (
        <Alert
          className="payment-step__alert"
          type="error"
          showIcon
          title={NOTICES.setupError}
          description={setupError}
          action={
            <Button size="small" onClick={() => void startSetup()}>
              Try Again
            </Button>
          }
        />
      )}
      {!setup && !setupError && <Skeleton active title={false} paragraph={{ rows: 3 }} />}
      {setup && <CardEntry ref={card} mode="setup" clientSecret={setup.clientSecret} returnPath="/" disabled={submitting} onSubmit={() => void pay()} />}

      <div className="auth-actions payment-step__actions">
        <Button icon={<ArrowLeftOutlined />} onClick={onBack} disabled={submitting}>
          Back
        </Button>
        <Button type="primary" size="large" loading={submitting} disabled={!setup} onClick={() => void pay()}>
          Start Subscription
        </Button>
      </div>
    </Card>
  );
}
