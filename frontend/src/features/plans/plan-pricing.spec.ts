import type { PlanDefinition } from '../../api/types';
import { formatUsd, isPaidPlan, isPlanName, planDisplayName, planPrice } from './plan-pricing';

const explorer: PlanDefinition = {
  id: 'explorer',
  name: 'Explorer',
  monthlyPrice: 0,
  annualMonthlyPrice: 0,
  annualPrice: 0,
  annualSavings: null,
  limits: { storageMB: 250, dailyUploads: 5, fileSizeMB: 10 },
  editingTips: 'none',
  features: ['250MB storage'],
  comingSoon: [],
};

const enthusiast: PlanDefinition = {
  ...explorer,
  id: 'enthusiast',
  name: 'Enthusiast',
  monthlyPrice: 9,
  annualMonthlyPrice: 7,
  annualPrice: 84,
  annualSavings: 'Save $24/year',
};

describe('planPrice', () => {
  it('shows the annual price per month, the yearly total and the saving', () => {
    expect(planPrice(enthusiast, 'annual')).toEqual({
      amount: '$7',
      period: '/month',
      note: 'Billed annually ($84/year)',
      savings: 'Save $24/year',
    });
  });

  it('shows the monthly price without a saving', () => {
    expect(planPrice(enthusiast, 'monthly')).toEqual({
      amount: '$9',
      period: '/month',
      note: 'Billed monthly',
      savings: null,
    });
  });

  it('shows the free plan as free whatever the billing period', () => {
    expect(planPrice(explorer, 'annual')).toEqual(planPrice(explorer, 'monthly'));
    expect(planPrice(explorer, 'annual').note).toBe('Free forever');
  });
});

describe('formatUsd', () => {
  it('drops the cents of whole amounts only', () => {
    expect(formatUsd(19)).toBe('$19');
    expect(formatUsd(6.75)).toBe('$6.75');
  });
});

describe('plan names', () => {
  it('recognises the three plans only', () => {
    expect(['explorer', 'enthusiast', 'professional'].every(isPlanName)).toBe(true);
    expect(isPlanName('Enthusiast')).toBe(false);
    expect(isPlanName(null)).toBe(false);
  });

  it('knows which plans are paid and how they are named', () => {
    expect(isPaidPlan('explorer')).toBe(false);
    expect(isPaidPlan('professional')).toBe(true);
    expect(planDisplayName('professional')).toBe('Professional');
  });
});
