import 'reflect-metadata';
import Stripe from 'stripe';
import request from 'supertest';
import { createBillingTestApp } from './testing/billing-test-app';
import type { BillingTestApp } from './testing/billing-test-app';
import { DECLINING_PAYMENT_METHOD, FakeStripeServer, TEST_PRICES } from './testing/fake-stripe-server';

const WEBHOOK_SECRET = 'whsec_test_wildframe_webhooks';
const signer = new Stripe('sk_test_signer_only');

/**
 * The Stripe adapter against a local server that answers the Stripe endpoints billing calls,
 * and the webhook with payloads signed by the SDK's own test-header helper.
 */
describe('billing API over the Stripe provider', () => {
  const stripe = new FakeStripeServer();
  let t: BillingTestApp;
  let counter = 0;

  beforeAll(async () => {
    await stripe.start();
    t = await createBillingTestApp({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_wildframe',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_wildframe',
      STRIPE_API_BASE: stripe.url,
      ...TEST_PRICES,
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.stop();
  });

  let ipCounter = 0;
  /** Each call from its own address, so the per-address signup limit stays out of these tests. */
  const post = (path: string, body: object = {}, token?: string) => {
    const req = request(t.server).post(`/api${path}`).set('X-Forwarded-For', `10.46.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`);
    if (token) req.set('Authorization', `Bearer ${token}`);
    return req.send(body);
  };

  const eventsFor = (userId: string) => t.events.filter((e) => (e.payload as { userId: string }).userId === userId);

  function details(overrides: Record<string, unknown> = {}) {
    counter++;
    return { email: `stripe.${counter}@example.com`, firstName: 'Rachel', lastName: 'Carson', password: 'silent-spring-1', plan: 'enthusiast', isAnnual: true, ...overrides };
  }

  async function paidSignup(overrides: Record<string, unknown> = {}, promoCode?: string) {
    const body = details(overrides);
    const setup = await post('/create-subscription-signup', body);
    expect(setup.status).toBe(200);
    stripe.confirmSetup(setup.body.setupIntentId);
    const done = await post('/complete-subscription', { setupIntentId: setup.body.setupIntentId, plan: body.plan, isAnnual: body.isAnnual, promoCode });
    expect(done.status).toBe(200);
    await t.bus.idle();
    return { token: done.body.sessionToken as string, userId: done.body.user.id as string, body: done.body };
  }

  function lastSubscriptionId(): string {
    return [...stripe.subscriptions.keys()].at(-1) as string;
  }

  function webhook(type: string, object: Record<string, unknown>, eventId = `evt_${++counter}`) {
    const payload = JSON.stringify({ id: eventId, object: 'event', type, api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), data: { object } }, null, 2);
    return { payload, header: signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
  }

  const sendWebhook = (payload: string, header?: string) => {
    const req = request(t.server).post('/api/billing/webhook').set('Content-Type', 'application/json; charset=utf-8');
    if (header) req.set('Stripe-Signature', header);
    return req.send(payload);
  };

  it('gives the web the publishable key for Stripe Elements, and has no sandbox card form', async () => {
    expect((await request(t.server).get('/api/billing/config')).body).toEqual({ provider: 'stripe', publishableKey: 'pk_test_wildframe' });
    expect((await post('/billing/sandbox/confirm-setup', { clientSecret: 'x', cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' })).status).toBe(404);
  });

  it('signs up with a SetupIntent, then subscribes the saved card to the configured price', async () => {
    const body = details();
    const setup = await post('/create-subscription-signup', body);
    const intent = stripe.setupIntents.get(setup.body.setupIntentId);
    expect(setup.body.clientSecret).toBe(intent?.client_secret);
    expect(stripe.customers.get(intent?.customer ?? '')).toMatchObject({ email: body.email, name: 'Rachel Carson', balance: 0 });
    expect(stripe.requestsTo('POST', '/v1/setup_intents').at(-1)).toMatchObject({ params: { usage: 'off_session' }, authorization: 'Bearer sk_test_wildframe' });

    const early = await post('/complete-subscription', { setupIntentId: setup.body.setupIntentId, plan: 'enthusiast', isAnnual: true });
    expect(early.status).toBe(402);

    stripe.confirmSetup(setup.body.setupIntentId);
    const done = await post('/complete-subscription', { setupIntentId: setup.body.setupIntentId, plan: 'enthusiast', isAnnual: true });
    expect(done.status).toBe(200);
    const created = stripe.subscription(lastSubscriptionId());
    expect(stripe.requestsTo('POST', '/v1/subscriptions').at(-1)?.params).toMatchObject({
      customer: intent?.customer,
      'items[0][price]': 'price_enthusiast_annual',
      default_payment_method: 'pm_card_visa',
      payment_behavior: 'error_if_incomplete',
    });
    const periodEnd = new Date(created.periodEnd * 1000).toISOString();
    expect(done.body).toMatchObject({ user: { plan: 'enthusiast', planExpiry: periodEnd }, subscription: { status: 'active', provider: 'stripe' } });
  });

  it('leaves the account inactive when Stripe declines the first charge', async () => {
    const body = details();
    const setup = await post('/create-subscription-signup', body);
    stripe.confirmSetup(setup.body.setupIntentId, DECLINING_PAYMENT_METHOD);
    const done = await post('/complete-subscription', { setupIntentId: setup.body.setupIntentId, plan: 'enthusiast', isAnnual: true });
    expect({ status: done.status, message: done.body.message }).toEqual({ status: 402, message: 'Your card was declined.' });
    const pending = [...t.auth.accounts.values()].find((a) => a.email === body.email);
    expect(pending?.isActive).toBe(false);
    // Not charged: its hold is released, so a free signup may take the address at once.
    expect(pending?.held).toBe(false);
    expect(t.auth.signUpFree(body.email).userId).not.toBe(pending?.id);
  });

  it('creates the launch promo coupon once and applies it to monthly subscriptions', async () => {
    await paidSignup({ isAnnual: false }, 'Launch2025');
    expect(stripe.coupons.get('wildframe-launch2025')).toMatchObject({ percent_off: 25, duration: 'repeating', duration_in_months: 3 });
    expect(stripe.requestsTo('POST', '/v1/subscriptions').at(-1)?.params).toMatchObject({ 'items[0][price]': 'price_enthusiast_monthly', 'discounts[0][coupon]': 'wildframe-launch2025' });
    await paidSignup({ isAnnual: false }, 'Launch2025');
    expect(stripe.requestsTo('POST', '/v1/coupons')).toHaveLength(1);
  });

  it('takes a cancellation back at Stripe before the period ends', async () => {
    const { token } = await paidSignup({ isAnnual: false });
    const subscriptionId = lastSubscriptionId();
    expect((await post('/cancel-subscription', {}, token)).body.subscription).toMatchObject({ cancelAtPeriodEnd: true });
    const resumed = await post('/resume-subscription', {}, token);
    expect({ status: resumed.status, subscription: resumed.body.subscription }).toMatchObject({ status: 200, subscription: { cancelAtPeriodEnd: false, status: 'active' } });
    expect(stripe.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`).at(-1)?.params).toMatchObject({ cancel_at_period_end: 'false' });
    expect(stripe.subscription(subscriptionId).cancelAtPeriodEnd).toBe(false);
  });

  it('answers 502 when Stripe is down, and keeps no half-made account', async () => {
    const body = details();
    stripe.outage = { status: 500, remaining: 4 };
    const res = await post('/create-subscription-signup', body);
    stripe.outage = undefined;
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 502, message: 'The payment service is unavailable. Please try again shortly.' });
    expect([...t.auth.accounts.values()].some((a) => a.email === body.email)).toBe(false);
  });

  it('upgrades with the first invoice payment, carries the credit beyond it to the customer balance once, and ends the replaced subscription at Stripe', async () => {
    const { token, userId } = await paidSignup();
    const enthusiastSubscription = lastSubscriptionId();
    const customerId = stripe.subscription(enthusiastSubscription).customer;
    const payment = await post('/get-or-create-subscription', { plan: 'professional', isAnnual: false }, token);
    const upgrade = stripe.subscription(lastSubscriptionId());
    // The annual plan was paid a moment ago: its unused time pays the first month ($19) and the rest is carried.
    const carried = Number(upgrade.metadata['credit_to_carry_cents']);
    const unused = 1900 + carried;
    expect(unused).toBeGreaterThan(8300);
    expect(unused).toBeLessThanOrEqual(8400);
    expect(payment.body).toMatchObject({ status: 'requires_payment_method', clientSecret: upgrade.invoice.clientSecret, amountDue: 0, credit: 19, creditCarried: carried / 100 });
    const creditCoupon = stripe.requestsTo('POST', '/v1/coupons').at(-1)?.params;
    expect(creditCoupon).toMatchObject({ currency: 'usd', duration: 'once', max_redemptions: '1', amount_off: '1900' });
    expect(stripe.requestsTo('POST', '/v1/subscriptions').at(-1)?.params).toMatchObject({
      'items[0][price]': 'price_professional_monthly',
      payment_behavior: 'default_incomplete',
      'payment_settings[save_default_payment_method]': 'on_subscription',
      'discounts[0][coupon]': expect.any(String),
    });
    // Nothing is carried before the payment.
    expect(stripe.customers.get(customerId)?.balance).toBe(0);

    expect((await post('/complete-subscription-upgrade', { plan: 'professional', isAnnual: false }, token)).status).toBe(402);
    stripe.payFirstInvoice(upgrade.id);
    const done = await post('/complete-subscription-upgrade', { plan: 'professional', isAnnual: false }, token);
    expect(done.body).toMatchObject({ plan: 'professional', subscription: { status: 'active' } });
    // A retry and Stripe's webhook look again: the balance is credited once.
    expect((await post('/complete-subscription-upgrade', { plan: 'professional', isAnnual: false }, token)).status).toBe(200);
    const activated = webhook('customer.subscription.updated', stripe.subscriptionJson(upgrade.id, false));
    expect((await sendWebhook(activated.payload, activated.header)).status).toBe(200);
    await t.bus.idle();
    expect(stripe.customers.get(customerId)?.balanceTransactions).toEqual([{ id: expect.any(String), amount: -carried, description: 'Unused time on your previous plan', metadata: { subscription: upgrade.id } }]);
    expect(stripe.customers.get(customerId)?.balance).toBe(-carried);
    expect(t.auth.planOf(userId)?.plan).toBe('professional');
    expect(stripe.subscription(enthusiastSubscription).status).toBe('canceled');
    expect(eventsFor(userId).map((e) => e.type)).toEqual(['billing.subscription.activated.v1', 'billing.subscription.activated.v1']);

    // Stripe takes the balance off the renewals until it is used up: the unused value, to the cent.
    const charged = [1, 2, 3, 4, 5].map(() => stripe.renew(upgrade.id));
    expect(charged.at(-1)).toBe(1900);
    expect(charged.reduce((sum, cents) => sum + (1900 - cents), 1900)).toBe(unused);
  });

  it('a same-day upgrade from Enthusiast annual to Professional annual is quoted and invoiced at the price less the unused time', async () => {
    const { token } = await paidSignup();
    const payment = await post('/get-or-create-subscription', { plan: 'professional', isAnnual: true }, token);
    const creditCents = Number(stripe.requestsTo('POST', '/v1/coupons').at(-1)?.params?.['amount_off']);
    // Almost the whole $84 year is unused; it comes off the $180 of the first invoice.
    expect(creditCents).toBeGreaterThan(8300);
    expect(creditCents).toBeLessThanOrEqual(8400);
    const upgrade = stripe.subscription(lastSubscriptionId());
    expect(upgrade.invoice.amountDue).toBe(18000 - creditCents);
    expect(payment.body).toMatchObject({ status: 'requires_payment_method', amountDue: (18000 - creditCents) / 100, credit: creditCents / 100 });
    expect(stripe.requestsTo('POST', '/v1/subscriptions').at(-1)?.params).toMatchObject({ 'items[0][price]': 'price_professional_annual' });
  });

  describe('webhook', () => {
    it('verifies the signature and handles each event id once', async () => {
      const { userId } = await paidSignup({ isAnnual: false });
      const subscriptionId = lastSubscriptionId();
      // Stripe renewed the subscription: invoice.paid moves the plan's expiry on.
      const renewedEnd = stripe.subscription(subscriptionId).periodEnd + 30 * 24 * 60 * 60;
      stripe.update(subscriptionId, { periodEnd: renewedEnd });
      const renewal = webhook('invoice.paid', stripe.invoiceJson(subscriptionId));
      const first = await sendWebhook(renewal.payload, renewal.header);
      expect({ status: first.status, body: first.body }).toEqual({ status: 200, body: { received: true, duplicate: false } });
      await t.bus.idle();
      expect(t.auth.planOf(userId)?.planExpiry).toBe(new Date(renewedEnd * 1000).toISOString());

      // Replayed: acknowledged, not applied again.
      const replay = await sendWebhook(renewal.payload, renewal.header);
      expect({ status: replay.status, body: replay.body }).toEqual({ status: 200, body: { received: true, duplicate: true } });
      await t.bus.idle();
      expect(eventsFor(userId)).toHaveLength(2);

      // Tampered: the body no longer matches its signature.
      const tampered = await sendWebhook(renewal.payload.replace('invoice.paid', 'invoice.payment_failed'), renewal.header);
      expect({ status: tampered.status, message: tampered.body.message }).toEqual({ status: 400, message: 'Invalid Stripe signature' });
      const unsigned = await sendWebhook(renewal.payload);
      expect({ status: unsigned.status, message: unsigned.body.message }).toEqual({ status: 400, message: 'Missing Stripe-Signature header' });
      const otherSecret = signer.webhooks.generateTestHeaderString({ payload: renewal.payload, secret: 'whsec_someone_else' });
      expect((await sendWebhook(renewal.payload, otherSecret)).status).toBe(400);
      const stale = signer.webhooks.generateTestHeaderString({ payload: renewal.payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });
      expect((await sendWebhook(renewal.payload, stale)).status).toBe(400);
      await t.bus.idle();
      expect(eventsFor(userId)).toHaveLength(2);
    });

    it('follows failed payments, cancellation and deletion to explorer', async () => {
      const { userId, token } = await paidSignup({ isAnnual: false });
      const subscriptionId = lastSubscriptionId();

      stripe.update(subscriptionId, { status: 'past_due' });
      const failed = webhook('invoice.payment_failed', stripe.invoiceJson(subscriptionId));
      expect((await sendWebhook(failed.payload, failed.header)).status).toBe(200);
      expect((await request(t.server).get('/api/billing/subscription').set('Authorization', `Bearer ${token}`)).body.subscription).toMatchObject({ status: 'past_due' });

      await t.bus.idle();
      expect(eventsFor(userId)).toHaveLength(1);

      // Stripe's retry collected the payment.
      stripe.update(subscriptionId, { status: 'active' });
      const recovered = webhook('invoice.paid', stripe.invoiceJson(subscriptionId));
      expect((await sendWebhook(recovered.payload, recovered.header)).status).toBe(200);

      const canceled = await post('/cancel-subscription', {}, token);
      expect(canceled.body.subscription).toMatchObject({ cancelAtPeriodEnd: true });
      expect(stripe.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`).at(-1)?.params).toMatchObject({ cancel_at_period_end: 'true' });

      stripe.update(subscriptionId, { status: 'canceled' });
      const deleted = webhook('customer.subscription.deleted', stripe.subscriptionJson(subscriptionId, false));
      expect((await sendWebhook(deleted.payload, deleted.header)).status).toBe(200);
      await t.bus.idle();
      expect(t.auth.planOf(userId)).toEqual({ plan: 'explorer', planExpiry: null });
      expect(eventsFor(userId).map((e) => e.type)).toEqual([
        'billing.subscription.activated.v1',
        'billing.subscription.activated.v1',
        'billing.subscription.canceled.v1',
        'billing.subscription.expired.v1',
      ]);

      const unrelated = webhook('charge.refunded', { id: 'ch_1', object: 'charge' });
      expect((await sendWebhook(unrelated.payload, unrelated.header)).body).toEqual({ received: true, duplicate: false });
    });
  });
});
