import 'reflect-metadata';
import { AuthModule, authConfigSchema } from '@wildframe/auth';
import { BillingJobs, BillingModule, billingConfigSchema } from '@wildframe/billing';
import { PhotosModule, photosConfigSchema } from '@wildframe/photos';
import { loadConfig } from '@wildframe/platform';
import { createServiceTestApp } from '@wildframe/platform/testing';
import type { ServiceTestApp } from '@wildframe/platform/testing';
import request from 'supertest';

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const DECLINED_CARD = { ...CARD, cardNumber: '4000 0000 0000 0002' };
const ACCOUNT = { email: 'paid.member@example.com', firstName: 'Ansel', lastName: 'Adams', password: 'half-dome-1927' };

/**
 * Billing composed with the real auth and photos services over the sandbox: the plan auth reports
 * (GET /api/auth/user) and the limits photos applies (GET /api/upload-limits) follow every billing
 * step — paid signup, a refused upgrade, an upgrade, cancellation, and the scheduled expiry.
 */
describe('billing with auth and photos: plan and limits follow the subscription', () => {
  let t: ServiceTestApp;

  beforeAll(async () => {
    t = await createServiceTestApp(({ DATABASE_URL, STORAGE_DIR }) => [
      AuthModule.register(loadConfig('auth', authConfigSchema, { DATABASE_URL, STORAGE_DIR })),
      BillingModule.register(loadConfig('billing', billingConfigSchema, { DATABASE_URL, BILLING_JOB_INTERVAL_SECONDS: '0' })),
      PhotosModule.register(loadConfig('photos', photosConfigSchema, { DATABASE_URL, STORAGE_DIR })),
    ]);
  });
  afterAll(() => t.close());

  const post = (path: string, body: object, token?: string) => {
    const req = request(t.server).post(`/api${path}`);
    if (token) req.set('Authorization', `Bearer ${token}`);
    return req.send(body);
  };

  async function signIn(): Promise<string> {
    const res = await post('/auth/login', { email: ACCOUNT.email, password: ACCOUNT.password });
    expect(res.status).toBe(200);
    return res.body.sessionToken as string;
  }

  async function currentPlan(token: string): Promise<{ plan: string; planExpiry: string | null }> {
    await t.bus.idle();
    const res = await request(t.server).get('/api/auth/user').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    return { plan: res.body.plan, planExpiry: res.body.planExpiry };
  }

  /** What the photos service allows this user now (GET /api/upload-limits). */
  async function limits(token: string): Promise<[string, number, number, number]> {
    await t.bus.idle();
    const res = await request(t.server).get('/api/upload-limits').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    return [res.body.planName, res.body.fileSizeLimitMB, res.body.storageLimitMB, res.body.dailyUploads];
  }

  const ENTHUSIAST_LIMITS = ['enthusiast', 20, 25600, 999999];
  const PROFESSIONAL_LIMITS = ['professional', 30, 51200, 999999];
  const EXPLORER_LIMITS = ['explorer', 10, 250, 5];

  it('signup, refused upgrade, upgrade, cancellation and expiry', async () => {
    // Paid signup on Enthusiast (annual): the account is created by auth, active on its plan.
    const setup = await post('/create-subscription-signup', { ...ACCOUNT, plan: 'enthusiast', isAnnual: true });
    expect(setup.status).toBe(200);
    expect((await post('/auth/login', { email: ACCOUNT.email, password: ACCOUNT.password })).status).toBe(403);
    expect((await post('/billing/sandbox/confirm-setup', { clientSecret: setup.body.clientSecret, ...CARD })).status).toBe(200);
    const signup = await post('/complete-subscription', { setupIntentId: setup.body.setupIntentId, plan: 'enthusiast', isAnnual: true });
    expect(signup.status).toBe(200);
    const enthusiastEnd = signup.body.subscription.currentPeriodEnd as string;
    expect(new Date(enthusiastEnd).getTime() - t.clock.now().getTime()).toBe(365 * 24 * 60 * 60 * 1000);
    let token = signup.body.sessionToken as string;
    expect(await currentPlan(token)).toEqual({ plan: 'enthusiast', planExpiry: enthusiastEnd });
    expect(await currentPlan(await signIn())).toEqual({ plan: 'enthusiast', planExpiry: enthusiastEnd });
    expect(await limits(token)).toEqual(ENTHUSIAST_LIMITS);

    // Upgrade to Professional (monthly) the moment the annual plan was paid: its unused time covers
    // the first month (the credit goes up to the first payment). A declined card changes nothing.
    const payment = await post('/get-or-create-subscription', { plan: 'professional', isAnnual: false }, token);
    expect(payment.body).toMatchObject({ status: 'requires_payment_method', amountDue: 0, credit: 19 });
    const declined = await post('/billing/sandbox/confirm-payment', { clientSecret: payment.body.clientSecret, ...DECLINED_CARD });
    expect({ status: declined.status, message: declined.body.message }).toEqual({ status: 402, message: 'Your card was declined.' });
    expect((await post('/complete-subscription-upgrade', { plan: 'professional', isAnnual: false }, token)).status).toBe(402);
    expect(await currentPlan(token)).toEqual({ plan: 'enthusiast', planExpiry: enthusiastEnd });
    expect(await limits(token)).toEqual(ENTHUSIAST_LIMITS);

    expect((await post('/billing/sandbox/confirm-payment', { clientSecret: payment.body.clientSecret, ...CARD })).status).toBe(200);
    const upgraded = await post('/complete-subscription-upgrade', { plan: 'professional', isAnnual: false }, token);
    expect(upgraded.status).toBe(200);
    const professionalEnd = upgraded.body.planExpiry as string;
    expect(await currentPlan(token)).toEqual({ plan: 'professional', planExpiry: professionalEnd });
    expect(await limits(token)).toEqual(PROFESSIONAL_LIMITS);

    // Cancel: Professional until the period ends.
    const canceled = await post('/cancel-subscription', {}, token);
    expect(canceled.body.accessUntil).toBe(professionalEnd);
    expect(await currentPlan(token)).toEqual({ plan: 'professional', planExpiry: professionalEnd });
    await t.app.get(BillingJobs).run();
    expect((await currentPlan(token)).plan).toBe('professional');
    expect(await limits(token)).toEqual(PROFESSIONAL_LIMITS);

    // The period ends; the scheduled job returns the account to Explorer.
    t.clock.set(new Date(new Date(professionalEnd).getTime() + 60_000));
    await t.app.get(BillingJobs).run();
    token = await signIn();
    expect(await currentPlan(token)).toEqual({ plan: 'explorer', planExpiry: null });
    expect(await limits(token)).toEqual(EXPLORER_LIMITS);

    // Explorer again: a new upgrade is possible, a second cancellation is not. The annual plan's
    // unused time beyond Professional's first month ($84 − $19) was kept as account credit, and
    // the canceled plan never renewed to spend it: it comes off this payment.
    expect((await post('/cancel-subscription', {}, token)).status).toBe(404);
    expect((await post('/get-or-create-subscription', { plan: 'enthusiast', isAnnual: true }, token)).body).toMatchObject({ status: 'requires_payment_method', amountDue: 19, credit: 65, creditCarried: 0 });
  }, 60_000);

  it('a paid signup with an address auth already has is refused with auth’s message', async () => {
    const res = await post('/create-subscription-signup', { ...ACCOUNT, plan: 'professional', isAnnual: false });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 409, message: 'An account with this email already exists' });
  }, 30_000);
});
