import { pricingAction } from './pricing-actions';

describe('pricing card actions', () => {
  it('sends visitors to signup with the plan chosen', () => {
    expect(pricingAction('explorer', null)).toEqual({ kind: 'link', to: '/signup?plan=explorer', label: 'Get Started Free' });
    expect(pricingAction('professional', null)).toEqual({ kind: 'link', to: '/signup?plan=professional', label: 'Choose Professional' });
  });

  it('marks the current plan and lower tiers, and upgrades through the subscription screen', () => {
    expect(pricingAction('enthusiast', 'enthusiast')).toEqual({ kind: 'disabled', label: 'Current Plan' });
    expect(pricingAction('explorer', 'enthusiast')).toEqual({ kind: 'disabled', label: 'Lower Tier' });
    expect(pricingAction('professional', 'enthusiast')).toEqual({ kind: 'link', to: '/subscription?plan=professional', label: 'Upgrade to Professional' });
    expect(pricingAction('enthusiast', 'explorer')).toEqual({ kind: 'link', to: '/subscription?plan=enthusiast', label: 'Upgrade to Enthusiast' });
  });
});

describe('pricingAction carries the billing period', () => {
  it('adds billing=monthly to the signup and upgrade links when monthly is chosen; annual is the default', () => {
    expect(pricingAction('enthusiast', null, 'monthly')).toEqual({ kind: 'link', to: '/signup?plan=enthusiast&billing=monthly', label: 'Choose Enthusiast' });
    expect(pricingAction('enthusiast', null, 'annual')).toEqual({ kind: 'link', to: '/signup?plan=enthusiast', label: 'Choose Enthusiast' });
    expect(pricingAction('professional', 'explorer', 'monthly')).toEqual({ kind: 'link', to: '/subscription?plan=professional&billing=monthly', label: 'Upgrade to Professional' });
  });
});
