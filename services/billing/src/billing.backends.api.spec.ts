import 'reflect-metadata';
import { databaseDriver } from '@wildframe/platform';
import { describeEachBackend } from '@wildframe/platform/testing';
import request from 'supertest';
import { SandboxLedger } from './providers/sandbox/sandbox-ledger.repository';
import { createBillingTestApp } from './testing/billing-test-app';
import type { BillingTestApp } from './testing/billing-test-app';

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

/**
 * The billing service on each database backend (the module picks the adapters by DATABASE_URL):
 * the money flows end to end over HTTP, with the events auth acts on.
 */
describeEachBackend('billing API', (backend) => {
  let t: BillingTestApp;
  let counter = 0;

  beforeAll(async () => {
    t = await createBillingTestApp({}, backend.url);
  });
  afterAll(() => t?.close());

  const post = (path: string, body: object = {}, token?: string) => {
    const req = request(t.server).post(`/api${path}`).set('X-Forwarded-For', `10.77.0.${++counter}`);
    if (token) req.set('Authorization', `Bearer ${token}`);
    return req.send(body);
  };
  const eventsFor = (userId: string) => t.events.filter((e) => (e.payload as { userId: string }).userId === userId).map((e) => e.type);

  async function paidSignup(isAnnual: boolean) {
    const body = { email: `backend.${++counter}@example.com`, firstName: 'Mary', lastName: 'Anning', password: 'ichthyosaur-1', plan: 'enthusiast', isAnnual };
    const setup = await post('/create-subscription-signup', body);
    expect((await post('/billing/sandbox/confirm-setup', { clientSecret: setup.body.clientSecret, ...CARD })).status).toBe(200);
    const done = await post('/complete-subscription', { setupIntentId: setup.body.setupIntentId, plan: 'enthusiast', isAnnual });
    expect(done.status).toBe(200);
    await t.bus.idle();
    return { token: done.body.sessionToken as string, userId: done.body.user.id as string, periodEnd: done.body.subscription.currentPeriodEnd as string };
  }

  it('signs up on a paid plan, upgrades with a credit, cancels and resumes', async () => {
    expect(databaseDriver(t.databaseUrl)).toBe(backend.driver);
    const { token, userId } = await paidSignup(true);
    expect(t.auth.planOf(userId)?.plan).toBe('enthusiast');

    const payment = await post('/get-or-create-subscription', { plan: 'professional', isAnnual: true }, token);
    expect(payment.body).toMatchObject({ status: 'requires_payment_method', amountDue: 96, credit: 84 });
    expect((await post('/billing/sandbox/confirm-payment', { clientSecret: payment.body.clientSecret, ...CARD })).status).toBe(200);
    expect((await post('/complete-subscription-upgrade', { plan: 'professional', isAnnual: true }, token)).body).toMatchObject({ plan: 'professional' });
    await t.bus.idle();
    expect(t.auth.planOf(userId)?.plan).toBe('professional');

    expect((await post('/cancel-subscription', {}, token)).body.subscription).toMatchObject({ plan: 'professional', cancelAtPeriodEnd: true });
    expect((await post('/resume-subscription', {}, token)).body.subscription).toMatchObject({ plan: 'professional', cancelAtPeriodEnd: false });
    await t.bus.idle();
    expect(eventsFor(userId)).toEqual(['billing.subscription.activated.v1', 'billing.subscription.activated.v1', 'billing.subscription.canceled.v1']);
    const current = await request(t.server).get('/api/billing/subscription').set('Authorization', `Bearer ${token}`);
    expect(current.body.subscription).toMatchObject({ plan: 'professional', status: 'active', cancelAtPeriodEnd: false });
  });

  it('keeps an upgrade credit beyond the first payment as account credit and takes it off the renewals until used up', async () => {
    // Enthusiast annual ($84), then Professional monthly ($19) the same day.
    const { token, periodEnd } = await paidSignup(true);
    const end = new Date(periodEnd).getTime();
    const start = t.clock.now().getTime();
    t.clock.advance(6 * 60 * 60 * 1000);
    const unused = Math.floor((8400 * (end - t.clock.now().getTime())) / (end - start));
    expect(unused).toBeGreaterThan(1900);

    const payment = await post('/get-or-create-subscription', { plan: 'professional', isAnnual: false }, token);
    expect(payment.body).toMatchObject({ status: 'requires_payment_method', amountDue: 0, credit: 19, creditCarried: (unused - 1900) / 100 });
    expect((await post('/billing/sandbox/confirm-payment', { clientSecret: payment.body.clientSecret, ...CARD })).status).toBe(200);
    expect((await post('/complete-subscription-upgrade', { plan: 'professional', isAnnual: false }, token)).body).toMatchObject({ plan: 'professional' });

    // Each renewal takes what is left of the credit off its invoice, then the card pays in full.
    const ledger = t.app.get(SandboxLedger);
    for (let renewal = 0; renewal < 5; renewal++) {
      const row = await ledger.subscription(payment.body.subscriptionId);
      t.clock.set(new Date((row?.currentPeriodEnd as Date).getTime() + 60_000));
      await t.runJobs();
    }
    const invoices = (await ledger.subscription(payment.body.subscriptionId))?.invoices ?? [];
    expect(invoices.map((i) => i.status)).toEqual(['paid', 'paid', 'paid', 'paid', 'paid', 'paid']);
    const carried = unused - 1900;
    const expected = [0, ...[1, 2, 3, 4, 5].map((n) => 1900 - Math.max(0, Math.min(1900, carried - (n - 1) * 1900)))];
    expect(invoices.map((i) => i.amountCents)).toEqual(expected);
    expect(expected.at(-1)).toBe(1900);
    // Credited in all: exactly the unused value, to the cent.
    expect(invoices.reduce((sum, i) => sum + (1900 - i.amountCents), 0)).toBe(unused);
    const current = await request(t.server).get('/api/billing/subscription').set('Authorization', `Bearer ${token}`);
    expect(current.body.subscription).toMatchObject({ plan: 'professional', status: 'active' });
  });

  it('expires a canceled plan at its period end through the job, once', async () => {
    const { token, userId, periodEnd } = await paidSignup(false);
    await post('/cancel-subscription', {}, token);
    t.clock.set(new Date(new Date(periodEnd).getTime() + 60_000));
    await t.runJobs();
    await t.runJobs();
    expect(t.auth.planOf(userId)).toEqual({ plan: 'explorer', planExpiry: null });
    expect(eventsFor(userId)).toEqual(['billing.subscription.activated.v1', 'billing.subscription.canceled.v1', 'billing.subscription.expired.v1']);
  });

  it('ends the subscription of a deleted account once, however often the event arrives', async () => {
    const { token, userId } = await paidSignup(false);
    const event = { userId, deletedAt: t.clock.now().toISOString() };
    await t.bus.publish('auth.user.deleted.v1', event, { key: userId, id: `deleted-${userId}` });
    await t.bus.publish('auth.user.deleted.v1', event, { key: userId, id: `deleted-${userId}` });
    await t.bus.idle();
    const current = await request(t.server).get('/api/billing/subscription').set('Authorization', `Bearer ${token}`);
    expect(current.body).toEqual({ subscription: null });
    expect(eventsFor(userId)).toEqual(['billing.subscription.activated.v1']);
    expect(t.bus.deadLetters()).toEqual([]);
  });
});
