import 'reflect-metadata';
import { databaseDriver } from '@wildframe/platform';
import { describeEachBackend } from '@wildframe/platform/testing';
import request from 'supertest';
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
