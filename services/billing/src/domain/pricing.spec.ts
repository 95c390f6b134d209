import { acceptPromoCode, invoiceAmountCents, periodEnd, periodPriceCents, planRank } from './pricing';

const refuse = { invalid: () => new Error('invalid'), monthlyOnly: (code: string) => new Error(`monthly only: ${code}`) };

describe('pricing from the plan catalogue', () => {
  it('charges the catalogue prices per period, 25 % less with the promo', () => {
    expect(periodPriceCents('enthusiast', false)).toBe(900);
    expect(periodPriceCents('enthusiast', true)).toBe(8400);
    expect(periodPriceCents('professional', false)).toBe(1900);
    expect(periodPriceCents('professional', true)).toBe(18000);
    expect(invoiceAmountCents('enthusiast', false, true)).toBe(675);
    expect(invoiceAmountCents('professional', false, true)).toBe(1425);
  });

  it('orders the plans explorer < enthusiast < professional', () => {
    expect([planRank('explorer'), planRank('enthusiast'), planRank('professional')]).toEqual([0, 1, 2]);
  });

  it('accepts Launch2025 in any letter case on monthly billing only', () => {
    expect(acceptPromoCode(undefined, true, refuse)).toBeNull();
    expect(acceptPromoCode(' launch2025 ', false, refuse)).toBe('Launch2025');
    expect(() => acceptPromoCode('Launch2025', true, refuse)).toThrow('monthly only: Launch2025');
    expect(() => acceptPromoCode('SPRING', false, refuse)).toThrow('invalid');
  });

  it('ends a period one calendar month or year later, keeping month ends inside the month', () => {
    expect(periodEnd(new Date('2026-01-15T10:00:00Z'), false).toISOString()).toBe('2026-02-15T10:00:00.000Z');
    expect(periodEnd(new Date('2026-01-31T10:00:00Z'), false).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(periodEnd(new Date('2026-12-31T23:59:00Z'), false).toISOString()).toBe('2027-01-31T23:59:00.000Z');
    expect(periodEnd(new Date('2028-02-29T08:00:00Z'), true).toISOString()).toBe('2029-02-28T08:00:00.000Z');
  });
});
