import type { PlanDefinition } from '../../api/types';
import { checkPromoCode, formatCharge, orderSummary, upgradeSummary } from './order-summary';

const enthusiast: PlanDefinition = {
  id: 'enthusiast',
  name: 'Enthusiast',
  monthlyPrice: 9,
  annualMonthlyPrice: 7,
  annualPrice: 84,
  annualSavings: 'Save $24/year',
  limits: { storageMB: 25600, dailyUploads: 999999, fileSizeMB: 20 },
  editingTips: 'standard',
  features: [],
  comingSoon: [],
};
const promo = { code: 'Launch2025', percentOff: 25, months: 3, appliesTo: 'monthly' as const };

describe('order summary', () => {
  it('charges the year up front on annual billing', () => {
    expect(orderSummary(enthusiast, 'annual', null)).toEqual({
      title: 'Enthusiast plan, billed annually',
      price: '$84.00',
      discount: null,
      dueToday: '$84.00',
      renewal: 'Renews every year at $84 ($7/month) until you cancel.',
    });
  });

  it('takes 25 % off the first three months with the promo', () => {
    expect(orderSummary(enthusiast, 'monthly', null).dueToday).toBe('$9.00');
    expect(orderSummary(enthusiast, 'monthly', promo)).toEqual({
      title: 'Enthusiast plan, billed monthly',
      price: '$9.00',
      discount: { label: '25% off your first 3 months', amount: '\u2212$2.25' },
      dueToday: '$6.75',
      renewal: '$6.75/month for your first 3 months, then $9/month until you cancel.',
    });
    expect(formatCharge(19)).toBe('$19.00');
  });

  it('accepts the promo code in any letter case, on monthly billing only', () => {
    expect(checkPromoCode(' launch2025 ', 'monthly', promo)).toEqual({ ok: true, code: 'Launch2025' });
    expect(checkPromoCode('Launch2025', 'annual', promo)).toEqual({ ok: false, message: 'The Launch2025 code applies to monthly billing only' });
    expect(checkPromoCode('SPRING', 'monthly', promo)).toEqual({ ok: false, message: 'This promo code is not valid' });
  });

  it('shows an upgrade’s credit for the replaced plan and takes what is due today from the server', () => {
    const base = orderSummary(enthusiast, 'annual', null);
    expect(upgradeSummary(base, { replacingName: 'Explorer', credit: 0, amountDue: 84, creditCarried: 0 })).toMatchObject({ credit: null, carried: null, dueToday: '$84.00' });
    expect(upgradeSummary(base, { replacingName: 'Enthusiast', credit: 83.77, amountDue: 96.23, creditCarried: 0 })).toMatchObject({
      price: '$84.00',
      credit: { label: 'Credit for unused time on your Enthusiast plan', amount: '\u2212$83.77' },
      dueToday: '$96.23',
    });
    // More credit than this payment: it is paid in full, and the rest is kept for the next payments.
    expect(upgradeSummary(orderSummary(enthusiast, 'monthly', null), { replacingName: 'Enthusiast', credit: 9, amountDue: 0, creditCarried: 74.94 })).toMatchObject({
      credit: { label: 'Credit for unused time on your Enthusiast plan', amount: '\u2212$9.00' },
      dueToday: '$0.00',
      carried: { label: 'Account credit kept for your next payments', amount: '$74.94' },
    });
    // Before the server has answered, nothing is claimed beyond the plan's own price.
    expect(upgradeSummary(base, null)).toMatchObject({ credit: null, dueToday: '$84.00' });
  });
});
