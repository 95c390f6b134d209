import { isPlanId, LAUNCH_PROMO } from '@wildframe/contracts';
import type { Clock, DatabaseTransaction } from '@wildframe/platform';
import { randomBytes } from 'node:crypto';
import type { SandboxInvoiceRow, SandboxSubscriptionRow } from '../../db/schema';
import { billingErrors } from '../../domain/billing.errors';
import { PaymentDeclinedError } from '../../domain/payment-provider';
import type { CreateSubscriptionInput, PaymentProvider, ProviderSetupIntent, ProviderSubscription } from '../../domain/payment-provider';
import { invoiceAmountCents, isPaidPlan, periodEnd, PROMO_PERIODS } from '../../domain/pricing';
import type { PaidPlanId } from '../../domain/pricing';
import type { SandboxLedger } from './sandbox-ledger.repository';
import { checkTestCard } from './test-cards';
import type { CardInput, ChargeOutcome } from './test-cards';

/** Stripe lets an incomplete subscription wait 23 hours for its first payment; so does the sandbox. */
const INCOMPLETE_EXPIRES_MS = 23 * 60 * 60 * 1000;
/** A clock that jumped far ahead renews period by period, up to this many at once. */
const MAX_RENEWALS_PER_RUN = 36;

function newId(prefix: string): string {
  return `${prefix}_sbx_${randomBytes(12).toString('hex')}`;
}

function newSecret(id: string): string {
  return `${id}_secret_${randomBytes(16).toString('hex')}`;
}

export interface ConfirmedSetup {
  setupIntent: ProviderSetupIntent;
  paymentMethod: { brand: string; last4: string };
}

/**
 * The offline payment provider: a real state machine over its own tables, with Stripe's
 * vocabulary (customers, setup intents, payment methods, subscriptions, invoices), test cards
 * instead of real ones, and no money moving. Periods renew when the billing job runs
 * `runDueWork`; a card that declines leaves the subscription past_due.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly ledger: SandboxLedger,
    private readonly clock: Clock,
  ) {}

  async createCustomer(input: { email: string; name: string; userId: string }): Promise<string> {
    const id = newId('cus');
    await this.ledger.insertCustomer({ id, email: input.email, name: input.name, createdAt: this.clock.now() });
    return id;
  }

  async createSetupIntent(customerId: string): Promise<ProviderSetupIntent> {
    const id = newId('seti');
    const clientSecret = newSecret(id);
    await this.ledger.insertSetupIntent({ id, clientSecret, customerId, status: 'requires_payment_method', createdAt: this.clock.now() });
    return { id, clientSecret, status: 'requires_payment_method', customerId, paymentMethodId: null };
  }

  async getSetupIntent(id: string): Promise<ProviderSetupIntent> {
    const row = await this.ledger.setupIntent(id);
    if (!row) throw billingErrors.signupNotFound();
    return this.setupView(row);
  }

  async cancelSetupIntent(id: string): Promise<void> {
    const row = await this.ledger.setupIntent(id);
    if (row && row.status !== 'succeeded') await this.ledger.updateSetupIntent(id, { status: 'canceled' });
  }

  /** What Stripe.js's confirmSetup does for a card: save it, or refuse it. */
  async confirmSetup(clientSecret: string, card: CardInput): Promise<ConfirmedSetup> {
    const now = this.clock.now();
    const outcome = await this.ledger.transaction(async (tx) => {
      const setup = await this.ledger.setupIntentBySecretForUpdate(clientSecret, tx);
      if (!setup || setup.status === 'canceled') throw billingErrors.signupNotFound();
      if (setup.status === 'succeeded' && setup.paymentMethodId) {
        const saved = await this.ledger.paymentMethod(setup.paymentMethodId, tx);
        return { setup, paymentMethod: { brand: saved?.brand ?? 'card', last4: saved?.last4 ?? '' } };
      }
      const checked = this.checkCard(card, now);
      if (checked.card.setup === 'declines') {
        await this.ledger.updateSetupIntent(setup.id, { lastError: checked.card.declineMessage }, tx);
        return { declined: checked.card.declineMessage };
      }
      const paymentMethodId = await this.savePaymentMethod(setup.customerId, checked, tx);
      await this.ledger.updateSetupIntent(setup.id, { status: 'succeeded', paymentMethodId, lastError: null }, tx);
      return {
        setup: { ...setup, status: 'succeeded', paymentMethodId },
        paymentMethod: { brand: checked.card.brand, last4: checked.last4 },
      };
    });
    // The refusal is recorded (committed) before it is reported.
    if (typeof outcome.declined === 'string') throw new PaymentDeclinedError(outcome.declined);
    return { setupIntent: this.setupView(outcome.setup), paymentMethod: outcome.paymentMethod };
  }

  async createSubscription(input: CreateSubscriptionInput): Promise<ProviderSubscription> {
    const now = this.clock.now();
    const id = newId('sub');
    const end = periodEnd(now, input.isAnnual);
    const result = await this.ledger.transaction(async (tx) => {
      await this.ledger.insertSubscription(
        {
          id,
          customerId: input.customerId,
          plan: input.plan,
          isAnnual: input.isAnnual,
          status: 'incomplete',
          promoCode: input.promo ? LAUNCH_PROMO.code : null,
          discountedPeriodsLeft: input.promo ? PROMO_PERIODS : 0,
          createdAt: now,
        },
        tx,
      );
      const invoice = await this.openInvoice(id, input.plan, input.isAnnual, input.promo, now, end, tx);
      if (!input.paymentMethodId) return { ok: true as const };
      const method = await this.ledger.paymentMethod(input.paymentMethodId, tx);
      if (!method || method.customerId !== input.customerId) throw billingErrors.setupNotConfirmed();
      if (method.chargeOutcome === 'declines') {
        // Stripe's error_if_incomplete: a refused first charge leaves no subscription behind.
        await this.ledger.updateSubscription(id, { status: 'incomplete_expired', endedAt: now }, tx);
        await this.ledger.updateInvoice(invoice.id, { status: 'void', paymentStatus: 'canceled', attemptCount: 1, lastError: 'Your card was declined.' }, tx);
        return { ok: false as const, message: 'Your card was declined.' };
      }
      await this.payInvoice(invoice, method.id, tx);
      return { ok: true as const };
    });
    if (!result.ok) throw new PaymentDeclinedError(result.message);
    return this.getSubscription(id);
  }

  /** What Stripe.js's confirmPayment does for a card: pay the invoice, or refuse. */
  async confirmPayment(clientSecret: string, card: CardInput): Promise<{ status: 'succeeded'; subscriptionId: string }> {
    const now = this.clock.now();
    const outcome = await this.ledger.transaction(async (tx) => {
      const invoice = await this.ledger.invoiceBySecretForUpdate(clientSecret, tx);
      if (!invoice || invoice.status === 'void') throw billingErrors.paymentNotFound();
      if (invoice.status === 'paid') return { subscriptionId: invoice.subscriptionId };
      const subscription = await this.ledger.subscriptionForUpdate(invoice.subscriptionId, tx);
      if (!subscription || !['incomplete', 'past_due'].includes(subscription.status)) throw billingErrors.paymentNotFound();
      const checked = this.checkCard(card, now);
      if (checked.card.charges === 'declines') {
        await this.ledger.updateInvoice(invoice.id, { attemptCount: invoice.attemptCount + 1, lastError: checked.card.declineMessage }, tx);
        return { declined: checked.card.declineMessage };
      }
      const paymentMethodId = await this.savePaymentMethod(subscription.customerId, checked, tx);
      await this.payInvoice(invoice, paymentMethodId, tx);
      return { subscriptionId: invoice.subscriptionId };
    });
    if (typeof outcome.declined === 'string') throw new PaymentDeclinedError(outcome.declined);
    return { status: 'succeeded', subscriptionId: outcome.subscriptionId };
  }

  async getSubscription(id: string): Promise<ProviderSubscription> {
    const row = await this.ledger.subscription(id);
    if (!row) throw billingErrors.paymentNotFound();
    return this.subscriptionView(row, await this.ledger.latestInvoice(id));
  }

  async cancelAtPeriodEnd(id: string): Promise<ProviderSubscription> {
    const row = await this.ledger.subscription(id);
    if (!row) throw billingErrors.paymentNotFound();
    if (row.status === 'incomplete') return this.cancelNow(id);
    if (row.status === 'active' || row.status === 'past_due') await this.ledger.updateSubscription(id, { cancelAtPeriodEnd: true });
    return this.getSubscription(id);
  }

  async cancelNow(id: string): Promise<ProviderSubscription> {
    const now = this.clock.now();
    await this.ledger.transaction(async (tx) => {
      const row = await this.ledger.subscriptionForUpdate(id, tx);
      if (!row) throw billingErrors.paymentNotFound();
      if (row.status === 'canceled' || row.status === 'incomplete_expired') return;
      await this.ledger.updateSubscription(id, { status: row.status === 'incomplete' ? 'incomplete_expired' : 'canceled', endedAt: now }, tx);
      await this.ledger.voidOpenInvoices(id, tx);
    });
    return this.getSubscription(id);
  }

  /**
   * What falls due by `now`: a subscription at its period end renews (charging the saved card)
   * or, when set to cancel, ends; an unpaid incomplete one expires after 23 hours. Returns the
   * ids of the subscriptions that changed, for billing to take up (as Stripe's webhooks would).
   */
  async runDueWork(now: Date = this.clock.now()): Promise<string[]> {
    const changed = new Set<string>();
    for (const id of await this.ledger.dueForPeriodEnd(now)) {
      await this.ledger.transaction(async (tx) => {
        for (let renewals = 0; renewals < MAX_RENEWALS_PER_RUN; renewals++) {
          const row = await this.ledger.subscriptionForUpdate(id, tx);
          if (!row || row.status !== 'active' || !row.currentPeriodEnd || row.currentPeriodEnd > now) return;
          changed.add(id);
          if (row.cancelAtPeriodEnd) {
            await this.ledger.updateSubscription(id, { status: 'canceled', endedAt: row.currentPeriodEnd }, tx);
            return;
          }
          if (!(await this.renew(row, tx))) return;
        }
      });
    }
    for (const id of await this.ledger.incompleteCreatedBefore(new Date(now.getTime() - INCOMPLETE_EXPIRES_MS))) {
      await this.cancelNow(id);
      changed.add(id);
    }
    return [...changed];
  }

  // ---- state machine steps ----

  private checkCard(card: CardInput, now: Date) {
    const checked = checkTestCard(card, now);
    if (!checked.ok) {
      if (checked.problem === 'not_a_test_card') throw billingErrors.notATestCard();
      if (checked.problem === 'expired') throw new PaymentDeclinedError(checked.message);
      throw billingErrors.invalidCard(checked.message);
    }
    return checked;
  }

  private async savePaymentMethod(
    customerId: string,
    checked: { card: { brand: string; charges: ChargeOutcome }; last4: string; expMonth: number; expYear: number },
    tx: DatabaseTransaction,
  ): Promise<string> {
    const id = newId('pm');
    await this.ledger.insertPaymentMethod(
      { id, customerId, brand: checked.card.brand, last4: checked.last4, expMonth: checked.expMonth, expYear: checked.expYear, chargeOutcome: checked.card.charges, createdAt: this.clock.now() },
      tx,
    );
    await this.ledger.setCustomerDefaultPaymentMethod(customerId, id, tx);
    return id;
  }

  private async openInvoice(
    subscriptionId: string,
    plan: PaidPlanId,
    isAnnual: boolean,
    discounted: boolean,
    start: Date,
    end: Date,
    tx: DatabaseTransaction,
  ): Promise<SandboxInvoiceRow> {
    const id = newId('in');
    const paymentIntentId = newId('pi');
    const row: SandboxInvoiceRow = {
      id,
      subscriptionId,
      amountCents: invoiceAmountCents(plan, isAnnual, discounted),
      status: 'open',
      paymentIntentId,
      paymentClientSecret: newSecret(paymentIntentId),
      paymentStatus: 'requires_payment_method',
      attemptCount: 0,
      lastError: null,
      periodStart: start,
      periodEnd: end,
      createdAt: this.clock.now(),
    };
    await this.ledger.insertInvoice(row, tx);
    return row;
  }

  /** Settles an invoice: the subscription becomes active for the invoice's period. */
  private async payInvoice(invoice: SandboxInvoiceRow, paymentMethodId: string, tx: DatabaseTransaction): Promise<void> {
    const subscription = await this.ledger.subscriptionForUpdate(invoice.subscriptionId, tx);
    if (!subscription) throw billingErrors.paymentNotFound();
    await this.ledger.updateInvoice(invoice.id, { status: 'paid', paymentStatus: 'succeeded', attemptCount: invoice.attemptCount + 1, lastError: null }, tx);
    await this.ledger.updateSubscription(
      subscription.id,
      {
        status: 'active',
        defaultPaymentMethodId: paymentMethodId,
        currentPeriodStart: invoice.periodStart,
        currentPeriodEnd: invoice.periodEnd,
        pastDueSince: null,
        discountedPeriodsLeft: Math.max(0, subscription.discountedPeriodsLeft - 1),
      },
      tx,
    );
  }

  /** Charges the next period to the saved card. False when it was declined (now past_due). */
  private async renew(row: SandboxSubscriptionRow, tx: DatabaseTransaction): Promise<boolean> {
    if (!isPaidPlan(row.plan as PaidPlanId) || !row.currentPeriodEnd) return false;
    const plan = row.plan as PaidPlanId;
    const start = row.currentPeriodEnd;
    const invoice = await this.openInvoice(row.id, plan, row.isAnnual, row.discountedPeriodsLeft > 0, start, periodEnd(start, row.isAnnual), tx);
    const methodId = row.defaultPaymentMethodId ?? (await this.ledger.customerDefaultPaymentMethod(row.customerId, tx));
    const method = methodId ? await this.ledger.paymentMethod(methodId, tx) : undefined;
    if (!method || method.chargeOutcome !== 'succeeds') {
      await this.ledger.updateInvoice(invoice.id, { attemptCount: 1, lastError: 'Your card was declined.' }, tx);
      await this.ledger.updateSubscription(row.id, { status: 'past_due', pastDueSince: this.clock.now() }, tx);
      return false;
    }
    await this.payInvoice(invoice, method.id, tx);
    return true;
  }

  // ---- views in the port's terms ----

  private setupView(row: { id: string; clientSecret: string; status: string; customerId: string; paymentMethodId: string | null }): ProviderSetupIntent {
    return {
      id: row.id,
      clientSecret: row.clientSecret,
      status: row.status === 'succeeded' || row.status === 'canceled' ? row.status : 'requires_payment_method',
      customerId: row.customerId,
      paymentMethodId: row.paymentMethodId,
    };
  }

  private subscriptionView(row: SandboxSubscriptionRow, latest: SandboxInvoiceRow | undefined): ProviderSubscription {
    const status = row.status === 'active' ? 'active' : row.status === 'past_due' ? 'past_due' : row.status === 'incomplete' ? 'incomplete' : 'ended';
    const pending = status === 'incomplete' && latest?.status === 'open';
    const plan = isPlanId(row.plan) && isPaidPlan(row.plan) ? row.plan : null;
    return {
      id: row.id,
      customerId: row.customerId,
      status,
      currentPeriodEnd: row.currentPeriodEnd,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      price: plan ? { plan, isAnnual: row.isAnnual } : null,
      pendingPayment: pending && latest ? { clientSecret: latest.paymentClientSecret, status: 'requires_payment_method' } : null,
      amountDueCents: latest?.status === 'open' ? latest.amountCents : plan ? invoiceAmountCents(plan, row.isAnnual, row.discountedPeriodsLeft > 0) : 0,
    };
  }
}
