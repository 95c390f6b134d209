import { Inject, Injectable, Logger } from '@nestjs/common';
import { PLANS } from '@wildframe/contracts';
import type { PlanId } from '@wildframe/contracts';
import { CLOCK } from '@wildframe/platform';
import type { Clock, Identity } from '@wildframe/platform';
import type { Subscription } from '../domain/subscription';
import { billingErrors } from '../domain/billing.errors';
import { PAYMENT_PROVIDER } from '../domain/payment-provider';
import type { PaymentProvider, ProviderSubscription } from '../domain/payment-provider';
import { acceptPromoCode, invoiceAmountCents, isPaidPlan, planRank } from '../domain/pricing';
import { upgradeCreditCents } from '../domain/proration';
import type { PaidPlanId } from '../domain/pricing';
import { toSummary } from '../domain/subscription-summary';
import type { CompleteUpgradeBody, UpgradeBody } from '../dto/billing.dto';
import { CustomersRepository } from '../repositories/customers.repository';
import { SubscriptionsRepository } from '../repositories/subscriptions.repository';
import { SubscriptionSync } from './subscription-sync.service';

/** What the web needs to take the payment of an upgrade. */
export type { CompletedUpgrade, UpgradePayment } from '../dto/billing.responses';
import type { CompletedUpgrade, UpgradePayment } from '../dto/billing.responses';

const promoRefusals = { invalid: billingErrors.promoInvalid, monthlyOnly: billingErrors.promoMonthlyOnly };

/**
 * Upgrades (spec, "Upgrade" states): a new subscription on the higher plan waits for its first
 * payment; once paid it becomes the user's subscription and the one it replaces ends at the
 * provider. Only upgrades: the plan order is explorer < enthusiast < professional. The unused
 * part of the replaced plan's paid period is credited to the first payment, and what exceeds it
 * to the customer's account for the following invoices (both shown before paying).
 */
@Injectable()
export class Upgrades {
  private readonly logger = new Logger('Upgrades');

  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly customers: CustomersRepository,
    private readonly sync: SubscriptionSync,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** POST /api/get-or-create-subscription */
  async getOrCreate(identity: Identity, input: UpgradeBody): Promise<UpgradePayment> {
    if (!isPaidPlan(input.plan)) throw billingErrors.notAnUpgrade();
    const promoCode = acceptPromoCode(input.promoCode, input.isAnnual, promoRefusals);
    const live = await this.subscriptions.liveForUser(identity.userId);
    const current = this.currentPlan(identity.plan, live);
    if (input.plan === current) throw billingErrors.alreadyOnPlan(PLANS[current].name);
    if (planRank(input.plan) < planRank(current)) throw billingErrors.notAnUpgrade();

    // The same upgrade already waiting for payment is answered again (a reload, a second tab);
    // any other unpaid one is given up.
    for (const pending of await this.subscriptions.incompleteForUser(identity.userId)) {
      const id = pending.providerSubscriptionId as string;
      if (pending.plan === input.plan && pending.isAnnual === input.isAnnual && pending.promoCode === promoCode) {
        const remote = await this.provider.getSubscription(id);
        if (remote.status === 'active') await this.sync.apply(remote);
        if (remote.status === 'active' || (remote.status === 'incomplete' && remote.pendingPayment)) return this.paymentOf(remote, input.plan, input.isAnnual, promoCode);
      }
      await this.abandon(pending);
    }

    const customerId = await this.customerFor(identity);
    // The unused part of what the current plan's period cost comes off the first payment.
    const creditCents = upgradeCreditCents(live, this.clock.now());
    const remote = await this.provider.createSubscription({ customerId, plan: input.plan, isAnnual: input.isAnnual, promo: promoCode !== null, userId: identity.userId, creditCents });
    await this.subscriptions.insert({
      userId: identity.userId,
      plan: input.plan,
      isAnnual: input.isAnnual,
      status: 'incomplete',
      provider: this.provider.name,
      providerCustomerId: customerId,
      providerSubscriptionId: remote.id,
      currentPeriodEnd: null,
      promoCode,
      createdAt: this.clock.now(),
    });
    if (remote.status !== 'incomplete') await this.sync.apply(remote);
    return this.paymentOf(remote, input.plan, input.isAnnual, promoCode);
  }

  /** POST /api/complete-subscription-upgrade: after the web confirmed the payment. */
  async complete(identity: Identity, input: CompleteUpgradeBody): Promise<CompletedUpgrade> {
    const pending = (await this.subscriptions.incompleteForUser(identity.userId)).filter((row) => row.plan === input.plan && row.isAnnual === input.isAnnual);
    let row: Subscription | undefined;
    // Normally one; two when the same upgrade was asked for twice at once. The paid one wins.
    for (const candidate of pending) {
      const after = await this.sync.refresh(candidate.providerSubscriptionId as string);
      if (after?.status === 'active') {
        row = after;
        break;
      }
    }
    if (!row) {
      if (pending.length > 0) throw billingErrors.paymentNotCompleted();
      // Completed already (a retry, or the provider's webhook came first).
      row = await this.subscriptions.liveForUser(identity.userId);
      if (!row || row.plan !== input.plan || row.isAnnual !== input.isAnnual) throw billingErrors.noPendingUpgrade();
    }
    return { plan: row.plan, planExpiry: row.currentPeriodEnd?.toISOString() ?? null, subscription: toSummary(row) };
  }

  /** The higher of what auth says (an admin may have set it) and what billing holds. */
  private currentPlan(authPlan: PlanId, live: Subscription | undefined): PlanId {
    const billed = live?.plan ?? 'explorer';
    return planRank(billed) > planRank(authPlan) ? billed : authPlan;
  }

  private async customerFor(identity: Identity): Promise<string> {
    const known = await this.customers.find(identity.userId, this.provider.name);
    if (known) return known;
    const created = await this.provider.createCustomer({ email: identity.email, name: `${identity.firstName} ${identity.lastName}`.trim(), userId: identity.userId });
    return this.customers.save(identity.userId, this.provider.name, created);
  }

  private async abandon(row: Subscription): Promise<void> {
    // Only while still unpaid: a payment that came meanwhile stands.
    if (!(await this.subscriptions.abandonIncomplete(row.id, this.clock.now())) || !row.providerSubscriptionId) return;
    await this.provider.cancelNow(row.providerSubscriptionId).catch((error: unknown) =>
      this.logger.warn({ err: error, subscriptionId: row.id }, 'could not cancel an abandoned upgrade at the provider'),
    );
  }

  private async paymentOf(remote: ProviderSubscription, plan: PaidPlanId, isAnnual: boolean, promoCode: string | null): Promise<UpgradePayment> {
    const waiting = remote.status === 'incomplete' ? remote.pendingPayment : null;
    // What the first invoice would have cost without the credit, less what it costs.
    const credit = waiting ? Math.max(0, invoiceAmountCents(plan, isAnnual, promoCode !== null) - remote.amountDueCents) : 0;
    // The account credit after this payment: what the provider holds now and, once paid, this upgrade's excess.
    const carried = (await this.provider.accountCreditCents(remote.customerId)) + remote.creditToCarryCents;
    return {
      subscriptionId: remote.id,
      status: waiting ? waiting.status : remote.status,
      ...(waiting?.status === 'requires_payment_method' ? { clientSecret: waiting.clientSecret } : {}),
      plan,
      isAnnual,
      amountDue: remote.amountDueCents / 100,
      credit: credit / 100,
      creditCarried: carried / 100,
      currency: 'usd',
      promoCode,
    };
  }
}
