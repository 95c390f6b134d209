import type { ProviderSubscription } from './payment-provider';
import { applyProviderState, isDueToExpire } from './subscription-state';
import type { SubscriptionState } from './subscription-state';

const END = new Date('2026-02-15T10:00:00Z');
const LATER = new Date('2026-03-15T10:00:00Z');

const incomplete: SubscriptionState = { status: 'incomplete', plan: 'enthusiast', isAnnual: false, currentPeriodEnd: null, cancelAtPeriodEnd: false };
const active: SubscriptionState = { ...incomplete, status: 'active', currentPeriodEnd: END };

function remote(overrides: Partial<ProviderSubscription>): ProviderSubscription {
  return {
    id: 'sub_1',
    customerId: 'cus_1',
    status: 'active',
    currentPeriodEnd: END,
    cancelAtPeriodEnd: false,
    price: { plan: 'enthusiast', isAnnual: false },
    pendingPayment: null,
    amountDueCents: 0,
    creditToCarryCents: 0,
    ...overrides,
  };
}

describe('applying the provider state to a subscription', () => {
  it('announces activation once when the first payment arrives', () => {
    const first = applyProviderState(incomplete, remote({}));
    expect(first.next).toEqual(active);
    expect(first.notices).toEqual([{ kind: 'activated', plan: 'enthusiast', isAnnual: false, periodEnd: END }]);
    expect(applyProviderState(first.next, remote({})).notices).toEqual([]);
  });

  it('stays incomplete, announcing nothing, while the payment is outstanding', () => {
    expect(applyProviderState(incomplete, remote({ status: 'incomplete', currentPeriodEnd: null }))).toEqual({ next: incomplete, notices: [] });
  });

  it('announces a renewal (new period end) as an activation', () => {
    expect(applyProviderState(active, remote({ currentPeriodEnd: LATER })).notices).toEqual([
      { kind: 'activated', plan: 'enthusiast', isAnnual: false, periodEnd: LATER },
    ]);
  });

  it('announces cancellation at period end once, with the end as the access limit', () => {
    const canceled = applyProviderState(active, remote({ cancelAtPeriodEnd: true }));
    expect(canceled.notices).toEqual([{ kind: 'canceled', plan: 'enthusiast', accessUntil: END }]);
    expect(applyProviderState(canceled.next, remote({ cancelAtPeriodEnd: true })).notices).toEqual([]);
  });

  it('keeps the plan quietly while a renewal is unpaid, and announces the recovery', () => {
    const pastDue = applyProviderState(active, remote({ status: 'past_due', currentPeriodEnd: LATER }));
    expect(pastDue.next.status).toBe('past_due');
    expect(pastDue.notices).toEqual([]);
    expect(applyProviderState(pastDue.next, remote({ currentPeriodEnd: LATER })).notices).toEqual([
      { kind: 'activated', plan: 'enthusiast', isAnnual: false, periodEnd: LATER },
    ]);
  });

  it('expires a live subscription that ended, and abandons one never paid', () => {
    expect(applyProviderState(active, remote({ status: 'ended' }))).toEqual({
      next: { ...active, status: 'ended' },
      notices: [{ kind: 'expired', previousPlan: 'enthusiast' }],
    });
    expect(applyProviderState(incomplete, remote({ status: 'ended' }))).toEqual({ next: { ...incomplete, status: 'abandoned' }, notices: [] });
  });

  it('ignores anything said about a subscription that is over (replaced by an upgrade, ended)', () => {
    for (const status of ['replaced', 'ended', 'abandoned'] as const) {
      expect(applyProviderState({ ...active, status }, remote({ status: 'ended' })).notices).toEqual([]);
      expect(applyProviderState({ ...active, status }, remote({ currentPeriodEnd: LATER })).notices).toEqual([]);
    }
  });
});

describe('expiry', () => {
  const grace = 7 * 24 * 60 * 60 * 1000;
  it('is due for a canceled subscription at its period end, and for an unpaid one after the grace period', () => {
    const canceled = { ...active, cancelAtPeriodEnd: true };
    expect(isDueToExpire(canceled, new Date(END.getTime() - 1), grace)).toBe(false);
    expect(isDueToExpire(canceled, END, grace)).toBe(true);
    expect(isDueToExpire(active, LATER, grace)).toBe(false);
    const pastDue = { ...active, status: 'past_due' as const };
    expect(isDueToExpire(pastDue, new Date(END.getTime() + grace - 1), grace)).toBe(false);
    expect(isDueToExpire(pastDue, new Date(END.getTime() + grace), grace)).toBe(true);
  });
});
