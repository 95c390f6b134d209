import { CloseOutlined, TagOutlined } from '@ant-design/icons';
import { Button, Form, Input, Tag } from 'antd';
import { useId, useState } from 'react';
import type { PlanDefinition } from '../../api/types';
import { useGetPlansQuery } from '../plans/api';
import type { BillingPeriod } from '../plans/plan-pricing';
import { checkPromoCode, orderSummary, upgradeSummary, type UpgradeCharge } from './order-summary';
import './billing.css';

interface OrderSummaryCardProps {
  plan: PlanDefinition;
  billing: BillingPeriod;
  /** The applied promo code, or null. */
  promoCode: string | null;
  onPromoCodeChange: (code: string | null) => void;
  disabled?: boolean;
  /**
   * An upgrade: the credit and the amount billing will charge (null while it is being worked out,
   * or when billing could not work it out: `unavailable`).
   */
  upgrade?: { charge: UpgradeCharge | null; unavailable?: boolean };
}

/**
 * What the visitor is about to pay: plan, billing period, today's charge and what follows. On
 * monthly billing it takes the launch promo code (spec, section 9).
 */
export function OrderSummaryCard({ plan, billing, promoCode, onPromoCodeChange, disabled = false, upgrade }: OrderSummaryCardProps) {
  const { data } = useGetPlansQuery();
  const promo = data?.promo ?? null;
  const summary = upgradeSummary(orderSummary(plan, billing, promoCode && promo ? promo : null), upgrade?.charge ?? null);
  // An upgrade's total is the server's; until it answers, none is shown, and when it could not
  // answer (the error beside says so, with Try Again) it no longer reads as being worked out.
  const totalPending = upgrade !== undefined && upgrade.charge === null;
  const totalText = !totalPending ? summary.dueToday : upgrade?.unavailable ? 'Unavailable' : 'Calculating…';
  const [entered, setEntered] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();

  const apply = () => {
    if (!promo) return;
    const checked = checkPromoCode(entered, billing, promo);
    if (!checked.ok) {
      setProblem(checked.message);
      return;
    }
    setProblem(null);
    setEntered('');
    onPromoCodeChange(checked.code);
  };

  return (
    <section className="order-summary" aria-label="Order summary">
      <dl className="order-summary__lines">
        <div className="order-summary__line">
          <dt>{summary.title}</dt>
          <dd className="tabular-nums">{summary.price}</dd>
        </div>
        {summary.discount && (
          <div className="order-summary__line order-summary__line--discount">
            <dt>
              <Tag icon={<TagOutlined />} color="gold" variant="filled" className="order-summary__promo-tag">
                {promoCode}
              </Tag>
              {summary.discount.label}
              <Button
                type="link"
                size="small"
                className="order-summary__remove"
                icon={<CloseOutlined />}
                aria-label={`Remove promo code ${promoCode ?? ''}`}
                disabled={disabled}
                onClick={() => onPromoCodeChange(null)}
              />
            </dt>
            <dd className="tabular-nums">{summary.discount.amount}</dd>
          </div>
        )}
        {summary.credit && (
          <div className="order-summary__line order-summary__line--discount">
            <dt>{summary.credit.label}</dt>
            <dd className="tabular-nums">{summary.credit.amount}</dd>
          </div>
        )}
        <div className="order-summary__line order-summary__line--total">
          <dt>Due today</dt>
          <dd className="tabular-nums">{totalText}</dd>
        </div>
        {summary.carried && (
          <div className="order-summary__line order-summary__line--carried">
            <dt>{summary.carried.label}</dt>
            <dd className="tabular-nums">{summary.carried.amount}</dd>
          </div>
        )}
      </dl>
      <p className="order-summary__renewal">{summary.renewal}</p>

      {billing === 'monthly' && !promoCode && promo && (
        <Form.Item
          className="order-summary__promo"
          label="Promo code"
          htmlFor={inputId}
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? undefined}
          layout="vertical"
        >
          <div className="order-summary__promo-row">
            <Input
              id={inputId}
              value={entered}
              maxLength={40}
              autoComplete="off"
              disabled={disabled}
              onChange={(event) => {
                setEntered(event.target.value);
                setProblem(null);
              }}
              onPressEnter={(event) => {
                event.preventDefault();
                apply();
              }}
            />
            <Button onClick={apply} disabled={disabled || entered.trim() === ''}>
              Apply
            </Button>
          </div>
        </Form.Item>
      )}
    </section>
  );
}
