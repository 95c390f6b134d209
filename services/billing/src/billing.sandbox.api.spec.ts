import 'reflect-metadata';
import { ServiceDatabase } from '@wildframe/platform';
import request from 'supertest';
import { createBillingTestApp } from './testing/billing-test-app';
import type { BillingTestApp } from './testing/billing-test-app';
import { PAYMENT_PROVIDER } from './domain/payment-provider';
import type { PaymentProvider } from './domain/payment-provider';

const DAY = 24 * 60 * 60 * 1000;
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const DECLINED_CARD = { ...CARD, cardNumber: '4000 0000 0000 0002' };
const RENEWAL_FAILS_CARD = { ...CARD, cardNumber: '4000 0000 0000 0341' };

describe('billing API over the sandbox provider', () => {
  let t: BillingTestApp;
  let counter = 0;

  beforeAll(async () => {
    t = await createBillingTestApp();
  });
  afterAll(() => t.close());

  let ipCounter = 0;
  /** Each call from its own address, so the per-address signup limit stays out of the other tests. */
  const post = (path: string, body: object = {}, token?: string, ip = `10.44.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`) => {
    const req = request(t.server).post(`/api${path}`).set('X-Forwarded-For', ip);
    if (token) req.set('Authorization', `Bearer ${token}`);
    return req.send(body);
  };
  const get = (path: string, token?: string) => {
    const req = request(t.server).get(`/api${path}`);
    return token ? req.set('Authorization', `Bearer ${token}`) : req;
  };

  function details(overrides: Record<string, unknown> = {}) {
    counter++;
    return { email: `Paid.${counter}@Example.com`, firstName: 'Jane', lastName: 'Goodall', password: 'chimpanzee-1', plan: 'enthusiast', isAnnual: true, ...overrides };
  }

  /** Signup through the three calls the web makes; returns the session and the user id. */
  async function paidSignup(overrides: Record<string, unknown> = {}, card = CARD, promoCode?: string) {
    const body = details(overrides);
    const setup = await post('/create-subscription-signup', body);
    expect(setup.status).toBe(200);
    expect((await post('/billing/sandbox/confirm-setup', { clientSecret: setup.body.clientSecret, ...card })).status).toBe(200);
    const done = await post('/complete-subscription', { setupIntentId: setup.body.setupIntentId, plan: body.plan, isAnnual: body.isAnnual, promoCode });
    expect(done.status).toBe(200);
    await t.bus.idle();
    return { token: done.body.sessionToken as string, userId: done.body.user.id as string, body: done.body };
  }

  const eventsFor = (userId: string) => t.events.filter((e) => (e.payload as { userId: string }).userId === userId).map((e) => e.type);

  it('tells the web which provider takes payments', async () => {
    expect((await get('/billing/config')).body).toEqual({ provider: 'sandbox' });
  });

  describe('paid signup', () => {
    it('validates the signup with the spec messages', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ email: 'not-an-email' }, 'Please enter a valid email address'],
        [{ password: 'short' }, 'Password must be at least 8 characters'],
        [{ firstName: '  ' }, 'First name is required'],
        [{ lastName: undefined }, 'Last name is required'],
        [{ plan: 'gold' }, 'Please choose a plan'],
        [{ plan: 'explorer' }, 'Please choose the Enthusiast or Professional plan'],
        [{ isAnnual: 'yes' }, 'Please choose monthly or annual billing'],
      ];
      for (const [overrides, message] of cases) {
        const res = await post('/create-subscription-signup', details(overrides));
        expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
      }
    });

    it('creates the account on its plan with an expiry once the sandbox card is confirmed', async () => {
      const body = details();
      const setup = await post('/create-subscription-signup', body);
      expect(setup.status).toBe(200);
      expect(setup.body).toEqual({ clientSecret: expect.stringMatching(/^seti_sbx_\w+_secret_\w+$/), setupIntentId: expect.stringMatching(/^seti_sbx_/) });
      expect(setup.body.clientSecret.startsWith(setup.body.setupIntentId)).toBe(true);

      // Not paid yet: nothing to complete, and the account cannot be used.
      const early = await post('/complete-subscription', { setupIntentId: setup.body.setupIntentId, plan: 'enthusiast', isAnnual: true });
      expect(early.status).toBe(402);
      expect(early.body.message).toBe('Your card has not been confirmed yet. Please enter your card details.');

      const confirmed = await post('/billing/sandbox/confirm-setup', { clientSecret: setup.body.clientSecret, ...CARD });
      expect(confirmed.body).toEqual({ setupIntentId: setup.body.setupIntentId, status: 'succeeded', paymentMethod: { brand: 'visa', last4: '4242' } });

      const done = await post('/complete-subscription', { setupIntentId: setup.body.setupIntentId, plan: 'enthusiast', isAnnual: true });
      expect(done.status).toBe(200);
      const periodEnd = new Date(t.clock.now().getTime() + 365 * DAY).toISOString();
      expect(done.body).toMatchObject({
        sessionToken: expect.any(String),
        user: { email: body.email.toLowerCase(), plan: 'enthusiast', planExpiry: periodEnd, isActive: true },
        subscription: { plan: 'enthusiast', isAnnual: true, status: 'active', currentPeriodEnd: periodEnd, cancelAtPeriodEnd: false, provider: 'sandbox' },
      });
      await t.bus.idle();
      const userId = done.body.user.id as string;
      expect(t.events.filter((e) => (e.payload as { userId: string }).userId === userId).map((e) => e.payload)).toEqual([
        expect.objectContaining({ plan: 'enthusiast', isAnnual: true, periodEnd }),
      ]);
      expect((await get('/billing/subscription', done.body.sessionToken)).body.subscription).toMatchObject({ plan: 'enthusiast', status: 'active' });

      // Completing twice opens no second session.
      const again = await post('/complete-subscription', { setupIntentId: setup.body.setupIntentId, plan: 'enthusiast', isAnnual: true });
      expect(again.status).toBe(409);
    });

    it('refuses declined and non-test cards, and keeps only brand and last four digits', async () => {
      const setup = await post('/create-subscription-signup', details());
      const declined = await post('/billing/sandbox/confirm-setup', { clientSecret: setup.body.clientSecret, ...DECLINED_CARD });
      expect({ status: declined.status, message: declined.body.message }).toEqual({ status: 402, message: 'Your card was declined.' });
      const real = await post('/billing/sandbox/confirm-setup', { clientSecret: setup.body.clientSecret, ...CARD, cardNumber: '4111 1111 1111 1111' });
      expect({ status: real.status, message: real.body.message }).toEqual({ status: 400, message: 'Sandbox payments accept test cards only: use 4242 4242 4242 4242 (no real charge).' });
      const expired = await post('/billing/sandbox/confirm-setup', { clientSecret: setup.body.clientSecret, ...CARD, expiry: '01/20' });
      expect({ status: expired.status, message: expired.body.message }).toEqual({ status: 402, message: 'Your card has expired.' });
      const badExpiry = await post('/billing/sandbox/confirm-setup', { clientSecret: setup.body.clientSecret, ...CARD, expiry: '13/30' });
      expect(badExpiry.body.message).toBe('Please enter the expiry date as MM/YY');
      const unknown = await post('/billing/sandbox/confirm-setup', { clientSecret: 'seti_sbx_nope_secret_nope', ...CARD });
      expect(unknown.status).toBe(404);
      expect((await post('/complete-subscription', { setupIntentId: setup.body.setupIntentId, plan: 'enthusiast', isAnnual: true })).status).toBe(402);

      await paidSignup();
      // The app's own connection (PostgreSQL: these API specs check the SQL rows).
      const client = t.app.get(ServiceDatabase).pool;
      const tables = await client.query<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'billing'`);
      for (const { table_name } of tables.rows) {
        const rows = await client.query(`SELECT row_to_json(t)::text AS row FROM billing.${table_name} t`);
        for (const { row } of rows.rows as Array<{ row: string }>) expect(row).not.toMatch(/4242424242424242|4242 4242/);
      }
      const methods = await client.query('SELECT brand, last4 FROM billing.sandbox_payment_methods');
      expect(methods.rows).toContainEqual({ brand: 'visa', last4: '4242' });
    });

    it('refuses an address that has an account, and lets a retried signup replace its unpaid one', async () => {
      const { body } = await paidSignup();
      const taken = await post('/create-subscription-signup', details({ email: body.user.email }));
      expect({ status: taken.status, message: taken.body.message }).toEqual({ status: 409, message: 'An account with this email already exists' });

      const first = await post('/create-subscription-signup', details({ email: 'twice@example.com' }));
      const second = await post('/create-subscription-signup', details({ email: 'twice@example.com', plan: 'professional' }));
      expect(second.status).toBe(200);
      expect((await post('/billing/sandbox/confirm-setup', { clientSecret: first.body.clientSecret, ...CARD })).status).toBe(404);
      expect([...t.auth.accounts.values()].filter((a) => a.email === 'twice@example.com')).toHaveLength(1);
    });

    it('an abandoned checkout never blocks its address: a free signup replaces it, and paying the old one afterwards charges nothing', async () => {
      const body = details();
      const email = body.email.toLowerCase();
      const setup = await post('/create-subscription-signup', body);
      expect((await post('/billing/sandbox/confirm-setup', { clientSecret: setup.body.clientSecret, ...CARD })).status).toBe(200);
      const pendingId = [...t.auth.accounts.values()].find((a) => a.email === email)?.id;

      // The visitor gave up on paying and signs up free with the same address (auth replaces the pending account).
      const free = t.auth.signUpFree(email);
      expect(free.userId).not.toBe(pendingId);

      // The old checkout, finished later in another tab, is refused before any charge.
      const late = await post('/complete-subscription', { setupIntentId: setup.body.setupIntentId, plan: body.plan, isAnnual: body.isAnnual });
      expect(late.body).toEqual({ statusCode: 409, message: 'A newer signup with this email address replaced this one. Please sign in, or sign up again.' });
      const client = t.app.get(ServiceDatabase).pool;
      const charged = await client.query(
        `SELECT s.id FROM billing.sandbox_subscriptions s JOIN billing.sandbox_setup_intents i ON i.customer_id = s.customer_id WHERE i.id = $1`,
        [setup.body.setupIntentId],
      );
      expect(charged.rows).toEqual([]);
      expect(t.auth.planOf(free.userId)).toEqual({ plan: 'explorer', planExpiry: null });
      // Given up for good: completing again is not found.
      expect((await post('/complete-subscription', { setupIntentId: setup.body.setupIntentId, plan: body.plan, isAnnual: body.isAnnual })).status).toBe(404);
    });

    it('holds the pending account while its payment is taken, and activation ends the hold', async () => {
      const body = details();
      const setup = await post('/create-subscription-signup', body);
      await post('/billing/sandbox/confirm-setup', { clientSecret: setup.body.clientSecret, ...CARD });
      const pending = [...t.auth.accounts.values()].find((a) => a.email === body.email.toLowerCase());
      const holds: boolean[] = [];
      // What the account looked like when the provider was asked to charge: held.
      const provider = t.app.get<PaymentProvider>(PAYMENT_PROVIDER);
      const create = provider.createSubscription.bind(provider);
      const spy = jest.spyOn(provider, 'createSubscription').mockImplementation(async (input) => {
        holds.push(t.auth.accounts.get(pending?.id ?? '')?.held === true);
        return create(input);
      });
      try {
        expect((await post('/complete-subscription', { setupIntentId: setup.body.setupIntentId, plan: body.plan, isAnnual: body.isAnnual })).status).toBe(200);
      } finally {
        spy.mockRestore();
      }
      expect(holds).toEqual([true]);
      expect(t.auth.accounts.get(pending?.id ?? '')).toMatchObject({ isActive: true, held: false });
    });

    it('applies Launch2025 to monthly plans only: 25 % off the first three months', async () => {
      const annual = await post('/complete-subscription', { setupIntentId: 'seti_sbx_x', plan: 'enthusiast', isAnnual: true, promoCode: 'Launch2025' });
      expect(annual.body.message).toBe('The Launch2025 code applies to monthly billing only');
      const bogus = await post('/complete-subscription', { setupIntentId: 'seti_sbx_x', plan: 'enthusiast', isAnnual: false, promoCode: 'FREEPHOTOS' });
      expect(bogus.body.message).toBe('This promo code is not valid');

      const { body, userId } = await paidSignup({ isAnnual: false }, CARD, 'launch2025');
      expect(body.subscription).toMatchObject({ isAnnual: false, promoCode: 'Launch2025' });
      for (let month = 0; month < 4; month++) {
        t.clock.advance(32 * DAY);
        await t.runJobs();
      }
      // The app's own connection (PostgreSQL: these API specs check the SQL rows).
      const client = t.app.get(ServiceDatabase).pool;
      const invoices = await client.query<{ amount_cents: number; status: string }>(
        `SELECT i.amount_cents, i.status FROM billing.sandbox_invoices i
           JOIN billing.sandbox_subscriptions s ON s.id = i.subscription_id
           JOIN billing.subscriptions l ON l.provider_subscription_id = s.id
          WHERE l.user_id = $1 ORDER BY i.period_start`,
        [userId],
      );
      expect(invoices.rows.map((r) => [r.amount_cents, r.status])).toEqual([
        [675, 'paid'],
        [675, 'paid'],
        [675, 'paid'],
        [900, 'paid'],
        [900, 'paid'],
      ]);
      // Each renewal moved the plan's expiry on.
      expect(eventsFor(userId)).toEqual(Array(5).fill('billing.subscription.activated.v1'));
      expect(new Date(t.auth.planOf(userId)?.planExpiry ?? 0).getTime()).toBeGreaterThan(t.clock.now().getTime());
    });

    it('lets one address start 5 paid signups an hour: each reserves an e-mail address', async () => {
      const ip = '10.45.0.1';
      for (let i = 0; i < 5; i++) expect((await post('/create-subscription-signup', details(), undefined, ip)).status).toBe(200);
      const sixth = details();
      expect((await post('/create-subscription-signup', sixth, undefined, ip)).body).toEqual({ statusCode: 429, message: 'Too many signups from this address. Please try again later.' });
      // Nothing was reserved for the refused one: its address can sign up from elsewhere.
      expect((await post('/create-subscription-signup', sixth)).status).toBe(200);
      t.clock.advance(3600_000);
      expect((await post('/create-subscription-signup', details(), undefined, ip)).status).toBe(200);
    });

    it('counts the signups of every billing replica against one limit per address', async () => {
      const other = await createBillingTestApp({}, t.databaseUrl);
      try {
        other.clock.set(t.clock.now());
        const ip = '10.46.0.1';
        const fromOther = () => request(other.server).post('/api/create-subscription-signup').set('X-Forwarded-For', ip).send(details());
        for (let i = 0; i < 3; i++) expect((await post('/create-subscription-signup', details(), undefined, ip)).status).toBe(200);
        for (let i = 0; i < 2; i++) expect((await fromOther()).status).toBe(200);
        expect((await post('/create-subscription-signup', details(), undefined, ip)).status).toBe(429);
        expect((await fromOther()).status).toBe(429);
      } finally {
        await other.close();
      }
    });

    it('groups IPv6 addresses by their /64: a new address in the same network is not a new allowance', async () => {
      for (let i = 1; i <= 5; i++) expect((await post('/create-subscription-signup', details(), undefined, `2001:db8:46:1::${i}`)).status).toBe(200);
      expect((await post('/create-subscription-signup', details(), undefined, '2001:db8:46:1:ffff::6')).status).toBe(429);
      expect((await post('/create-subscription-signup', details(), undefined, '2001:db8:46:2::1')).status).toBe(200);
    });

    it('gives up signups left unpaid, with their inactive accounts', async () => {
      const body = details();
      const setup = await post('/create-subscription-signup', body);
      expect([...t.auth.accounts.values()].some((a) => a.email === body.email.toLowerCase())).toBe(true);
      t.clock.advance(25 * 60 * 60 * 1000);
      await t.runJobs();
      expect([...t.auth.accounts.values()].some((a) => a.email === body.email.toLowerCase())).toBe(false);
      expect((await post('/complete-subscription', { setupIntentId: setup.body.setupIntentId, plan: 'enthusiast', isAnnual: true })).status).toBe(404);
    });
  });

  describe('upgrades', () => {
    it('needs a signed-in caller', async () => {
      expect((await post('/get-or-create-subscription', { plan: 'professional', isAnnual: true })).status).toBe(401);
      expect((await post('/complete-subscription-upgrade', { plan: 'professional', isAnnual: true })).status).toBe(401);
      expect((await post('/cancel-subscription')).status).toBe(401);
      expect((await post('/resume-subscription')).status).toBe(401);
      expect((await get('/billing/subscription')).status).toBe(401);
    });

    it('upgrades explorer to enthusiast after the payment, and answers the same payment twice', async () => {
      const { userId, token } = t.auth.signUpFree('free-upgrader@example.com');
      const payment = await post('/get-or-create-subscription', { plan: 'enthusiast', isAnnual: false }, token);
      expect(payment.body).toMatchObject({
        status: 'requires_payment_method',
        clientSecret: expect.stringMatching(/^pi_sbx_\w+_secret_\w+$/),
        plan: 'enthusiast',
        isAnnual: false,
        amountDue: 9,
        credit: 0,
        currency: 'usd',
        promoCode: null,
      });
      const again = await post('/get-or-create-subscription', { plan: 'enthusiast', isAnnual: false }, token);
      expect(again.body.subscriptionId).toBe(payment.body.subscriptionId);
      // A promo changes the price: the unpaid subscription is replaced by a discounted one.
      const promo = await post('/get-or-create-subscription', { plan: 'enthusiast', isAnnual: false, promoCode: 'Launch2025' }, token);
      expect(promo.body).toMatchObject({ amountDue: 6.75, promoCode: 'Launch2025' });
      expect(promo.body.subscriptionId).not.toBe(payment.body.subscriptionId);
      expect((await post('/billing/sandbox/confirm-payment', { clientSecret: payment.body.clientSecret, ...CARD })).status).toBe(404);

      expect((await post('/billing/sandbox/confirm-payment', { clientSecret: promo.body.clientSecret, ...CARD })).body).toMatchObject({ status: 'succeeded' });
      const done = await post('/complete-subscription-upgrade', { plan: 'enthusiast', isAnnual: false }, token);
      expect(done.body).toMatchObject({ plan: 'enthusiast', planExpiry: expect.any(String), subscription: { status: 'active', promoCode: 'Launch2025' } });
      await t.bus.idle();
      expect(t.auth.planOf(userId)).toEqual({ plan: 'enthusiast', planExpiry: done.body.planExpiry });
      // A retry answers the same result and announces nothing new.
      expect((await post('/complete-subscription-upgrade', { plan: 'enthusiast', isAnnual: false }, token)).status).toBe(200);
      await t.bus.idle();
      expect(eventsFor(userId)).toEqual(['billing.subscription.activated.v1']);
    });

    it('credits a same-day upgrade with the unused part of the paid period, shown before paying and charged', async () => {
      const { token, body } = await paidSignup({ isAnnual: true });
      const start = t.clock.now().getTime();
      const end = new Date(body.subscription.currentPeriodEnd as string).getTime();
      t.clock.advance(6 * 60 * 60 * 1000);
      const credit = Math.floor((8400 * (end - t.clock.now().getTime())) / (end - start));
      expect(credit).toBeLessThan(8400);

      const payment = await post('/get-or-create-subscription', { plan: 'professional', isAnnual: true }, token);
      expect(payment.body).toMatchObject({ status: 'requires_payment_method', amountDue: (18000 - credit) / 100, credit: credit / 100 });
      expect((await post('/billing/sandbox/confirm-payment', { clientSecret: payment.body.clientSecret, ...CARD })).status).toBe(200);
      expect((await post('/complete-subscription-upgrade', { plan: 'professional', isAnnual: true }, token)).body).toMatchObject({ plan: 'professional' });

      // The app's own connection (PostgreSQL: these API specs check the SQL rows).
      const client = t.app.get(ServiceDatabase).pool;
      const charged = await client.query<{ amount_cents: number; status: string }>('SELECT amount_cents, status FROM billing.sandbox_invoices WHERE subscription_id = $1', [payment.body.subscriptionId]);
      expect(charged.rows).toEqual([{ amount_cents: 18000 - credit, status: 'paid' }]);
    });

    it('upgrades enthusiast to professional; a declined card changes nothing', async () => {
      const { token, userId } = await paidSignup();
      const payment = await post('/get-or-create-subscription', { plan: 'professional', isAnnual: true }, token);
      // Upgraded the moment the annual plan was paid: all of it comes off.
      expect(payment.body).toMatchObject({ status: 'requires_payment_method', amountDue: 96, credit: 84 });

      const declined = await post('/billing/sandbox/confirm-payment', { clientSecret: payment.body.clientSecret, ...DECLINED_CARD });
      expect({ status: declined.status, message: declined.body.message }).toEqual({ status: 402, message: 'Your card was declined.' });
      const notPaid = await post('/complete-subscription-upgrade', { plan: 'professional', isAnnual: true }, token);
      expect({ status: notPaid.status, message: notPaid.body.message }).toEqual({ status: 402, message: 'The payment for this upgrade has not been completed.' });
      await t.bus.idle();
      expect(t.auth.planOf(userId)?.plan).toBe('enthusiast');
      expect(eventsFor(userId)).toEqual(['billing.subscription.activated.v1']);

      // The same payment succeeds with a good card.
      expect((await post('/billing/sandbox/confirm-payment', { clientSecret: payment.body.clientSecret, ...CARD })).status).toBe(200);
      const done = await post('/complete-subscription-upgrade', { plan: 'professional', isAnnual: true }, token);
      expect(done.body).toMatchObject({ plan: 'professional', subscription: { plan: 'professional', status: 'active' } });
      await t.bus.idle();
      expect(t.auth.planOf(userId)?.plan).toBe('professional');
      // The enthusiast subscription was replaced, not expired: no trip back to explorer.
      expect(eventsFor(userId)).toEqual(['billing.subscription.activated.v1', 'billing.subscription.activated.v1']);
      expect((await get('/billing/subscription', token)).body.subscription).toMatchObject({ plan: 'professional' });

      const same = await post('/get-or-create-subscription', { plan: 'professional', isAnnual: false }, token);
      expect({ status: same.status, message: same.body.message }).toEqual({ status: 409, message: 'You are already on the Professional plan' });
      const lower = await post('/get-or-create-subscription', { plan: 'enthusiast', isAnnual: true }, token);
      expect(lower.status).toBe(400);
      // The replaced subscription is never renewed (charged) again.
      t.clock.advance(400 * DAY);
      await t.runJobs();
      expect(eventsFor(userId).filter((type) => type === 'billing.subscription.expired.v1')).toHaveLength(0);
      t.clock.advance(-400 * DAY);
    });
  });

  describe('cancellation and expiry', () => {
    it('keeps the plan until the period ends, then the job returns the user to explorer', async () => {
      const { token, userId, body } = await paidSignup({ plan: 'professional', isAnnual: false });
      const periodEnd = body.subscription.currentPeriodEnd as string;
      const canceled = await post('/cancel-subscription', {}, token);
      expect(canceled.body).toMatchObject({ accessUntil: periodEnd, subscription: { cancelAtPeriodEnd: true, status: 'active' } });
      expect((await post('/cancel-subscription', {}, token)).body.accessUntil).toBe(periodEnd);
      await t.bus.idle();
      expect(eventsFor(userId)).toEqual(['billing.subscription.activated.v1', 'billing.subscription.canceled.v1']);
      expect(t.auth.planOf(userId)).toEqual({ plan: 'professional', planExpiry: periodEnd });

      t.clock.set(new Date(new Date(periodEnd).getTime() - 60_000));
      await t.runJobs();
      expect(t.auth.planOf(userId)?.plan).toBe('professional');

      t.clock.set(new Date(new Date(periodEnd).getTime() + 60_000));
      await t.runJobs();
      expect(t.auth.planOf(userId)).toEqual({ plan: 'explorer', planExpiry: null });
      expect(eventsFor(userId)).toEqual(['billing.subscription.activated.v1', 'billing.subscription.canceled.v1', 'billing.subscription.expired.v1']);
      expect((await get('/billing/subscription', token)).body).toEqual({ subscription: null });
      const nothing = await post('/cancel-subscription', {}, token);
      expect({ status: nothing.status, message: nothing.body.message }).toEqual({ status: 404, message: 'You have no paid subscription to cancel' });
    });

    it('takes a cancellation back before the period ends, so the plan renews as before', async () => {
      const { token, userId, body } = await paidSignup({ isAnnual: false });
      const periodEnd = body.subscription.currentPeriodEnd as string;
      // Not canceled: nothing to take back, nothing changes.
      expect((await post('/resume-subscription', {}, token)).body).toMatchObject({ subscription: { cancelAtPeriodEnd: false, status: 'active' } });
      expect((await post('/cancel-subscription', {}, token)).body.subscription).toMatchObject({ cancelAtPeriodEnd: true });

      const resumed = await post('/resume-subscription', {}, token);
      expect({ status: resumed.status, subscription: resumed.body.subscription }).toMatchObject({
        status: 200,
        subscription: { cancelAtPeriodEnd: false, status: 'active', currentPeriodEnd: periodEnd },
      });
      expect((await get('/billing/subscription', token)).body.subscription).toMatchObject({ cancelAtPeriodEnd: false });
      expect((await post('/resume-subscription', {}, token)).status).toBe(200);

      // At the period end it renews instead of ending.
      t.clock.set(new Date(new Date(periodEnd).getTime() + 60_000));
      await t.runJobs();
      expect(t.auth.planOf(userId)?.plan).toBe('enthusiast');
      expect(new Date(t.auth.planOf(userId)?.planExpiry ?? 0).getTime()).toBeGreaterThan(new Date(periodEnd).getTime());
      expect(eventsFor(userId)).toEqual(['billing.subscription.activated.v1', 'billing.subscription.canceled.v1', 'billing.subscription.activated.v1']);
    });

    it('refuses to resume once the period is over', async () => {
      const { token, body } = await paidSignup({ isAnnual: false });
      const periodEnd = new Date(body.subscription.currentPeriodEnd as string);
      await post('/cancel-subscription', {}, token);
      // Over, but the job has not run yet.
      t.clock.set(new Date(periodEnd.getTime() + 60_000));
      const late = await post('/resume-subscription', {}, token);
      expect({ status: late.status, message: late.body.message }).toEqual({ status: 409, message: 'Your subscription is not canceled, or its period has already ended' });
      await t.runJobs();
      const gone = await post('/resume-subscription', {}, token);
      expect({ status: gone.status, message: gone.body.message }).toEqual({ status: 404, message: 'You have no paid subscription to resume' });
    });

    it('a failed renewal keeps the plan through the grace period, then expires it', async () => {
      const { userId, token } = await paidSignup({ isAnnual: false }, RENEWAL_FAILS_CARD);
      const periodEnd = new Date(t.auth.planOf(userId)?.planExpiry ?? 0);

      t.clock.set(new Date(periodEnd.getTime() + 60_000));
      await t.runJobs();
      expect((await get('/billing/subscription', token)).body.subscription).toMatchObject({ status: 'past_due' });
      expect(t.auth.planOf(userId)?.plan).toBe('enthusiast');

      t.clock.set(new Date(periodEnd.getTime() + 6 * DAY));
      await t.runJobs();
      expect(t.auth.planOf(userId)?.plan).toBe('enthusiast');

      t.clock.set(new Date(periodEnd.getTime() + 7 * DAY + 60_000));
      await t.runJobs();
      expect(t.auth.planOf(userId)?.plan).toBe('explorer');
      expect(eventsFor(userId)).toEqual(['billing.subscription.activated.v1', 'billing.subscription.expired.v1']);
    });
  });

  describe('account changes made in auth', () => {
    const provider = () => t.app.get<PaymentProvider>(PAYMENT_PROVIDER);
    const subscriptionOf = async (token: string) => (await get('/billing/subscription', token)).body.subscription as { id: string } | null;
    const rowsOf = async (userId: string) => {
      // The app's own connection (PostgreSQL: these API specs check the SQL rows).
      const client = t.app.get(ServiceDatabase).pool;
      return (await client.query('SELECT status, provider_subscription_id AS "providerId" FROM billing.subscriptions WHERE user_id = $1 ORDER BY created_at', [userId])).rows as Array<{ status: string; providerId: string }>;
    };

    it("a deleted account's subscription ends at the provider at once, without a plan event", async () => {
      const { userId } = await paidSignup({ plan: 'professional', isAnnual: false });
      const [row] = await rowsOf(userId);
      expect((await provider().getSubscription(row?.providerId ?? '')).status).toBe('active');

      const event = { userId, deletedAt: t.clock.now().toISOString() };
      await t.bus.publish('auth.user.deleted.v1', event, { key: userId });
      await t.bus.publish('auth.user.deleted.v1', event, { key: userId });
      await t.bus.idle();
      expect(await rowsOf(userId)).toEqual([{ status: 'ended', providerId: row?.providerId }]);
      expect((await provider().getSubscription(row?.providerId ?? '')).status).toBe('ended');
      expect(eventsFor(userId)).toEqual(['billing.subscription.activated.v1']);
      expect(t.bus.deadLetters()).toEqual([]);
    });

    it("an admin's plan change ends the paid subscription, so no renewal overrides it or charges the card", async () => {
      const { userId, token } = await paidSignup({ isAnnual: false });
      const periodEnd = new Date(t.auth.planOf(userId)?.planExpiry ?? 0);
      // A plan change billing itself caused changes nothing here.
      await t.bus.publish('auth.user.plan-changed.v1', { userId, plan: 'enthusiast', previousPlan: 'explorer', planExpiry: periodEnd.toISOString(), changedAt: t.clock.now().toISOString(), source: 'billing' }, { key: userId });
      await t.bus.idle();
      expect(await subscriptionOf(token)).not.toBeNull();

      await t.bus.publish('auth.user.plan-changed.v1', { userId, plan: 'professional', previousPlan: 'enthusiast', planExpiry: '', changedAt: t.clock.now().toISOString(), source: 'admin' }, { key: userId });
      await t.bus.idle();
      expect(await subscriptionOf(token)).toBeNull();
      expect((await rowsOf(userId)).map((r) => r.status)).toEqual(['ended']);

      // Past the old period end nothing renews or expires: the admin's plan stands.
      t.clock.set(new Date(periodEnd.getTime() + 60_000));
      await t.runJobs();
      expect(eventsFor(userId)).toEqual(['billing.subscription.activated.v1']);
    });

    it('leaves a subscription started after the change alone', async () => {
      const { userId, token } = await paidSignup({ isAnnual: false });
      const before = new Date(t.clock.now().getTime() - 60_000).toISOString();
      await t.bus.publish('auth.user.plan-changed.v1', { userId, plan: 'explorer', previousPlan: 'enthusiast', planExpiry: '', changedAt: before, source: 'admin' }, { key: userId });
      await t.bus.idle();
      expect(await subscriptionOf(token)).toMatchObject({ status: 'active' });
    });
  });
});
