import { isPlanId, LAUNCH_PROMO } from '@wildframe/contracts';
import type { Clock } from '@wildframe/platform';
import { randomBytes } from 'node:crypto';
import { billingErrors } from '../../domain/billing.errors';
import { PaymentDeclinedError } from '../../domain/payment-provider';
import type { CreateSubscriptionInput, PaymentProvider, ProviderSetupIntent, ProviderSubscription } from '../../domain/payment-provider';
import { invoiceAmountCents, isPaidPlan, periodEnd, PROMO_PERIODS } from '../../domain/pricing';
import type { PaidPlanId } from '../../domain/pricing';
import type { SandboxInvoice, SandboxLedger, SandboxPaymentMethod, SandboxSetupIntent, SandboxSubscription } from './sandbox-ledger.repository';
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
    await this.ledger.insertCustomer({ id, email: input.email, name: input.name, defaultPaymentMethodId: null, createdAt: this.clock.now() });
    return id;
  }

  async createSetupIntent(customerId: string): Promise<ProviderSetupIntent> {
    const id = newId('seti');
    const clientSecret = newSecret(id);
    await this.ledger.insertSetupIntent({ id, clientSecret, customerId, status: 'requires_payment_method', paymentMethodId: null, lastError: null, createdAt: this.clock.now() });
    return { id, clientSecret, status: 'requires_payment_method', customerId, paymentMethodId: null };
  }

  async getSetupIntent(id: string): Promise<ProviderSetupIntent> {
    const row = await this.ledger.setupIntent(id);
    if (!row) throw billingErrors.signupNotFound();
    return this.setupView(row);
  }

  async cancelSetupIntent(id: string): Promise<void> {
    const row = await this.ledger.setupIntent(id);
    if (row && row.status === 'requires_payment_method') await this.ledger.updateSetupIntent(id, 'requires_payment_method', { status: 'canceled' });
  }

  /** What Stripe.js's confirmSetup does for a card: save it, or refuse it. */
  async confirmSetup(clientSecret: string, card: CardInput): Promise<ConfirmedSetup> {
    const now = this.clock.now();
    for (;;) {
      const setup = await this.ledger.setupIntentBySecret(clientSecret);
      if (!setup || setup.status === 'canceled') throw billingErrors.signupNotFound();
      if (setup.status === 'succeeded' && setup.paymentMethodId) {
        const saved = await this.ledger.paymentMethod(setup.paymentMethodId);
        return { setupIntent: this.setupView(setup), paymentMethod: { brand: saved?.brand ?? 'card', last4: saved?.last4 ?? '' } };
      }
      const checked = this.checkCard(card, now);
      if (checked.card.setup === 'declines') {
        // The refusal is recorded before it is reported.
        await this.ledger.updateSetupIntent(setup.id, 'requires_payment_method', { lastError: checked.card.declineMessage });
        throw new PaymentDeclinedError(checked.card.declineMessage);
      }
      const method = this.paymentMethodOf(setup.customerId, checked);
      await this.ledger.insertPaymentMethod(method);
      if (await this.ledger.updateSetupIntent(setup.id, 'requires_payment_method', { status: 'succeeded', paymentMethodId: method.id, lastError: null })) {
        await this.ledger.setCustomerDefaultPaymentMethod(setup.customerId, method.id);
        return { setupIntent: this.setupView({ ...setup, status: 'succeeded', paymentMethodId: method.id }), paymentMethod: { brand: method.brand, last4: method.last4 } };
      }
      // Another confirmation (or a cancellation) came first: its outcome stands, this card goes.
      await this.ledger.deletePaymentMethod(method.id);
    }
  }

  async createSubscription(input: CreateSubscriptionInput): Promise<ProviderSubscription> {
    const now = this.clock.now();
    const id = newId('sub');
    const opened = this.openInvoice(input.plan, input.isAnnual, input.promo, now, periodEnd(now, input.isAnnual));
    // The upgrade's credit comes off first; what exceeds this invoice is carried to the account
    // once it is paid. Account credit from before pays what is left, as Stripe's balance does.
    const upgradeCredit = Math.min(input.creditCents ?? 0, opened.amountCents);
    const afterUpgradeCredit = opened.amountCents - upgradeCredit;
    const fromAccount = -(await this.ledger.changeCredit(input.customerId, invoiceCreditKey(opened.id), (balance) => -Math.min(balance, afterUpgradeCredit), now));
    const invoice = { ...opened, amountCents: afterUpgradeCredit - fromAccount };
    let row: SandboxSubscription = {
      id,
      customerId: input.customerId,
      plan: input.plan,
      isAnnual: input.isAnnual,
      status: 'incomplete',
      defaultPaymentMethodId: null,
      currentPeriodStart: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      promoCode: input.promo ? LAUNCH_PROMO.code : null,
      discountedPeriodsLeft: input.promo ? PROMO_PERIODS : 0,
      pastDueSince: null,
      endedAt: null,
      createdAt: now,
      creditToCarryCents: (input.creditCents ?? 0) - upgradeCredit,
      invoices: [invoice],
    };
    let declined: string | null = null;
    if (input.paymentMethodId) {
      const method = await this.ledger.paymentMethod(input.paymentMethodId);
      if (!method || method.customerId !== input.customerId) {
        await this.returnCreditOf(input.customerId, invoiceCreditKey(invoice.id));
        throw billingErrors.setupNotConfirmed();
      }
      if (method.chargeOutcome === 'declines') {
        // Stripe's error_if_incomplete: a refused first charge leaves no live subscription behind.
        declined = 'Your card was declined.';
        row = {
          ...row,
          status: 'incomplete_expired',
          endedAt: now,
          invoices: [{ ...invoice, status: 'void', paymentStatus: 'canceled', attemptCount: 1, lastError: declined }],
        };
      } else {
        row = payInvoice(row, invoice.id, method.id);
      }
    }
    await this.ledger.insertSubscription(row);
    await this.settleCredit(row);
    if (declined) throw new PaymentDeclinedError(declined);
    return this.getSubscription(id);
  }

  /** The customer's account credit, in cents. */
  accountCreditCents(customerId: string): Promise<number> {
    return this.ledger.creditBalance(customerId);
  }

  /** What Stripe.js's confirmPayment does for a card: pay the invoice, or refuse. */
  async confirmPayment(clientSecret: string, card: CardInput): Promise<{ status: 'succeeded'; subscriptionId: string }> {
    const now = this.clock.now();
    const subscriptionId = await this.ledger.subscriptionIdByPaymentSecret(clientSecret);
    const subscription = subscriptionId ? await this.ledger.subscription(subscriptionId) : undefined;
    const invoice = subscription?.invoices.find((i) => i.paymentClientSecret === clientSecret);
    if (!subscription || !invoice || invoice.status === 'void') throw billingErrors.paymentNotFound();
    if (invoice.status === 'paid') return { status: 'succeeded', subscriptionId: subscription.id };
    if (!['incomplete', 'past_due'].includes(subscription.status)) throw billingErrors.paymentNotFound();
    const checked = this.checkCard(card, now);
    if (checked.card.charges === 'declines') {
      const message = checked.card.declineMessage;
      await this.ledger.changeSubscription(subscription.id, (current) => ({
        next: withInvoice(current, invoice.id, (open) => (open.status === 'open' ? { ...open, attemptCount: open.attemptCount + 1, lastError: message } : open)),
        result: null,
      }));
      throw new PaymentDeclinedError(message);
    }
    const method = this.paymentMethodOf(subscription.customerId, checked);
    await this.ledger.insertPaymentMethod(method);
    const outcome = await this.ledger.changeSubscription(subscription.id, (current) => {
      const latest = current.invoices.find((i) => i.id === invoice.id);
      if (latest?.status === 'paid') return { next: null, result: 'paid already' as const };
      if (!latest || latest.status === 'void' || !['incomplete', 'past_due'].includes(current.status)) return { next: null, result: 'gone' as const };
      return { next: payInvoice(current, invoice.id, method.id), result: 'paid' as const };
    });
    if (outcome?.result !== 'paid') {
      // Another payment settled it first (it alone is charged), or it went meanwhile: this card goes.
      await this.ledger.deletePaymentMethod(method.id);
      if (outcome?.result !== 'paid already') throw billingErrors.paymentNotFound();
    } else {
      await this.ledger.setCustomerDefaultPaymentMethod(subscription.customerId, method.id);
    }
    const paid = await this.ledger.subscription(subscription.id);
    if (paid) await this.settleCredit(paid);
    return { status: 'succeeded', subscriptionId: subscription.id };
  }

  async getSubscription(id: string): Promise<ProviderSubscription> {
    const row = await this.ledger.subscription(id);
    if (!row) throw billingErrors.paymentNotFound();
    return this.subscriptionView(row);
  }

  async cancelAtPeriodEnd(id: string): Promise<ProviderSubscription> {
    const row = await this.ledger.subscription(id);
    if (!row) throw billingErrors.paymentNotFound();
    if (row.status === 'incomplete') return this.cancelNow(id);
    await this.ledger.changeSubscription(id, (current) => ({
      next: current.status === 'active' || current.status === 'past_due' ? { ...current, cancelAtPeriodEnd: true } : null,
      result: null,
    }));
    return this.getSubscription(id);
  }

  async resume(id: string): Promise<ProviderSubscription> {
    const now = this.clock.now();
    const changed = await this.ledger.changeSubscription(id, (current) => {
      const running = (current.status === 'active' || current.status === 'past_due') && (!current.currentPeriodEnd || current.currentPeriodEnd > now);
      return { next: running && current.cancelAtPeriodEnd ? { ...current, cancelAtPeriodEnd: false } : null, result: null };
    });
    if (!changed) throw billingErrors.paymentNotFound();
    return this.getSubscription(id);
  }

  async cancelNow(id: string): Promise<ProviderSubscription> {
    const now = this.clock.now();
    const changed = await this.ledger.changeSubscription(id, (current) => {
      if (current.status === 'canceled' || current.status === 'incomplete_expired') return { next: null, result: null };
      return {
        next: {
          ...current,
          status: current.status === 'incomplete' ? 'incomplete_expired' : 'canceled',
          endedAt: now,
          invoices: current.invoices.map((invoice) => (invoice.status === 'open' ? { ...invoice, status: 'void', paymentStatus: 'canceled' } : invoice)),
        },
        result: null,
      };
    });
    if (!changed) throw billingErrors.paymentNotFound();
    const ended = await this.ledger.subscription(id);
    if (ended) await this.settleCredit(ended);
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
      // One period per step, each step one change of the subscription with its new invoice.
      for (let renewals = 0; renewals < MAX_RENEWALS_PER_RUN; renewals++) {
        const row = await this.ledger.subscription(id);
        if (!row) break;
        const methodId = row.defaultPaymentMethodId ?? (await this.ledger.customer(row.customerId))?.defaultPaymentMethodId;
        const method = methodId ? await this.ledger.paymentMethod(methodId) : undefined;
        const credit = await this.reserveRenewalCredit(row, now);
        const step = await this.ledger.changeSubscription(id, (current) => {
          if (current.status !== 'active' || !current.currentPeriodEnd || current.currentPeriodEnd > now) return { next: null, result: 'done' as const };
          if (current.cancelAtPeriodEnd) return { next: { ...current, status: 'canceled', endedAt: current.currentPeriodEnd }, result: 'ended' as const };
          return this.renew(current, method, credit && credit.periodStart.getTime() === current.currentPeriodEnd.getTime() ? credit.cents : 0);
        });
        if (credit) await this.releaseRenewalCredit(id, row.customerId, credit);
        if (!step || step.result === 'done') break;
        changed.add(id);
        if (step.result !== 'renewed') break;
      }
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

  private paymentMethodOf(
    customerId: string,
    checked: { card: { brand: string; charges: ChargeOutcome }; last4: string; expMonth: number; expYear: number },
  ): SandboxPaymentMethod {
    return {
      id: newId('pm'),
      customerId,
      brand: checked.card.brand,
      last4: checked.last4,
      expMonth: checked.expMonth,
      expYear: checked.expYear,
      chargeOutcome: checked.card.charges,
      createdAt: this.clock.now(),
    };
  }

  private openInvoice(plan: PaidPlanId, isAnnual: boolean, discounted: boolean, start: Date, end: Date): SandboxInvoice {
    const paymentIntentId = newId('pi');
    return {
      id: newId('in'),
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
  }

  /**
   * Charges the next period to the saved card, less `creditCents` of account credit reserved for
   * it: renewed (also when the credit pays all of it), or declined (now past_due).
   */
  private renew(row: SandboxSubscription, method: SandboxPaymentMethod | undefined, creditCents: number): { next: SandboxSubscription | null; result: 'renewed' | 'declined' | 'done' } {
    if (!isPaidPlan(row.plan as PaidPlanId) || !row.currentPeriodEnd) return { next: null, result: 'done' };
    const start = row.currentPeriodEnd;
    const opened = this.openInvoice(row.plan as PaidPlanId, row.isAnnual, row.discountedPeriodsLeft > 0, start, periodEnd(start, row.isAnnual));
    const invoice = { ...opened, amountCents: Math.max(0, opened.amountCents - creditCents) };
    if (invoice.amountCents > 0 && (!method || method.chargeOutcome !== 'succeeds')) {
      const declined: SandboxInvoice = { ...invoice, attemptCount: 1, lastError: 'Your card was declined.' };
      return { next: { ...row, status: 'past_due', pastDueSince: this.clock.now(), invoices: [...row.invoices, declined] }, result: 'declined' };
    }
    return { next: payInvoice({ ...row, invoices: [...row.invoices, invoice] }, invoice.id, method?.id ?? row.defaultPaymentMethodId), result: 'renewed' };
  }

  // ---- account credit ----

  /**
   * Brings the account credit in line with what happened to a subscription (each step once, by
   * its key, so a retry or a crash in between is made good the next time): an upgrade paid for
   * carries its excess credit to the account; a voided invoice gives back the account credit it took.
   */
  private async settleCredit(row: SandboxSubscription): Promise<void> {
    const now = this.clock.now();
    const firstPaid = row.invoices[0]?.status === 'paid';
    if (row.creditToCarryCents > 0 && firstPaid && !(await this.ledger.creditEntry(row.customerId, carryKey(row.id)))) {
      await this.ledger.changeCredit(row.customerId, carryKey(row.id), () => row.creditToCarryCents, now);
    }
    for (const invoice of row.invoices) {
      if (invoice.status !== 'void') continue;
      await this.returnCreditOf(row.customerId, invoiceCreditKey(invoice.id));
      await this.returnCreditOf(row.customerId, renewalCreditKey(row.id, invoice.periodStart));
    }
  }

  /** Gives back the account credit an invoice took (its first-invoice or renewal key), once it will never be paid. */
  private async returnCreditOf(customerId: string, key: string): Promise<void> {
    const taken = await this.ledger.creditEntry(customerId, key);
    if (taken && taken.amountCents < 0) await this.ledger.changeCredit(customerId, `returned:${key}`, () => -taken.amountCents, this.clock.now());
  }

  /**
   * Takes the account credit for the renewal that is due (keyed by subscription and period, so
   * runs racing for it take it once), before the renewal is written.
   */
  private async reserveRenewalCredit(row: SandboxSubscription, now: Date): Promise<{ periodStart: Date; cents: number } | null> {
    const plan = row.plan as PaidPlanId;
    if (row.status !== 'active' || row.cancelAtPeriodEnd || !row.currentPeriodEnd || row.currentPeriodEnd > now || !isPlanId(plan) || !isPaidPlan(plan)) return null;
    await this.settleCredit(row);
    const due = invoiceAmountCents(plan, row.isAnnual, row.discountedPeriodsLeft > 0);
    const taken = await this.ledger.changeCredit(row.customerId, renewalCreditKey(row.id, row.currentPeriodEnd), (balance) => -Math.min(balance, due), now);
    return { periodStart: row.currentPeriodEnd, cents: -taken };
  }

  /** Gives a renewal's reserved credit back when that period was never invoiced and never will be (it ended or was canceled). */
  private async releaseRenewalCredit(id: string, customerId: string, credit: { periodStart: Date; cents: number }): Promise<void> {
    if (credit.cents === 0) return;
    const after = await this.ledger.subscription(id);
    if (!after) return;
    const invoiced = after.invoices.some((invoice) => invoice.periodStart.getTime() === credit.periodStart.getTime());
    const stillDue = (after.status === 'active' || after.status === 'past_due') && after.currentPeriodEnd?.getTime() === credit.periodStart.getTime() && !after.cancelAtPeriodEnd;
    if (invoiced || stillDue) return;
    await this.returnCreditOf(customerId, renewalCreditKey(id, credit.periodStart));
  }

  // ---- views in the port's terms ----

  private setupView(row: Pick<SandboxSetupIntent, 'id' | 'clientSecret' | 'status' | 'customerId' | 'paymentMethodId'>): ProviderSetupIntent {
    return {
      id: row.id,
      clientSecret: row.clientSecret,
      status: row.status === 'succeeded' || row.status === 'canceled' ? row.status : 'requires_payment_method',
      customerId: row.customerId,
      paymentMethodId: row.paymentMethodId,
    };
  }

  private subscriptionView(row: SandboxSubscription): ProviderSubscription {
    const latest = row.invoices.at(-1);
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
      creditToCarryCents: row.invoices[0]?.status === 'paid' ? 0 : row.creditToCarryCents,
    };
  }
}

const carryKey = (subscriptionId: string) => `carry:${subscriptionId}`;
const invoiceCreditKey = (invoiceId: string) => `invoice:${invoiceId}`;
const renewalCreditKey = (subscriptionId: string, periodStart: Date) => `renewal:${subscriptionId}:${periodStart.toISOString()}`;

function withInvoice(row: SandboxSubscription, invoiceId: string, change: (invoice: SandboxInvoice) => SandboxInvoice): SandboxSubscription {
  return { ...row, invoices: row.invoices.map((invoice) => (invoice.id === invoiceId ? change(invoice) : invoice)) };
}

/** Settles an invoice: the subscription becomes active for the invoice's period. */
function payInvoice(row: SandboxSubscription, invoiceId: string, paymentMethodId: string | null): SandboxSubscription {
  const invoice = row.invoices.find((i) => i.id === invoiceId);
  if (!invoice) return row;
  return {
    ...withInvoice(row, invoiceId, (open) => ({ ...open, status: 'paid', paymentStatus: 'succeeded', attemptCount: open.attemptCount + 1, lastError: null })),
    status: 'active',
    defaultPaymentMethodId: paymentMethodId,
    currentPeriodStart: invoice.periodStart,
    currentPeriodEnd: invoice.periodEnd,
    pastDueSince: null,
    discountedPeriodsLeft: Math.max(0, row.discountedPeriodsLeft - 1),
  };
}
