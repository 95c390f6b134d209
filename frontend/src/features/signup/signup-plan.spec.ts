import { initialBillingPeriod, initialSignupPlan } from './signup-plan';

describe('initialSignupPlan', () => {
  it('preselects the plan named in the link and asks for the banner', () => {
    expect(initialSignupPlan('explorer')).toEqual({ plan: 'explorer', fromLink: true });
    expect(initialSignupPlan('Professional')).toEqual({ plan: 'professional', fromLink: true });
  });

  it('starts on enthusiast without a banner when no valid plan is named', () => {
    expect(initialSignupPlan(null)).toEqual({ plan: 'enthusiast', fromLink: false });
    expect(initialSignupPlan('')).toEqual({ plan: 'enthusiast', fromLink: false });
    expect(initialSignupPlan('platinum')).toEqual({ plan: 'enthusiast', fromLink: false });
  });
});

describe('initialBillingPeriod', () => {
  it('starts monthly only when the link says so; annual otherwise', () => {
    expect(initialBillingPeriod('monthly')).toBe('monthly');
    expect(initialBillingPeriod(' Monthly ')).toBe('monthly');
    expect(initialBillingPeriod('annual')).toBe('annual');
    expect(initialBillingPeriod(null)).toBe('annual');
    expect(initialBillingPeriod('weekly')).toBe('annual');
  });
});
