import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Skeleton } from 'antd';
import { useCallback, useEffect, useRef, useState, type Ref } from 'react';
import { errorStatus, serverMessage } from '../../api/server-message';
import type { PlanDefinition, PlanName } from '../../api/types';
import { notify, NOTICES } from '../../app/notify';
import { planDisplayName, type BillingPeriod } from '../plans/plan-pricing';
import { useCompleteSubscriptionUpgradeMutation, useGetOrCreateSubscriptionMutation, type UpgradePayment } from './api';
import { CardEntry, type CardEntryHandle } from './card-entry';
import { OrderSummaryCard } from './order-summary-card';
import './billing.css';

interface UpgradePaymentStepProps {
  headingRef: Ref<HTMLHeadingElement>;
  planName: PlanName;
  plan: PlanDefinition | undefined;
  billing: BillingPeriod;
  /** The paid plan the upgrade replaces, if any. */
  replacing?: PlanName;
  onBack: () => void;
  /** After the upgrade went through (the user is on the new plan). */
  onUpgraded: () => void;
}

/** Where Stripe returns after a bank's own check; the page then says 'Payment Successful'. */
export const UPGRADE_RETURN_PATH = '/subscription?success=true';

/**
 * The subscription screen's payment step (spec, "Upgrade" states): a subscription on the chosen
 * plan is created, its first payment is confirmed with a card, then the upgrade is completed and
 * the user's data refreshed. A declined card changes nothing.
 */
export function UpgradePaymentStep({ headingRef, planName, plan, billing, replacing, onBack, onUpgraded }: UpgradePaymentStepProps) {
  const [getOrCreate] = useGetOrCreateSubscriptionMutation();
  const [completeUpgrade] = useCompleteSubscriptionUpgradeMutation();
  const [payment, setPayment] = useState<UpgradePayment | null>(null);
  const [setupError, setSetupError] = useState<string | null>(null);
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const card = useRef<CardEntryHandle>(null);
  const isAnnual = billing === 'annual';
  const appliedPromo = billing === 'monthly' ? promoCode : null;

  const complete = useCallback(async (): Promise<void> => {
    try {
      await completeUpgrade({ plan: planName, isAnnual }).unwrap();
    } catch {
      notify.error(NOTICES.subscriptionError, NOTICES.subscriptionErrorUpgradeDescription);
      return;
    }
    notify.success(NOTICES.subscriptionUpdated, `You are now on the ${planDisplayName(planName)} plan.`);
    onUpgraded();
  }, [completeUpgrade, planName, isAnnual, onUpgraded]);

  // Only the latest request's answer counts (the visitor may switch plans while one is out).
  const latest = useRef(0);
  const prepared = useRef<string | null>(null);

  const prepare = useCallback(async () => {
    const request = ++latest.current;
    setPayment(null);
    setSetupError(null);
    try {
      const result = await getOrCreate({ plan: planName, isAnnual, promoCode: appliedPromo ?? undefined }).unwrap();
      if (request !== latest.current) return;
      if (result.status === 'requires_payment_method' && result.clientSecret) {
        setPayment(result);
      } else if (result.status === 'active') {
        await complete();
      } else {
        setSetupError(NOTICES.setupErrorUpgradeDescription);
        notify.error(NOTICES.setupError, NOTICES.setupErrorUpgradeDescription);
      }
    } catch (error) {
      if (request !== latest.current) return;
      const status = errorStatus(error);
      const message = status !== undefined && status < 500 ? (serverMessage(error) ?? NOTICES.setupErrorUpgradeDescription) : NOTICES.setupErrorUpgradeDescription;
      setSetupError(message);
      notify.error(NOTICES.setupError, message);
    }
  }, [getOrCreate, planName, isAnnual, appliedPromo, complete]);

  // A new plan, billing period or promo code is a new payment; the same one is asked for once
  // (React's development double effects included).
  useEffect(() => {
    const key = `${planName}|${billing}|${appliedPromo ?? ''}`;
    if (prepared.current === key) return;
    prepared.current = key;
    void prepare();
  }, [prepare, planName, billing, appliedPromo]);

  const pay = async () => {
    if (!payment?.clientSecret || submitting) return;
    setSubmitting(true);
    try {
      const outcome = await card.current?.confirm();
      if (!outcome || outcome.status === 'invalid') return;
      if (outcome.status !== 'confirmed') {
        notify.error(NOTICES.paymentFailed, outcome.message);
        return;
      }
      await complete();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card className="billing-step">
      <h2 className="billing-step__title" ref={headingRef} tabIndex={-1}>
        Complete Your Upgrade
      </h2>
      <p className="billing-step__lead">
        Upgrade to <strong>{planDisplayName(planName)}</strong>. Your new plan starts as soon as the payment goes through
        {replacing ? (
          <>, and your {planDisplayName(replacing)} subscription stops then: it is not charged again, and the time you have paid for and not used comes off this payment, and whatever is left of it off your next payments.</>
        ) : (
          '.'
        )}
      </p>
      {plan && (
        <OrderSummaryCard
          plan={plan}
          billing={billing}
          promoCode={appliedPromo}
          onPromoCodeChange={setPromoCode}
          disabled={submitting}
          upgrade={{ charge: payment ? { replacingName: replacing ? planDisplayName(replacing) : null, credit: payment.credit, amountDue: payment.amountDue, creditCarried: payment.creditCarried } : null, unavailable: setupError !== null }}
        />
      )}

      {setupError && (
        <Alert
          className="billing-step__alert"
          type="error"
          showIcon
          title={NOTICES.setupError}
          description={setupError}
          action={
            <Button size="small" onClick={() => void prepare()}>
              Try Again
            </Button>
          }
        />
      )}
      {!payment && !setupError && <Skeleton active title={false} paragraph={{ rows: 3 }} />}
      {payment?.clientSecret && (
        <CardEntry
          key={payment.clientSecret}
          ref={card}
          mode="payment"
          clientSecret={payment.clientSecret}
          returnPath={UPGRADE_RETURN_PATH}
          disabled={submitting}
          onSubmit={() => void pay()}
        />
      )}

      <div className="billing-step__actions">
        <Button icon={<ArrowLeftOutlined />} onClick={onBack} disabled={submitting}>
          Back
        </Button>
        <Button type="primary" size="large" loading={submitting} disabled={!payment?.clientSecret} onClick={() => void pay()}>
          {payment ? `Pay $${payment.amountDue.toFixed(2)} and Upgrade` : 'Pay and Upgrade'}
        </Button>
      </div>
    </Card>
  );
}
