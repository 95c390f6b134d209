import 'reflect-metadata';
import { AuthModule, authConfigSchema } from '@wildframe/auth';
import { BillingModule, billingConfigSchema } from '@wildframe/billing';
import { loadConfig } from '@wildframe/platform';
import { createServiceTestApp } from '@wildframe/platform/testing';
import type { ServiceTestApp } from '@wildframe/platform/testing';
import type { AddressInfo } from 'node:net';
import request from 'supertest';

const TOKEN = 'internal-accounts-test-token';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const ACCOUNT = { email: 'distributed.member@example.com', firstName: 'Dorothea', lastName: 'Lange', password: 'migrant-mother-1936' };

/**
 * The distributed shape's paid signup: billing (its real AccountsClient, HTTP path: no auth in its
 * process) calls auth's internal accounts API over a real socket. Auth runs with the API exposed,
 * as its own entrypoint does; billing only knows AUTH_URL and INTERNAL_API_TOKEN.
 */
describe('billing → auth internal accounts API over HTTP', () => {
  let auth: ServiceTestApp;
  let billing: ServiceTestApp;
  let authUrl: string;

  const billingApp = (token: string) =>
    createServiceTestApp(({ DATABASE_URL }) => [
      BillingModule.register(
        loadConfig('billing', billingConfigSchema, { DATABASE_URL, BILLING_JOB_INTERVAL_SECONDS: '0', AUTH_URL: authUrl, INTERNAL_API_TOKEN: token }),
      ),
    ]);

  beforeAll(async () => {
    auth = await createServiceTestApp(({ DATABASE_URL, STORAGE_DIR }) => [
      AuthModule.register(loadConfig('auth', authConfigSchema, { DATABASE_URL, STORAGE_DIR, INTERNAL_API_TOKEN: TOKEN }), { exposeInternalApi: true }),
    ]);
    await auth.app.listen(0, '127.0.0.1');
    authUrl = `http://127.0.0.1:${(auth.server.address() as AddressInfo).port}`;
    billing = await billingApp(TOKEN);
  });
  afterAll(async () => {
    await billing?.close();
    await auth?.close();
  });

  const post = (path: string, body: object) => request(billing.server).post(`/api${path}`).send(body);
  const internal = (method: 'post' | 'delete', path: string, token?: string) => {
    const req = request(authUrl)[method](`/api/internal/accounts${path}`);
    return token === undefined ? req : req.set('x-internal-token', token);
  };
  const login = (email: string, password: string) => request(auth.server).post('/api/auth/login').send({ email, password });

  it('pending → activate: the session token from billing works on auth; the same e-mail again is taken', async () => {
    const setup = await post('/create-subscription-signup', { ...ACCOUNT, plan: 'enthusiast', isAnnual: false });
    expect(setup.status).toBe(200);
    // Pending accounts cannot sign in yet: the right password is told to finish signing up.
    expect((await login(ACCOUNT.email, ACCOUNT.password)).status).toBe(403);

    expect((await post('/billing/sandbox/confirm-setup', { clientSecret: setup.body.clientSecret, ...CARD })).status).toBe(200);
    const done = await post('/complete-subscription', { setupIntentId: setup.body.setupIntentId, plan: 'enthusiast', isAnnual: false });
    expect(done.status).toBe(200);
    expect(done.body.user).toMatchObject({ email: ACCOUNT.email, plan: 'enthusiast', isActive: true });

    const me = await request(auth.server).get('/api/auth/user').set('Authorization', `Bearer ${done.body.sessionToken}`);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: ACCOUNT.email, firstName: 'Dorothea', plan: 'enthusiast', planExpiry: done.body.subscription.currentPeriodEnd });
    expect((await login(ACCOUNT.email, ACCOUNT.password)).status).toBe(200);

    // Auth's 409 becomes billing's own 'email taken' error.
    const again = await post('/create-subscription-signup', { ...ACCOUNT, plan: 'professional', isAnnual: false });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ statusCode: 409, message: 'An account with this email already exists' });
  });

  it('a signup started again discards the earlier pending account over HTTP', async () => {
    const email = 'twice@example.com';
    const first = await post('/create-subscription-signup', { ...ACCOUNT, email, plan: 'enthusiast', isAnnual: false });
    expect(first.status).toBe(200);
    // Had the first pending account survived, creating the second would answer 409.
    const second = await post('/create-subscription-signup', { ...ACCOUNT, email, plan: 'professional', isAnnual: true });
    expect(second.status).toBe(200);
    expect((await post('/complete-subscription', { setupIntentId: first.body.setupIntentId, plan: 'enthusiast', isAnnual: false })).status).toBe(404);
  });

  it('answers 401 to a missing or wrong token, and nothing changes', async () => {
    const body = { email: 'intruder@example.com', firstName: 'Eve', lastName: 'Mallory', password: 'not-a-member-1' };
    for (const token of [undefined, '', 'wrong-token-of-enough-length', `${TOKEN}x`]) {
      const res = await internal('post', '/pending', token).send(body);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ statusCode: 401, message: 'Not authenticated' });
    }
    // The address is still free: the first real call creates it.
    const created = await internal('post', '/pending', TOKEN).send(body);
    expect(created.status).toBe(201);
    const { userId } = created.body as { userId: string };

    // Neither discard nor activation happen with a wrong token.
    expect((await internal('delete', `/${userId}/pending`, 'wrong-token-of-enough-length')).status).toBe(401);
    expect((await internal('post', `/${userId}/activate`).send({ plan: 'professional', planExpiry: null })).status).toBe(401);
    expect((await login(body.email, body.password)).status).toBe(403);

    // The pending account is still there (it can be held), and the real discard removes it.
    expect((await internal('post', `/${userId}/hold`, 'wrong-token-of-enough-length')).status).toBe(401);
    expect((await internal('post', `/${userId}/hold`, TOKEN)).status).toBe(204);
    expect((await internal('delete', `/${userId}/hold`, TOKEN)).status).toBe(204);
    expect((await internal('delete', `/${userId}/pending`, TOKEN)).status).toBe(204);
    expect((await internal('post', `/${userId}/hold`, TOKEN)).status).toBe(404);
    expect((await internal('post', '/pending', TOKEN).send(body)).status).toBe(201);
  });

  it('an abandoned checkout over HTTP: a free signup takes the address, and the old setup is refused before any charge', async () => {
    const email = 'abandoned.distributed@example.com';
    const setup = await post('/create-subscription-signup', { ...ACCOUNT, email, plan: 'enthusiast', isAnnual: true });
    expect(setup.status).toBe(200);
    expect((await post('/billing/sandbox/confirm-setup', { clientSecret: setup.body.clientSecret, ...CARD })).status).toBe(200);
    const free = await request(auth.server).post('/api/auth/signup').send({ email, firstName: 'Free', lastName: 'Again', password: 'free-again-pass-1', plan: 'explorer' });
    expect(free.status).toBe(201);
    const late = await post('/complete-subscription', { setupIntentId: setup.body.setupIntentId, plan: 'enthusiast', isAnnual: true });
    expect(late.body).toEqual({ statusCode: 409, message: 'A newer signup with this email address replaced this one. Please sign in, or sign up again.' });
    const me = await request(auth.server).get('/api/auth/user').set('Authorization', `Bearer ${free.body.sessionToken}`);
    expect(me.body).toMatchObject({ email, plan: 'explorer' });
  });

  it('validates bodies and ids', async () => {
    const bad = await internal('post', '/pending', TOKEN).send({ email: 'not-an-email', firstName: 'A', lastName: 'B', password: 'long-enough-1' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ statusCode: 400, message: 'Please enter a valid email address' });
    const plan = await internal('post', '/00000000-0000-4000-8000-000000000000/activate', TOKEN).send({ plan: 'gold', planExpiry: null });
    expect(plan.status).toBe(400);
    const missing = await internal('post', '/00000000-0000-4000-8000-000000000000/activate', TOKEN).send({ plan: 'professional', planExpiry: null });
    expect(missing.status).toBe(404);
    expect((await internal('post', '/not-a-uuid/activate', TOKEN).send({ plan: 'professional', planExpiry: null })).status).toBe(404);
  });

  it('a billing with the wrong token cannot create accounts: paid signups answer 503', async () => {
    const misconfigured = await billingApp('a-token-auth-does-not-know');
    try {
      const res = await request(misconfigured.server).post('/api/create-subscription-signup').send({ ...ACCOUNT, email: 'refused@example.com', plan: 'enthusiast', isAnnual: false });
      expect(res.status).toBe(503);
    } finally {
      await misconfigured.close();
    }
    expect((await internal('post', '/pending', TOKEN).send({ ...ACCOUNT, email: 'refused@example.com' })).status).toBe(201);
  });

  it('is not mounted unless the module is told to expose it (the standalone composition does not)', async () => {
    const inProcess = await createServiceTestApp(({ DATABASE_URL, STORAGE_DIR }) => [
      AuthModule.register(loadConfig('auth', authConfigSchema, { DATABASE_URL, STORAGE_DIR, INTERNAL_API_TOKEN: TOKEN })),
    ]);
    try {
      const res = await request(inProcess.server).post('/api/internal/accounts/pending').set('x-internal-token', TOKEN).send(ACCOUNT);
      expect(res.status).toBe(404);
    } finally {
      await inProcess.close();
    }
  });

  it('refuses to expose the API without a token', () => {
    const config = loadConfig('auth', authConfigSchema, { DATABASE_URL: 'postgres://localhost/auth' });
    expect(() => AuthModule.register(config, { exposeInternalApi: true })).toThrow('INTERNAL_API_TOKEN is required');
  });
});
