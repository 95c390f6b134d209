import { ManualClock } from '@wildframe/platform';
import type { ProviderSubscription } from '../domain/payment-provider';
import { periodEnd } from '../domain/pricing';
import { stateOf } from '../domain/subscription';
import type { NewSubscription, Subscription } from '../domain/subscription';
import { subscriptionNoticeEvents } from '../domain/subscription-events';
import { applyProviderState } from '../domain/subscription-state';
import { SandboxPaymentProvider } from '../providers/sandbox/sandbox-payment-provider';
import { describeEachBackend } from '@wildframe/platform/testing';
import { openBillingStores } from '../testing/billing-backends';
import type { BillingStores } from '../testing/billing-backends';

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' };
let counter = 0;
const uniqueId = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${(counter++).toString(36)}`;

/** The repository contract, the same on PostgreSQL and on MongoDB (FerretDB here). */
describeEachBackend('billing repositories', (backend) => {
  let stores: BillingStores;
  const clock = new ManualClock(new Date('2026-03-01T12:00:00Z'));

  beforeAll(async () => {
    stores = await openBillingStores(backend);
  });
  afterAll(async () => {
    await stores?.close();
  });

  const newSubscription = (userId: string, overrides: Partial<NewSubscription> = {}): NewSubscription => ({
    userId,
    plan: 'enthusiast',
    isAnnual: false,
    status: 'incomplete',
    provider: 'sandbox',
    providerCustomerId: uniqueId('cus'),
    providerSubscriptionId: uniqueId('sub'),
    currentPeriodEnd: null,
    promoCode: null,
    createdAt: clock.now(),
    ...overrides,
  });

  /** The provider's view of a paid subscription, as the sync applies it. */
  const paid = (row: Subscription, plan = row.plan): ProviderSubscription => ({
    id: row.providerSubscriptionId as string,
    customerId: row.providerCustomerId as string,
    status: 'active',
    currentPeriodEnd: periodEnd(clock.now(), false),
    cancelAtPeriodEnd: false,
    price: { plan, isAnnual: false },
    pendingPayment: null,
    amountDueCents: 0,
    creditToCarryCents: 0,
  });

  /** What SubscriptionSync does with a provider view: the next state and its notices as events. */
  const sync = (remote: ProviderSubscription, delivery?: { consumer: string; eventId: string }) => {
    const now = clock.now();
    return stores.subscriptions.transition(
      remote.id,
      now,
      (current) => {
        const { next, notices } = applyProviderState(stateOf(current), remote);
        return { next, detail: notices.map((n) => n.kind), events: subscriptionNoticeEvents(notices, current, now) };
      },
      delivery,
    );
  };

  const eventsOf = (userId: string) => stores.bus.published.filter((e) => e.key === userId);
  const userId = () => crypto.randomUUID();

  describe('subscriptions', () => {
    it('keeps one live subscription per user when several take over at once', async () => {
      const user = userId();
      const old = await stores.subscriptions.insert(newSubscription(user));
      await sync(paid(old));
      const upgrades = await Promise.all([1, 2, 3, 4, 5].map(() => stores.subscriptions.insert(newSubscription(user, { plan: 'professional' }))));

      const results = await Promise.all(upgrades.map((row) => sync(paid(row))));
      await stores.outbox.flush();

      const live = (await stores.subscriptions.openForUser(user, clock.now())).filter((row) => row.status === 'active' || row.status === 'past_due');
      expect(live).toHaveLength(1);
      const winner = live[0] as Subscription;
      expect(winner.plan).toBe('professional');
      expect((await stores.subscriptions.byProviderId(old.providerSubscriptionId as string))?.status).toBe('replaced');
      const others = await Promise.all(upgrades.filter((row) => row.id !== winner.id).map((row) => stores.subscriptions.byProviderId(row.providerSubscriptionId as string)));
      expect(others.map((row) => row?.status)).toEqual(['abandoned', 'abandoned', 'abandoned', 'abandoned']);
      // One activation for the first subscription, one for the upgrade that took over; the others announce nothing.
      expect(eventsOf(user).map((e) => e.topic)).toEqual(['billing.subscription.activated.v1', 'billing.subscription.activated.v1']);
      expect(eventsOf(user)[1]?.payload).toMatchObject({ plan: 'professional', subscriptionId: winner.id });
      const tookOver = results.filter((r) => r && !r.duplicate && r.detail.length > 0);
      expect(tookOver).toHaveLength(1);
      expect(tookOver[0] && !tookOver[0].duplicate && tookOver[0].superseded.map((row) => row.id).sort()).toEqual(
        [old.id, ...upgrades.filter((row) => row.id !== winner.id).map((row) => row.id)].sort(),
      );
    });

    it('gives up an unpaid subscription only while it is unpaid', async () => {
      const user = userId();
      const active = await stores.subscriptions.insert(newSubscription(user));
      await sync(paid(active));
      const unpaid = await stores.subscriptions.insert(newSubscription(user, { plan: 'professional' }));
      expect(await stores.subscriptions.abandonIncomplete(active.id, clock.now())).toBe(false);
      expect(await stores.subscriptions.abandonIncomplete(unpaid.id, clock.now())).toBe(true);
      expect(await stores.subscriptions.abandonIncomplete(unpaid.id, clock.now())).toBe(false);
      expect((await stores.subscriptions.liveForUser(user))?.id).toBe(active.id);
      expect(await stores.subscriptions.incompleteForUser(user)).toEqual([]);
    });

    it('commits a transition with its notices, and publishes them once after the flush', async () => {
      const user = userId();
      const row = await stores.subscriptions.insert(newSubscription(user));
      await stores.outbox.flush();
      const before = stores.bus.published.length;

      const result = await sync(paid(row));
      // Stored with the change, waiting for the relay.
      expect(await stores.outbox.pending()).toBe(1);
      expect(result && !result.duplicate && result.after.status).toBe('active');
      expect(await stores.outbox.flush()).toBe(1);
      expect(await stores.outbox.flush()).toBe(0);
      expect(stores.bus.published.slice(before).map((e) => [e.topic, e.key])).toEqual([['billing.subscription.activated.v1', user]]);
      expect(await stores.outbox.pending()).toBe(0);

      // The same view again: nothing to announce.
      await sync(paid(row));
      expect(await stores.outbox.flush()).toBe(0);
    });

    it('changes nothing and announces nothing for a refused transition', async () => {
      const user = userId();
      const row = await stores.subscriptions.insert(newSubscription(user));
      await sync(paid(row));
      await stores.outbox.flush();
      const published = stores.bus.published.length;

      // Refused by the decision (an ended view of a subscription that already ended).
      const ended = { ...paid(row), status: 'ended' as const };
      await sync(ended);
      await stores.outbox.flush();
      const afterEnd = stores.bus.published.length;
      expect(afterEnd).toBe(published + 1);
      await sync(paid(row));
      expect(await stores.outbox.flush()).toBe(0);
      expect((await stores.subscriptions.byProviderId(row.providerSubscriptionId as string))?.status).toBe('ended');

      // Refused by a failing decision: neither the change nor an event is stored.
      const other = await stores.subscriptions.insert(newSubscription(userId()));
      await expect(
        stores.subscriptions.transition(other.providerSubscriptionId as string, clock.now(), (current) => {
          subscriptionNoticeEvents([{ kind: 'expired', previousPlan: current.plan }], current, clock.now());
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(await stores.outbox.pending()).toBe(0);
      expect((await stores.subscriptions.byProviderId(other.providerSubscriptionId as string))?.status).toBe('incomplete');
      expect(await stores.subscriptions.transition('sub_nobody_knows', clock.now(), () => ({ next: stateOf(other), detail: null, events: [] }))).toBeUndefined();
    });

    it('applies a delivery once, even when it arrives six times at once', async () => {
      const user = userId();
      const row = await stores.subscriptions.insert(newSubscription(user));
      const delivery = { consumer: 'billing-stripe-webhook', eventId: uniqueId('evt') };

      const results = await Promise.all([1, 2, 3, 4, 5, 6].map(() => sync(paid(row), delivery)));
      await stores.outbox.flush();
      expect(results.filter((r) => r && !r.duplicate)).toHaveLength(1);
      expect(results.filter((r) => r?.duplicate)).toHaveLength(5);
      expect(eventsOf(user).map((e) => e.topic)).toEqual(['billing.subscription.activated.v1']);

      // Later: a renewal seen through a new event applies; the old event replayed does not.
      clock.advance(40 * 24 * 60 * 60 * 1000);
      expect((await sync(paid(row), delivery))?.duplicate).toBe(true);
      expect((await sync(paid(row), { ...delivery, eventId: uniqueId('evt') }))?.duplicate).toBe(false);
      await stores.outbox.flush();
      expect(eventsOf(user)).toHaveLength(2);

      // The same event may end several subscriptions (an account deletion): each once.
      const other = await stores.subscriptions.insert(newSubscription(user));
      expect((await sync({ ...paid(other), status: 'ended' }, delivery))?.duplicate).toBe(false);
    });
  });

  describe('signups and customers', () => {
    it('lets one of six concurrent completions claim a signup', async () => {
      const signup = await stores.signups.insert({
        setupIntentId: uniqueId('seti'),
        userId: userId(),
        email: `${uniqueId('a')}@example.com`,
        provider: 'sandbox',
        providerCustomerId: uniqueId('cus'),
        createdAt: clock.now(),
      });
      const claims = await Promise.all([1, 2, 3, 4, 5, 6].map(() => stores.signups.advance(signup.id, 'pending', 'subscribing')));
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await stores.signups.advance(signup.id, 'subscribing', 'subscribed', { providerSubscriptionId: 'sub_x' })).toBe(true);
      expect(await stores.signups.bySetupIntent(signup.setupIntentId)).toMatchObject({ status: 'subscribed', providerSubscriptionId: 'sub_x' });
      expect(await stores.signups.pendingForEmail(signup.email)).toEqual([]);
      await expect(stores.signups.insert({ ...signup })).rejects.toThrow();
    });

    it('finds pending signups by address and by age', async () => {
      const email = `${uniqueId('b')}@example.com`;
      const base = { userId: userId(), email, provider: 'sandbox', providerCustomerId: uniqueId('cus') };
      const old = await stores.signups.insert({ ...base, setupIntentId: uniqueId('seti'), createdAt: new Date(clock.now().getTime() - 3 * 3600_000) });
      const fresh = await stores.signups.insert({ ...base, setupIntentId: uniqueId('seti'), createdAt: clock.now() });
      expect((await stores.signups.pendingForEmail(email)).map((s) => s.id).sort()).toEqual([old.id, fresh.id].sort());
      const stale = await stores.signups.pendingCreatedBefore(new Date(clock.now().getTime() - 3600_000));
      expect(stale.map((s) => s.id)).toContain(old.id);
      expect(stale.map((s) => s.id)).not.toContain(fresh.id);
    });

    it('keeps the first customer saved for a user and provider', async () => {
      const user = userId();
      const kept = await Promise.all(['cus_a', 'cus_b', 'cus_c'].map((id) => stores.customers.save(user, 'sandbox', id)));
      expect(new Set(kept).size).toBe(1);
      expect(await stores.customers.find(user, 'sandbox')).toBe(kept[0]);
      expect(await stores.customers.find(user, 'stripe')).toBeUndefined();
    });
  });

  describe('sandbox ledger', () => {
    const provider = () => new SandboxPaymentProvider(stores.ledger, clock);

    it('charges a first payment once when it is confirmed six times at once', async () => {
      const sandbox = provider();
      const customerId = await sandbox.createCustomer({ email: 'ada@example.com', name: 'Ada', userId: userId() });
      const created = await sandbox.createSubscription({ customerId, plan: 'enthusiast', isAnnual: false, promo: true, userId: userId() });
      const secret = created.pendingPayment?.clientSecret as string;

      const outcomes = await Promise.all([1, 2, 3, 4, 5, 6].map(() => sandbox.confirmPayment(secret, CARD)));
      expect(outcomes.every((o) => o.status === 'succeeded' && o.subscriptionId === created.id)).toBe(true);
      const row = await stores.ledger.subscription(created.id);
      expect(row?.status).toBe('active');
      expect(row?.invoices.map((i) => [i.status, i.attemptCount])).toEqual([['paid', 1]]);
      // The promo's three discounted periods: one used, once.
      expect(row?.discountedPeriodsLeft).toBe(2);
      const customer = await stores.ledger.customer(customerId);
      expect(customer?.defaultPaymentMethodId).toBe(row?.defaultPaymentMethodId);
      // One card kept: the payments that lost the race removed theirs.
      expect((await stores.ledger.paymentMethodsOf(customerId)).map((m) => [m.id, m.last4])).toEqual([[row?.defaultPaymentMethodId, '4242']]);
    });

    it('renews a period once when the due work runs twice at once, and ends a canceled one at its period end', async () => {
      const sandbox = provider();
      const customerId = await sandbox.createCustomer({ email: 'grace@example.com', name: 'Grace', userId: userId() });
      const setup = await sandbox.createSetupIntent(customerId);
      const confirmed = await sandbox.confirmSetup(setup.clientSecret, CARD);
      const paymentMethodId = confirmed.setupIntent.paymentMethodId as string;
      const renewing = await sandbox.createSubscription({ customerId, plan: 'professional', isAnnual: false, promo: false, paymentMethodId, userId: userId() });
      const canceling = await sandbox.createSubscription({ customerId, plan: 'enthusiast', isAnnual: false, promo: false, paymentMethodId, userId: userId() });
      await sandbox.cancelAtPeriodEnd(canceling.id);
      const firstEnd = renewing.currentPeriodEnd as Date;

      clock.set(new Date(firstEnd.getTime() + 1000));
      const runs = await Promise.all([sandbox.runDueWork(clock.now()), sandbox.runDueWork(clock.now())]);
      // Other tests' subscriptions share the ledger: only these two are checked.
      expect(runs.flat()).toEqual(expect.arrayContaining([renewing.id, canceling.id]));

      const renewed = await stores.ledger.subscription(renewing.id);
      expect(renewed?.invoices.map((i) => i.status)).toEqual(['paid', 'paid']);
      expect(renewed?.currentPeriodEnd).toEqual(periodEnd(firstEnd, false));
      expect((await stores.ledger.subscription(canceling.id))?.status).toBe('canceled');
      const again = await sandbox.runDueWork(clock.now());
      expect(again).not.toContain(renewing.id);
      expect(again).not.toContain(canceling.id);
    });

    it('applies concurrent changes of one subscription one after the other', async () => {
      const sandbox = provider();
      const customerId = await sandbox.createCustomer({ email: 'lin@example.com', name: 'Lin', userId: userId() });
      const created = await sandbox.createSubscription({ customerId, plan: 'enthusiast', isAnnual: false, promo: false, userId: userId() });
      await Promise.all(
        [1, 2, 3, 4, 5, 6].map(() =>
          stores.ledger.changeSubscription(created.id, (current) => ({
            next: { ...current, invoices: current.invoices.map((invoice) => ({ ...invoice, attemptCount: invoice.attemptCount + 1 })) },
            result: null,
          })),
        ),
      );
      expect((await stores.ledger.subscription(created.id))?.invoices.map((i) => i.attemptCount)).toEqual([6]);
      expect(await stores.ledger.changeSubscription('sub_sbx_missing', () => ({ next: null, result: null }))).toBeUndefined();
    });

    it('records each change of an account credit once per key, and never spends the same credit twice', async () => {
      const sandbox = provider();
      const customerId = await sandbox.createCustomer({ email: 'noor@example.com', name: 'Noor', userId: userId() });
      expect(await stores.ledger.changeCredit(customerId, 'carry:sub_a', () => 1000, clock.now())).toBe(1000);
      // The same key six times at once: recorded once.
      const again = await Promise.all([1, 2, 3, 4, 5, 6].map(() => stores.ledger.changeCredit(customerId, 'carry:sub_a', () => 1000, clock.now())));
      expect(again).toEqual([1000, 1000, 1000, 1000, 1000, 1000]);
      // Six invoices of 400 at once: 1000 of credit pays 400 + 400 + 200, nothing more.
      const spent = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => stores.ledger.changeCredit(customerId, `invoice:in_${n}`, (balance) => -Math.min(balance, 400), clock.now())));
      expect(spent.reduce((sum, cents) => sum + cents, 0)).toBe(-1000);
      expect([...spent].sort((a, b) => a - b)).toEqual([-400, -400, -200, 0, 0, 0]);
      expect(await stores.ledger.creditBalance(customerId)).toBe(0);
      expect(await stores.ledger.creditEntry(customerId, 'carry:sub_a')).toMatchObject({ key: 'carry:sub_a', amountCents: 1000 });
    });

    it('takes account credit off first invoices and renewals once when they race, and gives back what a voided invoice took', async () => {
      const sandbox = provider();
      const customerId = await sandbox.createCustomer({ email: 'ines@example.com', name: 'Ines', userId: userId() });
      const setup = await sandbox.createSetupIntent(customerId);
      const paymentMethodId = (await sandbox.confirmSetup(setup.clientSecret, CARD)).setupIntent.paymentMethodId as string;
      await stores.ledger.changeCredit(customerId, 'carry:sub_given', () => 1000, clock.now());

      // Two upgrades asked for at once, each 900 (Enthusiast monthly): the 1000 pays 900 and 100.
      const [a, b] = await Promise.all([1, 2].map(() => sandbox.createSubscription({ customerId, plan: 'enthusiast', isAnnual: false, promo: false, userId: userId() })));
      expect([a?.amountDueCents, b?.amountDueCents].sort((x = 0, y = 0) => x - y)).toEqual([0, 800]);
      expect(await sandbox.accountCreditCents(customerId)).toBe(0);
      // One is given up: its invoice is voided and the credit it took comes back, once.
      const givenUp = a?.amountDueCents === 0 ? (a as { id: string }) : (b as { id: string });
      await Promise.all([sandbox.cancelNow(givenUp.id), sandbox.cancelNow(givenUp.id)]);
      expect(await sandbox.accountCreditCents(customerId)).toBe(900);

      // A renewal that two due-work runs race for takes the credit once.
      const renewing = await sandbox.createSubscription({ customerId, plan: 'professional', isAnnual: false, promo: false, paymentMethodId, userId: userId() });
      expect(await sandbox.accountCreditCents(customerId)).toBe(0);
      expect((await stores.ledger.subscription(renewing.id))?.invoices.map((i) => i.amountCents)).toEqual([1000]);
      await stores.ledger.changeCredit(customerId, 'carry:sub_more', () => 2500, clock.now());
      clock.set(new Date((renewing.currentPeriodEnd as Date).getTime() + 1000));
      await Promise.all([sandbox.runDueWork(clock.now()), sandbox.runDueWork(clock.now())]);
      const renewed = await stores.ledger.subscription(renewing.id);
      expect(renewed?.invoices.map((i) => [i.amountCents, i.status])).toEqual([
        [1000, 'paid'],
        [0, 'paid'],
      ]);
      // 2500 less the 1900 renewal, and the 100 the other upgrade took: unpaid for 23 hours, it expired in the same run.
      expect(await sandbox.accountCreditCents(customerId)).toBe(700);
    });

    it('gives back the account credit a renewal took when its invoice is voided unpaid', async () => {
      const sandbox = provider();
      const customerId = await sandbox.createCustomer({ email: 'oona@example.com', name: 'Oona', userId: userId() });
      const setup = await sandbox.createSetupIntent(customerId);
      // A card whose later charges fail: the renewal goes past_due.
      const paymentMethodId = (await sandbox.confirmSetup(setup.clientSecret, { ...CARD, cardNumber: '4000 0000 0000 0341' })).setupIntent.paymentMethodId as string;
      const created = await sandbox.createSubscription({ customerId, plan: 'professional', isAnnual: false, promo: false, paymentMethodId, userId: userId() });
      await stores.ledger.changeCredit(customerId, 'carry:sub_some', () => 500, clock.now());
      clock.set(new Date((created.currentPeriodEnd as Date).getTime() + 1000));
      await sandbox.runDueWork(clock.now());
      const pastDue = await stores.ledger.subscription(created.id);
      expect([pastDue?.status, pastDue?.invoices.map((i) => i.amountCents)]).toEqual(['past_due', [1900, 1400]]);
      expect(await sandbox.accountCreditCents(customerId)).toBe(0);
      await sandbox.cancelNow(created.id);
      await sandbox.cancelNow(created.id);
      expect(await sandbox.accountCreditCents(customerId)).toBe(500);
    });

    it('saves one card when a setup is confirmed twice at once', async () => {
      const sandbox = provider();
      const customerId = await sandbox.createCustomer({ email: 'mae@example.com', name: 'Mae', userId: userId() });
      const setup = await sandbox.createSetupIntent(customerId);
      const [a, b] = await Promise.all([sandbox.confirmSetup(setup.clientSecret, CARD), sandbox.confirmSetup(setup.clientSecret, CARD)]);
      expect(a.setupIntent.paymentMethodId).toBe(b.setupIntent.paymentMethodId);
      expect((await stores.ledger.customer(customerId))?.defaultPaymentMethodId).toBe(a.setupIntent.paymentMethodId);
      expect((await stores.ledger.paymentMethodsOf(customerId)).map((m) => m.id)).toEqual([a.setupIntent.paymentMethodId]);
      await sandbox.cancelSetupIntent(setup.id);
      expect((await sandbox.getSetupIntent(setup.id)).status).toBe('succeeded');
    });
  });
});
