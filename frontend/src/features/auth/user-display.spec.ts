import { avatarInitial, displayName, planLabel } from './user-display';

describe('displayName', () => {
  it('uses the first name when there is one', () => {
    expect(displayName({ firstName: 'Ansel', email: 'ansel@example.org' })).toBe('Ansel');
  });

  it('falls back to the local part of the e-mail', () => {
    expect(displayName({ firstName: '', email: 'mary.ellen@example.org' })).toBe('mary.ellen');
    expect(displayName({ firstName: '  ', email: 'frans@example.org' })).toBe('frans');
  });
});

describe('avatarInitial', () => {
  it('takes the first letter of the first name, else of the e-mail, in capitals', () => {
    expect(avatarInitial({ firstName: 'dorothea', email: 'x@example.org' })).toBe('D');
    expect(avatarInitial({ firstName: '', email: 'vivian@example.org' })).toBe('V');
  });
});

describe('planLabel', () => {
  it('capitalises the plan and appends Plan', () => {
    expect(planLabel('explorer')).toBe('Explorer Plan');
    expect(planLabel('enthusiast')).toBe('Enthusiast Plan');
    expect(planLabel('professional')).toBe('Professional Plan');
  });
});
