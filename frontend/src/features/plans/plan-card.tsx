import { CheckOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import type { PlanDefinition } from '../../api/types';
import { planPrice, type BillingPeriod } from './plan-pricing';
import './plans.css';

export interface PlanCardProps {
  plan: PlanDefinition;
  billing: BillingPeriod;
  /** Drawn as the chosen plan (signup, subscription) or the current one (pricing). */
  selected?: boolean;
  /** A ribbon above the name, e.g. 'Most Popular' or 'Current Plan'. */
  ribbon?: string;
  /** Heading level of the plan name, to fit the page's outline. */
  headingLevel?: 2 | 3;
  /** The card's action: a link, a button or a "Selected" mark. */
  footer?: ReactNode;
}

/**
 * One plan as a card: name, price for the billing period, yearly saving, features and what is
 * coming soon. Shared by signup, pricing and subscription; the page supplies the action.
 */
export function PlanCard({ plan, billing, selected = false, ribbon, headingLevel = 3, footer }: PlanCardProps) {
  const price = planPrice(plan, billing);
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={`plan-card${selected ? ' plan-card--selected' : ''}`} data-plan={plan.id}>
      {ribbon && <span className="plan-card__ribbon">{ribbon}</span>}
      <Heading className="plan-card__name">{plan.name}</Heading>
      <div className="plan-card__price">
        <span className="plan-card__amount tabular-nums">{price.amount}</span>
        <span className="plan-card__period">{price.period}</span>
      </div>
      <div className="plan-card__note">
        {price.note}
        {price.savings && (
          <Tag className="plan-card__savings">
            {price.savings}
          </Tag>
        )}
      </div>
      <ul className="plan-card__features">
        {plan.features.map((feature) => (
          <li key={feature}>
            <CheckOutlined className="plan-card__check" aria-hidden="true" />
            {feature}
          </li>
        ))}
        {plan.comingSoon.map((feature) => (
          <li key={feature} className="plan-card__soon">
            <ClockCircleOutlined className="plan-card__check" aria-hidden="true" />
            {feature} <span className="plan-card__soon-label">(coming soon)</span>
          </li>
        ))}
      </ul>
      {footer && <div className="plan-card__footer">{footer}</div>}
    </div>
  );
}
