import { CheckCircleFilled } from '@ant-design/icons';
import { Alert, Button, Skeleton } from 'antd';
import type { PlanName } from '../../api/types';
import { useGetPlansQuery } from './api';
import { PlanCard } from './plan-card';
import { planPrice, type BillingPeriod } from './plan-pricing';
import './plans.css';

interface PlanPickerProps {
  /** Name of the radio group (one per form). */
  name: string;
  legend: string;
  /** Keep the legend for assistive technology only, when a visible heading already names the group. */
  hideLegend?: boolean;
  value: PlanName;
  onChange: (plan: PlanName) => void;
  billing: BillingPeriod;
  /** Plans that cannot be chosen here, with the reason shown on their card. */
  disabled?: Partial<Record<PlanName, string>>;
}

/**
 * The three plan cards as one radio group: the whole card is the choice, arrow keys move between
 * plans. Signup uses it, and the subscription screen can.
 */
export function PlanPicker({ name, legend, hideLegend = false, value, onChange, billing, disabled = {} }: PlanPickerProps) {
  const { data, isLoading, isError, refetch } = useGetPlansQuery();

  if (isLoading) {
    return (
      <div className="plan-grid" role="status" aria-label="Loading plans">
        {[0, 1, 2].map((key) => (
          <div key={key} className="plan-card plan-card--placeholder">
            <Skeleton active title={{ width: '50%' }} paragraph={{ rows: 5 }} />
          </div>
        ))}
      </div>
    );
  }
  if (isError || !data) {
    return (
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
    );
  }

  return (
    <fieldset className="plan-picker">
      <legend className={hideLegend ? 'visually-hidden' : 'plan-picker__legend'}>{legend}</legend>
      <div className="plan-grid">
        {data.plans.map((plan) => {
          const selected = plan.id === value;
          const disabledReason = disabled[plan.id];
          const price = planPrice(plan, billing);
          return (
            <label
              key={plan.id}
              className={`plan-option${selected ? ' plan-option--selected' : ''}${disabledReason ? ' plan-option--disabled' : ''}`}
            >
              <input
                type="radio"
                className="plan-option__input"
                name={name}
                value={plan.id}
                checked={selected}
                disabled={Boolean(disabledReason)}
                onChange={() => onChange(plan.id)}
                aria-label={`${plan.name} plan, ${price.amount}${price.period}`}
              />
              <PlanCard
                plan={plan}
                billing={billing}
                selected={selected}
                footer={
                  <span className="plan-option__state" aria-hidden="true">
                    {disabledReason ??
                      (selected ? (
                        <>
                          <CheckCircleFilled /> Selected
                        </>
                      ) : (
                        `Choose ${plan.name}`
                      ))}
                  </span>
                }
              />
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
