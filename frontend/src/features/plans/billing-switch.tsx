import { Switch } from 'antd';
import { useId } from 'react';
import type { BillingPeriod } from './plan-pricing';
import './plans.css';

interface BillingSwitchProps {
  value: BillingPeriod;
  onChange: (billing: BillingPeriod) => void;
}

/** The monthly/annual switch above the plan cards. */
export function BillingSwitch({ value, onChange }: BillingSwitchProps) {
  const annual = value === 'annual';
  const hintId = useId();
  return (
    <div className="billing-switch">
      <span className={`billing-switch__label${annual ? '' : ' billing-switch__label--active'}`} aria-hidden="true">
        Monthly
      </span>
      <Switch
        checked={annual}
        onChange={(checked) => onChange(checked ? 'annual' : 'monthly')}
        aria-label="Annual billing"
        aria-describedby={hintId}
      />
      <span className={`billing-switch__label${annual ? ' billing-switch__label--active' : ''}`} aria-hidden="true">
        Annual
      </span>
      <span id={hintId} className="billing-switch__hint">
        {annual ? 'Billed once a year, at a lower monthly price' : 'Billed every month'}
      </span>
    </div>
  );
}
