import type { Subscription } from './subscription';
import { periodEnd } from './pricing';
import { periodStart, upgradeCreditCents } from './proration';

const DAY = 24 * 60 * 60 * 1000;

function subscription(overrides: Partial<Subscription>): Subscription {
  const createdAt = new Date('2026-01-31T10:00:00Z');
  return {
    id: 's',
    userId: 'u',
    plan: 'enthusiast',
    isAnnual: true,
    status: 'active',
    provider: 'sandbox',
    providerCustomerId: 'c',
    providerSubscriptionId: 'p',
    currentPeriodEnd: periodEnd(createdAt, true),
    cancelAtPeriodEnd: false,
    promoCode: null,
    endedAt: null,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

describe('upgrade credit', () => {
  it('inverts periodEnd, month ends included', () => {
    for (const start of ['2026-01-31T10:00:00Z', '2026-03-15T23:59:59Z', '2024-02-29T00:00:00Z']) {
      for (const isAnnual of [false, true]) {
        const end = periodEnd(new Date(start), isAnnual);
        expect(periodEnd(periodStart(end, isAnnual), isAnnual)).toEqual(end);
      }
    }
  });

  it('credits the unused part of the paid period by time', () => {
    const annual = subscription({});
    const start = annual.createdAt.getTime();
    expect(upgradeCreditCents(annual, new Date(start))).toBe(8400);
    expect(upgradeCreditCents(annual, new Date(start + 3600_000))).toBe(Math.floor((8400 * (365 * DAY - 3600_000)) / (365 * DAY)));
    const end = (annual.currentPeriodEnd as Date).getTime();
    expect(upgradeCreditCents(annual, new Date(start + (end - start) / 2))).toBe(4200);
    expect(upgradeCreditCents(annual, new Date(end))).toBe(0);
  });

  it('credits what the period cost: the promo price in its first three months', () => {
    const createdAt = new Date('2026-01-31T10:00:00Z');
    const monthly = (periodFrom: Date) => subscription({ isAnnual: false, promoCode: 'Launch2025', createdAt, currentPeriodEnd: periodEnd(periodFrom, false) });
    expect(upgradeCreditCents(monthly(createdAt), createdAt)).toBe(675);
    const fourth = new Date('2026-04-30T10:00:00Z');
    expect(upgradeCreditCents(monthly(fourth), fourth)).toBe(900);
  });

  it('credits nothing for an unpaid or missing subscription', () => {
    const now = new Date('2026-02-10T10:00:00Z');
    expect(upgradeCreditCents(undefined, now)).toBe(0);
    expect(upgradeCreditCents(subscription({ status: 'past_due' }), now)).toBe(0);
    expect(upgradeCreditCents(subscription({ status: 'incomplete', currentPeriodEnd: null }), now)).toBe(0);
  });
});
