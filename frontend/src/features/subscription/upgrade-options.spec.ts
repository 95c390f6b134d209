import { disabledPlans, initialUpgradePlan, upgradesFrom } from './upgrade-options';

describe('upgrade options', () => {
  it('disables the current plan and every lower one with the spec texts', () => {
    expect(disabledPlans('explorer')).toEqual({ explorer: 'Current Plan' });
    expect(disabledPlans('enthusiast')).toEqual({ enthusiast: 'Current Plan', explorer: 'Use Cancel Button Below' });
    expect(disabledPlans('professional')).toEqual({
      professional: 'Current Plan',
      explorer: 'Use Cancel Button Below',
      enthusiast: 'Contact Support to Downgrade',
    });
    expect(upgradesFrom('enthusiast')).toEqual(['professional']);
    expect(upgradesFrom('professional')).toEqual([]);
  });

  it('once canceled, Explorer is what the account returns to, not a cancel button away', () => {
    expect(disabledPlans('enthusiast', { until: 'June 24, 2027' })).toEqual({ enthusiast: 'Current Plan', explorer: 'Yours from June 24, 2027' });
    expect(disabledPlans('professional', { until: null })).toEqual({
      professional: 'Current Plan',
      explorer: 'Yours from the end of this period',
      enthusiast: 'Contact Support to Downgrade',
    });
  });

  it('preselects ?plan= when it is an upgrade, else the next tier up', () => {
    expect(initialUpgradePlan('professional', 'explorer')).toBe('professional');
    expect(initialUpgradePlan('Enthusiast', 'explorer')).toBe('enthusiast');
    expect(initialUpgradePlan('enthusiast', 'professional')).toBe('professional');
    expect(initialUpgradePlan('enthusiast', 'enthusiast')).toBe('professional');
    expect(initialUpgradePlan(null, 'explorer')).toBe('enthusiast');
    expect(initialUpgradePlan('gold', 'enthusiast')).toBe('professional');
  });
});
