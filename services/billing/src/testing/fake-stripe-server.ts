import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The price ids the Stripe tests configure, with what each charges (cents) and its interval. */
export const TEST_PRICES = {
  STRIPE_PRICE_ENTHUSIAST_MONTHLY: 'price_enthusiast_monthly',
  STRIPE_PRICE_ENTHUSIAST_ANNUAL: 'price_enthusiast_annual',
  STRIPE_PRICE_PROFESSIONAL_MONTHLY: 'price_professional_monthly',
  STRIPE_PRICE_PROFESSIONAL_ANNUAL: 'price_professional_annual',
} as const;

const PRICE_TABLE: Record<string, { amount: number; annual: boolean }> = {
  price_enthusiast_monthly: { amount: 900, annual: false },
  price_enthusiast_annual: { amount: 8400, annual: true },
  price_professional_monthly: { amount: 1900, annual: false },
  price_professional_annual: { amount: 18000, annual: true },
};

/** Stripe's test payment method whose charges are declined. */
export const DECLINING_PAYMENT_METHOD = 'pm_card_chargeDeclined';

export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  authorization: string | undefined;
}

interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
  price: string;
  cancelAtPeriodEnd: boolean;
  periodEnd: number;
  invoice: { id: string; amountDue: number; clientSecret: string | null; balanceApplied: number };
  /** Every invoice, first to latest: what each charged after discounts and the customer's balance. */
  invoices: Array<{ id: string; amountDue: number; balanceApplied: number }>;
  coupon: string | null;
  defaultPaymentMethod: string | null;
  metadata: Record<string, string>;
}

export interface FakeCustomer {
  email: string;
  name: string;
  /** Stripe's sign: negative is credit the customer has, applied to the next finalized invoices. */
  balance: number;
  balanceTransactions: Array<{ id: string; amount: number; description: string | null; metadata: Record<string, string> }>;
}

interface FakeSetupIntent {
  id: string;
  client_secret: string;
  customer: string;
  status: string;
  payment_method: string | null;
  metadata: Record<string, string>;
}

function id(prefix: string): string {
  return `${prefix}_test_${randomBytes(8).toString('hex')}`;
}

/**
 * A local HTTP server that answers the Stripe API calls billing makes (customers, setup intents,
 * subscriptions, coupons, customer balance transactions) with Stripe's shapes and error bodies, keeps the state those calls
 * build, and records every request. Test controls play the parts of Stripe.js (confirming a
 * setup or a payment) and of Stripe's own clock.
 */
export class FakeStripeServer {
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<string, FakeCustomer>();
  /** Answers already given per Idempotency-Key header (Stripe replays them for a retried request). */
  private readonly idempotent = new Map<string, unknown>();
  readonly setupIntents = new Map<string, FakeSetupIntent>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly coupons = new Map<string, { percent_off: number | null; amount_off: number | null; duration: string; duration_in_months: number | null; max_redemptions: number | null }>();
  /** While set, requests are answered with this status (a Stripe outage), `remaining` times. */
  outage: { status: number; remaining: number } | undefined;
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  // ---- what Stripe.js and Stripe's clock do ----

  /** Stripe.js confirmSetup with a card: the setup succeeds with that payment method. */
  confirmSetup(setupIntentId: string, paymentMethod = 'pm_card_visa'): void {
    const intent = this.setupIntents.get(setupIntentId);
    if (!intent) throw new Error(`no setup intent ${setupIntentId}`);
    Object.assign(intent, { status: 'succeeded', payment_method: paymentMethod });
  }

  /** Stripe.js confirmPayment for an incomplete subscription's first invoice. */
  payFirstInvoice(subscriptionId: string): void {
    const subscription = this.subscription(subscriptionId);
    Object.assign(subscription, { status: 'active', periodEnd: this.nextPeriodEnd(subscription.price) });
  }

  /**
   * Stripe's clock at a period end: the next invoice is finalized (the customer's credit balance
   * taken off first, as Stripe does) and paid, and the period moves on. Returns what it charged.
   */
  renew(subscriptionId: string): number {
    const subscription = this.subscription(subscriptionId);
    const price = PRICE_TABLE[subscription.price]?.amount ?? 0;
    const applied = this.applyBalance(subscription.customer, price);
    const invoice = { id: id('in'), amountDue: price - applied, clientSecret: null, balanceApplied: applied };
    subscription.invoice = invoice;
    subscription.invoices.push(invoice);
    subscription.periodEnd += PRICE_TABLE[subscription.price]?.annual ? 365 * 24 * 60 * 60 : 30 * 24 * 60 * 60;
    return invoice.amountDue;
  }

  /** Takes the customer's credit balance off an invoice being finalized, up to its amount; returns what it took. */
  private applyBalance(customerId: string, amount: number): number {
    const customer = this.customers.get(customerId);
    if (!customer || customer.balance >= 0) return 0;
    const applied = Math.min(-customer.balance, amount);
    customer.balance += applied;
    return applied;
  }

  /** The subscription's state changes as Stripe's clock or dashboard would change it. */
  update(subscriptionId: string, patch: Partial<Pick<FakeSubscription, 'status' | 'cancelAtPeriodEnd' | 'periodEnd'>>): void {
    Object.assign(this.subscription(subscriptionId), patch);
  }

  subscription(subscriptionId: string): FakeSubscription {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
    return subscription;
  }

  /** The subscription as Stripe's API (and its webhook events) shows it. */
  subscriptionJson(subscriptionId: string, expandInvoice = true): Record<string, unknown> {
    const s = this.subscription(subscriptionId);
    const invoice = {
      id: s.invoice.id,
      object: 'invoice',
      amount_due: s.invoice.amountDue,
      confirmation_secret: s.invoice.clientSecret ? { client_secret: s.invoice.clientSecret, type: 'payment_intent' } : null,
      parent: { type: 'subscription_details', subscription_details: { subscription: s.id, metadata: {} } },
    };
    return {
      id: s.id,
      object: 'subscription',
      customer: s.customer,
      status: s.status,
      cancel_at_period_end: s.cancelAtPeriodEnd,
      default_payment_method: s.defaultPaymentMethod,
      discounts: s.coupon ? [`di_${s.coupon}`] : [],
      metadata: s.metadata,
      items: {
        object: 'list',
        data: [{ id: `si_${s.id}`, object: 'subscription_item', price: { id: s.price, object: 'price' }, current_period_end: s.periodEnd, current_period_start: s.periodEnd - 1 }],
      },
      latest_invoice: expandInvoice ? invoice : invoice.id,
    };
  }

  invoiceJson(subscriptionId: string): Record<string, unknown> {
    return this.subscriptionJson(subscriptionId).latest_invoice as Record<string, unknown>;
  }

  requestsTo(method: string, pathPrefix: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
  }

  // ---- the API ----

  private nextPeriodEnd(price: string): number {
    const days = PRICE_TABLE[price]?.annual ? 365 : 30;
    return Math.floor(Date.now() / 1000) + days * 24 * 60 * 60;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stripe.test');
    const params = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : Buffer.concat(chunks).toString('utf8')));
    this.requests.push({ method: req.method ?? '', path: url.pathname, params, authorization: req.headers.authorization });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(body));
    };
    const missing = (what: string) => send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });
    const metadataOf = () => Object.fromEntries(Object.entries(params).flatMap(([key, value]) => (key.startsWith('metadata[') ? [[key.slice(9, -1), value]] : [])));

    if (this.outage && this.outage.remaining > 0) {
      this.outage.remaining--;
      return send(this.outage.status, { error: { type: 'api_error', message: 'Something went wrong on Stripe' } });
    }
    const [, version, resource, resourceId, action] = url.pathname.split('/');
    if (version !== 'v1') return missing('route');
    const method = req.method ?? 'GET';

    if (resource === 'customers' && method === 'POST' && !resourceId) {
      const customerId = id('cus');
      this.customers.set(customerId, { email: params['email'] ?? '', name: params['name'] ?? '', balance: 0, balanceTransactions: [] });
      return send(200, { id: customerId, object: 'customer', email: params['email'], name: params['name'], balance: 0 });
    }
    if (resource === 'customers' && resourceId) {
      const customer = this.customers.get(resourceId);
      if (!customer) return missing('customer');
      if (method === 'GET' && !action) return send(200, { id: resourceId, object: 'customer', email: customer.email, name: customer.name, balance: customer.balance });
      if (method === 'POST' && action === 'balance_transactions') {
        const key = req.headers['idempotency-key'];
        const replay = typeof key === 'string' ? this.idempotent.get(key) : undefined;
        if (replay) return send(200, replay);
        const transaction = { id: id('cbtxn'), amount: Number(params['amount']), description: params['description'] ?? null, metadata: metadataOf() };
        customer.balance += transaction.amount;
        customer.balanceTransactions.push(transaction);
        const body = { object: 'customer_balance_transaction', customer: resourceId, currency: params['currency'], type: 'adjustment', ending_balance: customer.balance, ...transaction };
        if (typeof key === 'string') this.idempotent.set(key, body);
        return send(200, body);
      }
      return missing('route');
    }

    if (resource === 'setup_intents') {
      if (method === 'POST' && !resourceId) {
        const intentId = id('seti');
        const intent: FakeSetupIntent = {
          id: intentId,
          client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
          customer: params['customer'] ?? '',
          status: 'requires_payment_method',
          payment_method: null,
          metadata: { userId: params['metadata[userId]'] ?? '' },
        };
        this.setupIntents.set(intentId, intent);
        return send(200, { object: 'setup_intent', usage: params['usage'], ...intent });
      }
      const intent = this.setupIntents.get(resourceId ?? '');
      if (!intent) return missing('setup_intent');
      if (method === 'POST' && action === 'cancel') intent.status = 'canceled';
      return send(200, { object: 'setup_intent', ...intent });
    }

    if (resource === 'coupons') {
      if (method === 'POST' && !resourceId) {
        const couponId = params['id'] ?? id('coupon');
        const number = (key: string) => (params[key] === undefined ? null : Number(params[key]));
        this.coupons.set(couponId, {
          percent_off: number('percent_off'),
          amount_off: number('amount_off'),
          duration: params['duration'] ?? '',
          duration_in_months: number('duration_in_months'),
          max_redemptions: number('max_redemptions'),
        });
        return send(200, { id: couponId, object: 'coupon', ...this.coupons.get(couponId) });
      }
      const coupon = this.coupons.get(resourceId ?? '');
      return coupon ? send(200, { id: resourceId, object: 'coupon', ...coupon }) : missing('coupon');
    }

    if (resource === 'subscriptions') {
      const expand = Object.entries(params).some(([key, value]) => key.startsWith('expand[') && value === 'latest_invoice.confirmation_secret');
      if (method === 'POST' && !resourceId) {
        const price = params['items[0][price]'] ?? '';
        if (!PRICE_TABLE[price]) return send(400, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such price: '${price}'` } });
        const paymentMethod = params['default_payment_method'] ?? null;
        if (paymentMethod === DECLINING_PAYMENT_METHOD) {
          return send(402, { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } });
        }
        const coupons = [0, 1].map((i) => params[`discounts[${i}][coupon]`]).filter((c): c is string => c !== undefined);
        if (coupons.some((c) => !this.coupons.has(c))) return missing('coupon');
        const coupon = coupons[0] ?? null;
        // Percentages first, then amounts off, as Stripe applies them to the first invoice.
        let amount = PRICE_TABLE[price]?.amount ?? 0;
        for (const c of coupons) amount = Math.round(amount * (1 - (this.coupons.get(c)?.percent_off ?? 0) / 100));
        for (const c of coupons) amount = Math.max(0, amount - (this.coupons.get(c)?.amount_off ?? 0));
        // The first invoice is finalized at once: the customer's credit balance comes off it.
        const balanceApplied = this.applyBalance(params['customer'] ?? '', amount);
        amount -= balanceApplied;
        const subscriptionId = id('sub');
        const paysNow = paymentMethod !== null;
        const invoice = { id: id('in'), amountDue: amount, clientSecret: paysNow ? null : `${id('pi')}_secret_${randomBytes(8).toString('hex')}`, balanceApplied };
        this.subscriptions.set(subscriptionId, {
          id: subscriptionId,
          customer: params['customer'] ?? '',
          status: paysNow ? 'active' : 'incomplete',
          price,
          cancelAtPeriodEnd: false,
          periodEnd: this.nextPeriodEnd(price),
          invoice,
          invoices: [invoice],
          coupon,
          defaultPaymentMethod: paymentMethod,
          metadata: metadataOf(),
        });
        return send(200, this.subscriptionJson(subscriptionId, expand));
      }
      const subscription = this.subscriptions.get(resourceId ?? '');
      if (!subscription) return missing('subscription');
      if (method === 'POST' && params['cancel_at_period_end'] !== undefined) subscription.cancelAtPeriodEnd = params['cancel_at_period_end'] === 'true';
      if (method === 'POST') Object.assign(subscription.metadata, metadataOf());
      if (method === 'DELETE') {
        // The unpaid first invoice is voided: Stripe gives back the credit balance it took.
        if (subscription.status === 'incomplete') {
          const customer = this.customers.get(subscription.customer);
          if (customer) customer.balance -= subscription.invoice.balanceApplied;
        }
        subscription.status = subscription.status === 'incomplete' ? 'incomplete_expired' : 'canceled';
      }
      return send(200, this.subscriptionJson(subscription.id, expand));
    }
    return missing('route');
  }
}
