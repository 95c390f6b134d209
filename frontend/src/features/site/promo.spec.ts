import { LAUNCH_PROMO, shouldShowPromo } from './promo';

describe('LAUNCH_PROMO', () => {
  it('is the spec offer: 25% off the first 3 months with Launch2025', () => {
    expect(LAUNCH_PROMO).toEqual({ code: 'Launch2025', percentOff: 25, months: 3 });
  });
});

describe('shouldShowPromo', () => {
  const base = { dismissed: false, userLoading: false };

  it('shows the offer to visitors and Explorer members', () => {
    expect(shouldShowPromo({ ...base, user: null })).toBe(true);
    expect(shouldShowPromo({ ...base, user: { plan: 'explorer' } })).toBe(true);
  });

  it('hides it from members who already pay', () => {
    expect(shouldShowPromo({ ...base, user: { plan: 'enthusiast' } })).toBe(false);
    expect(shouldShowPromo({ ...base, user: { plan: 'professional' } })).toBe(false);
  });

  it('hides it once dismissed, and while the user is still loading', () => {
    expect(shouldShowPromo({ ...base, dismissed: true, user: null })).toBe(false);
    expect(shouldShowPromo({ ...base, userLoading: true, user: undefined })).toBe(false);
  });
});
