import { ArrowLeftOutlined, LockOutlined } from '@ant-design/icons';
import { Alert, Button, Card } from 'antd';
import type { Ref } from 'react';
import type { PlanDefinition, PlanName } from '../../api/types';
import { planDisplayName, planPrice, type BillingPeriod } from '../plans/plan-pricing';

interface PaymentStepProps {
  headingRef: Ref<HTMLHeadingElement>;
  planName: PlanName;
  /** The plan from the catalogue, when it has loaded. */
  plan: PlanDefinition | undefined;
  billing: BillingPeriod;
  submitting: boolean;
  onBack: () => void;
  onContinueFree: () => void;
}

/**
 * The second signup step for a paid plan. Card payment arrives with billing; until then this step
 * says so and offers the free Explorer plan instead of a payment form.
 */
export function PaymentStep({ headingRef, planName, plan, billing, submitting, onBack, onContinueFree }: PaymentStepProps) {
  const price = plan ? planPrice(plan, billing) : null;
  return (
    <Card className="auth-card payment-step">
      <h2 className="signup-section__title" ref={headingRef} tabIndex={-1}>
        Complete Your Subscription
      </h2>
      <p className="payment-step__summary">
        You chose the <strong>{planDisplayName(planName)}</strong> plan
        {price && (
          <>
            {' '}
            at <strong className="tabular-nums">{`${price.amount}${price.period}`}</strong> ({price.note.toLowerCase()})
          </>
        )}
        .
      </p>
      <Alert
        className="auth-note"
        type="info"
        showIcon
        icon={<LockOutlined />}
        title="Secure card payment for paid plans is being connected."
        description="It is not available yet. You can create your account on the free Explorer plan now and upgrade whenever card payment is ready."
      />
      <div className="auth-actions payment-step__actions">
        <Button icon={<ArrowLeftOutlined />} onClick={onBack} disabled={submitting}>
          Back
        </Button>
        <Button type="primary" size="large" loading={submitting} onClick={onContinueFree}>
          Continue with the free Explorer plan
        </Button>
      </div>
    </Card>
  );
}
