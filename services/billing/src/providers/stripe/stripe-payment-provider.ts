import { Logger } from '@nestjs/common';
import { LAUNCH_PROMO } from '@wildframe/contracts';
import Stripe from 'stripe';
import { billingErrors } from '../../domain/billing.errors';
import { PaymentDeclinedError, ProviderUnavailableError } from '../../domain/payment-provider';
import type { CreateSubscriptionInput, PaymentProvider, ProviderSetupIntent, ProviderSubscription } from '../../domain/payment-provider';
import { invoiceAmountCents } from '../../domain/pricing';
import type { PaidPlanId } from '../../domain/pricing';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Price id per plan and billing period (STRIPE_PRICE_*). */
  prices: Record<PaidPlanId, { monthly: string; annual: string }>;
  /** Coupon of the launch promo; when absent one is created (25 % off, 3 months) on first use. */
  promoCoupon?: string;
  /** Another API address, e.g. a local test server. */
  apiBase?: string;
}

/** Our coupon id when STRIPE_PROMO_COUPON is not given. */
export const DEFAULT_PROMO_COUPON = 'wildframe-launch2025';

const SETUP_STATUSES: ReadonlyArray<ProviderSetupIntent['status']> = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'succeeded', 'canceled'];

const SUBSCRIPTION_EXPAND = ['latest_invoice.confirmation_secret'];

/** Subscription metadata: an upgrade's credit beyond its first invoice, and the balance transaction that carried it to the customer. */
const TO_CARRY = 'credit_to_carry_cents';
const CARRIED = 'credit_carried_txn';
const CREDIT_NAME = 'Unused time on your previous plan';

export function createStripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiBase'>): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Wildframe' },
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'http:' ? 'http' : 'https' } : {}),
  });
}

/** Stripe's statuses in the port's four (see ProviderSubscription). */
function statusOf(status: Stripe.Subscription.Status): ProviderSubscription['status'] {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
      return 'past_due';
    case 'incomplete':
      return 'incomplete';
    default:
      return 'ended';
  }
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * Payments through Stripe: Customers, SetupIntents (paid signup saves the card before the
 * account exists), Subscriptions on the configured Prices, and the promo as a coupon. Card
 * refusals become PaymentDeclinedError with Stripe's message; outages ProviderUnavailableError.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly logger = new Logger('StripePaymentProvider');
  private couponReady: Promise<string> | undefined;

  constructor(
    private readonly stripe: Stripe,
    private readonly settings: StripeSettings,
  ) {}

  createCustomer(input: { email: string; name: string; userId: string }): Promise<string> {
    return this.call(async () => (await this.stripe.customers.create({ email: input.email, name: input.name, metadata: { userId: input.userId } })).id);
  }

  createSetupIntent(customerId: string, metadata: { userId: string }): Promise<ProviderSetupIntent> {
    return this.call(async () =>
      this.setupView(await this.stripe.setupIntents.create({ customer: customerId, usage: 'off_session', metadata })),
    );
  }

  getSetupIntent(id: string): Promise<ProviderSetupIntent> {
    return this.call(async () => this.setupView(await this.stripe.setupIntents.retrieve(id)));
  }

  async cancelSetupIntent(id: string): Promise<void> {
    await this.call(() => this.stripe.setupIntents.cancel(id));
  }

  createSubscription(input: CreateSubscriptionInput): Promise<ProviderSubscription> {
    return this.call(async () => {
      const price = this.settings.prices[input.plan][input.isAnnual ? 'annual' : 'monthly'];
      const coupon = input.promo ? await this.promoCoupon() : undefined;
      // The upgrade's credit: a one-off amount off the first invoice, usable once, at most that
      // invoice; the rest goes to the customer's balance once the invoice is paid (settleCarry).
      const offFirst = Math.min(input.creditCents ?? 0, invoiceAmountCents(input.plan, input.isAnnual, input.promo));
      const toCarry = (input.creditCents ?? 0) - offFirst;
      const credit = offFirst > 0 ? await this.stripe.coupons.create({ amount_off: offFirst, currency: 'usd', duration: 'once', max_redemptions: 1, name: CREDIT_NAME }) : undefined;
      const discounts = [...(coupon ? [{ coupon }] : []), ...(credit ? [{ coupon: credit.id }] : [])];
      const subscription = await this.stripe.subscriptions.create({
        customer: input.customerId,
        items: [{ price }],
        ...(input.paymentMethodId
          ? { default_payment_method: input.paymentMethodId, payment_behavior: 'error_if_incomplete' as const }
          : { payment_behavior: 'default_incomplete' as const, payment_settings: { save_default_payment_method: 'on_subscription' as const, payment_method_types: ['card' as const] } }),
        ...(discounts.length > 0 ? { discounts } : {}),
        metadata: { userId: input.userId, plan: input.plan, billing: input.isAnnual ? 'annual' : 'monthly', ...(toCarry > 0 ? { [TO_CARRY]: String(toCarry) } : {}) },
        expand: SUBSCRIPTION_EXPAND,
      });
      return this.subscriptionView(await this.settleCarry(subscription));
    });
  }

  getSubscription(id: string): Promise<ProviderSubscription> {
    return this.call(async () => this.subscriptionView(await this.settleCarry(await this.stripe.subscriptions.retrieve(id, { expand: SUBSCRIPTION_EXPAND }))));
  }

  accountCreditCents(customerId: string): Promise<number> {
    return this.call(async () => {
      const customer = await this.stripe.customers.retrieve(customerId);
      // Stripe's balance is negative when it is a credit for the customer.
      return 'deleted' in customer && customer.deleted ? 0 : Math.max(0, -(customer.balance ?? 0));
    });
  }

  cancelAtPeriodEnd(id: string): Promise<ProviderSubscription> {
    return this.call(async () => this.subscriptionView(await this.stripe.subscriptions.update(id, { cancel_at_period_end: true, expand: SUBSCRIPTION_EXPAND })));
  }
  async resume(id: string): Promise<ProviderSubscription> {
    return this.call(async () => this.subscriptionView(await this.stripe.subscriptions.update(id, { cancel_at_period_end: false, expand: SUBSCRIPTION_EXPAND })));
  }


  cancelNow(id: string): Promise<ProviderSubscription> {
    return this.call(async () => this.subscriptionView(await this.stripe.subscriptions.cancel(id, { expand: SUBSCRIPTION_EXPAND })));
  }

  /** Verifies a webhook's signature over its exact bytes; throws when it is wrong or too old. */
  verifyWebhook(payload: Buffer, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(payload, signature, this.settings.webhookSecret);
  }

  /** The subscription an invoice belongs to (webhooks about invoices). */
  invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
    return idOf(invoice.parent?.subscription_details?.subscription);
  }

  /**
   * Once an upgrade's first invoice is paid (the subscription is live), its credit beyond that
   * invoice becomes a credit on the customer's balance, which Stripe takes off the following
   * invoices. Once: the idempotency key covers a retry within Stripe's 24 hours, the metadata
   * mark every later look.
   */
  private async settleCarry(subscription: Stripe.Subscription): Promise<Stripe.Subscription> {
    const toCarry = Number(subscription.metadata?.[TO_CARRY] ?? 0);
    const live = subscription.status === 'active' || subscription.status === 'trialing' || subscription.status === 'past_due';
    if (!live || !(toCarry > 0) || subscription.metadata?.[CARRIED]) return subscription;
    const customerId = idOf(subscription.customer) ?? '';
    const transaction = await this.stripe.customers.createBalanceTransaction(
      customerId,
      { amount: -toCarry, currency: 'usd', description: CREDIT_NAME, metadata: { subscription: subscription.id } },
      { idempotencyKey: `wildframe-carry-${subscription.id}` },
    );
    return this.stripe.subscriptions.update(subscription.id, { metadata: { [CARRIED]: transaction.id }, expand: SUBSCRIPTION_EXPAND });
  }

  /** The launch promo's coupon: the configured one, or ours, created once if Stripe lacks it. */
  private promoCoupon(): Promise<string> {
    if (this.settings.promoCoupon) return Promise.resolve(this.settings.promoCoupon);
    this.couponReady ??= (async () => {
      try {
        return (await this.stripe.coupons.retrieve(DEFAULT_PROMO_COUPON)).id;
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.code !== 'resource_missing') throw error;
        const created = await this.stripe.coupons.create({
          id: DEFAULT_PROMO_COUPON,
          name: LAUNCH_PROMO.code,
          percent_off: LAUNCH_PROMO.percentOff,
          duration: 'repeating',
          duration_in_months: LAUNCH_PROMO.months,
        });
        return created.id;
      }
    })();
    // A failure is not remembered: the next subscription tries again.
    this.couponReady.catch(() => (this.couponReady = undefined));
    return this.couponReady;
  }

  private planOfPrice(priceId: string | undefined): { plan: PaidPlanId; isAnnual: boolean } | null {
    for (const [plan, ids] of Object.entries(this.settings.prices) as Array<[PaidPlanId, { monthly: string; annual: string }]>) {
      if (ids.monthly === priceId) return { plan, isAnnual: false };
      if (ids.annual === priceId) return { plan, isAnnual: true };
    }
    return null;
  }

  private setupView(intent: Stripe.SetupIntent): ProviderSetupIntent {
    return {
      id: intent.id,
      clientSecret: intent.client_secret ?? '',
      status: SETUP_STATUSES.find((known) => known === intent.status) ?? 'requires_payment_method',
      customerId: idOf(intent.customer) ?? '',
      paymentMethodId: idOf(intent.payment_method),
    };
  }

  private subscriptionView(subscription: Stripe.Subscription): ProviderSubscription {
    const item = subscription.items.data[0];
    const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
    const status = statusOf(subscription.status);
    const secret = invoice?.confirmation_secret?.client_secret;
    return {
      id: subscription.id,
      customerId: idOf(subscription.customer) ?? '',
      status,
      currentPeriodEnd: item && status !== 'incomplete' ? new Date(item.current_period_end * 1000) : null,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      price: this.planOfPrice(item?.price.id),
      pendingPayment: status === 'incomplete' && secret ? { clientSecret: secret, status: 'requires_payment_method' } : null,
      amountDueCents: invoice?.amount_due ?? 0,
      creditToCarryCents: subscription.metadata?.[CARRIED] ? 0 : Number(subscription.metadata?.[TO_CARRY] ?? 0) || 0,
    };
  }

  /** Runs one Stripe call, translating its errors into the port's. */
  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) throw new PaymentDeclinedError(error.message);
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') throw billingErrors.paymentNotFound();
      this.logger.error({ err: error }, 'Stripe request failed');
      throw new ProviderUnavailableError(error);
    }
  }
}
