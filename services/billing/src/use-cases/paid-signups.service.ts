import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AccountView } from '@wildframe/contracts';
import { CLOCK } from '@wildframe/platform';
import type { Clock } from '@wildframe/platform';
import type { Signup } from '../domain/signup';
import { billingErrors } from '../domain/billing.errors';
import { PAYMENT_PROVIDER } from '../domain/payment-provider';
import type { PaymentProvider, ProviderSubscription } from '../domain/payment-provider';
import { acceptPromoCode, isPaidPlan } from '../domain/pricing';
import { toSummary } from '../domain/subscription-summary';
import type { SubscriptionSummary } from '../domain/subscription-summary';
import type { CompleteSubscriptionBody, CreateSubscriptionSignupBody } from '../dto/billing.dto';
import { AccountsClient } from '../repositories/accounts.client';
import { CustomersRepository } from '../repositories/customers.repository';
import { SignupsRepository } from '../repositories/signups.repository';
import { SubscriptionsRepository } from '../repositories/subscriptions.repository';
import { SubscriptionSync } from './subscription-sync.service';

export type { SignupSetup } from '../dto/billing.responses';
import type { SignupSetup } from '../dto/billing.responses';

export interface CompletedSignup {
  sessionToken: string;
  user: AccountView;
  subscription: SubscriptionSummary;
}

const promoRefusals = { invalid: billingErrors.promoInvalid, monthlyOnly: billingErrors.promoMonthlyOnly };

/**
 * Signup on a paid plan (spec, "Signup" states): auth creates the account inactive (billing never
 * keeps the password), the provider saves a card through a setup, then completing subscribes
 * with that card and has auth activate the account on its plan until the period ends. An unpaid
 * pending account never blocks its address: any new signup with it replaces it in auth, except
 * while completing holds it for the charge; a signup whose account was replaced is refused
 * before anything is charged.
 */
@Injectable()
export class PaidSignups {
  private readonly logger = new Logger('PaidSignups');

  constructor(
    private readonly accounts: AccountsClient,
    private readonly signups: SignupsRepository,
    private readonly customers: CustomersRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly sync: SubscriptionSync,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** POST /api/create-subscription-signup */
  async start(input: CreateSubscriptionSignupBody): Promise<SignupSetup> {
    if (!isPaidPlan(input.plan)) throw billingErrors.notAPaidPlan();
    const email = input.email.trim().toLowerCase();
    // An earlier signup with this address that never paid gives way (the visitor went back).
    for (const earlier of await this.signups.pendingForEmail(email)) await this.abandon(earlier);

    const { userId } = await this.accounts.createPendingAccount({ email, firstName: input.firstName, lastName: input.lastName, password: input.password });
    try {
      const customerId = await this.customers.save(
        userId,
        this.provider.name,
        await this.provider.createCustomer({ email, name: `${input.firstName} ${input.lastName}`, userId }),
      );
      const setup = await this.provider.createSetupIntent(customerId, { userId });
      await this.signups.insert({ setupIntentId: setup.id, userId, email, provider: this.provider.name, providerCustomerId: customerId, createdAt: this.clock.now() });
      return { clientSecret: setup.clientSecret, setupIntentId: setup.id };
    } catch (error) {
      await this.accounts.discardPendingAccount(userId).catch((discardError: unknown) => this.logger.error({ err: discardError, userId }, 'could not discard a pending account'));
      throw error;
    }
  }

  /** POST /api/complete-subscription */
  async complete(input: CompleteSubscriptionBody): Promise<CompletedSignup> {
    if (!isPaidPlan(input.plan)) throw billingErrors.notAPaidPlan();
    const promoCode = acceptPromoCode(input.promoCode, input.isAnnual, promoRefusals);
    const signup = await this.signups.bySetupIntent(input.setupIntentId);
    if (!signup || signup.status === 'abandoned') throw billingErrors.signupNotFound();
    if (signup.status === 'completed') throw billingErrors.signupAlreadyComplete();

    let providerSubscriptionId = signup.providerSubscriptionId;
    if (signup.status === 'pending') {
      const setup = await this.provider.getSetupIntent(signup.setupIntentId);
      if (setup.status !== 'succeeded' || !setup.paymentMethodId) throw billingErrors.setupNotConfirmed();
      // Claimed first, so two completions at once never subscribe (and charge) twice.
      if (!(await this.signups.advance(signup.id, 'pending', 'subscribing'))) throw billingErrors.signupAlreadyComplete();
      // Before charging, auth holds the pending account, so no new signup replaces it while the
      // payment is taken; when one already has, nothing is charged.
      try {
        await this.accounts.holdPendingAccount(signup.userId);
      } catch (error) {
        const replaced = (error as { code?: string }).code === 'SIGNUP_REPLACED';
        await this.signups.advance(signup.id, 'subscribing', replaced ? 'abandoned' : 'pending');
        throw error;
      }
      let remote: ProviderSubscription;
      try {
        remote = await this.provider.createSubscription({
          customerId: signup.providerCustomerId,
          plan: input.plan,
          isAnnual: input.isAnnual,
          promo: promoCode !== null,
          paymentMethodId: setup.paymentMethodId,
          userId: signup.userId,
        });
      } catch (error) {
        await this.signups.advance(signup.id, 'subscribing', 'pending');
        // Not charged: the address may be taken by a new signup again at once.
        await this.accounts.releasePendingAccount(signup.userId).catch((releaseError: unknown) => this.logger.warn({ err: releaseError, signupId: signup.id }, 'could not release a checkout hold'));
        throw error;
      }
      // Recorded at once: from here on, completing again resumes instead of subscribing anew.
      await this.signups.advance(signup.id, 'subscribing', 'subscribed', { providerSubscriptionId: remote.id });
      providerSubscriptionId = remote.id;
      await this.subscriptions.insert({
        userId: signup.userId,
        plan: input.plan,
        isAnnual: input.isAnnual,
        status: 'incomplete',
        provider: this.provider.name,
        providerCustomerId: signup.providerCustomerId,
        providerSubscriptionId: remote.id,
        currentPeriodEnd: null,
        promoCode,
        createdAt: this.clock.now(),
      });
      await this.sync.apply(remote);
    }
    if (!providerSubscriptionId) throw billingErrors.signupAlreadyComplete();

    // Paid: the account goes live on its plan. A failure here is resumed by completing again.
    let row = await this.subscriptions.byProviderId(providerSubscriptionId);
    if (row && row.status !== 'active') row = await this.sync.refresh(providerSubscriptionId);
    if (!row || row.status !== 'active' || !row.currentPeriodEnd) throw billingErrors.paymentNotCompleted();
    const activated = await this.accounts.activateAccount(signup.userId, row.plan, row.currentPeriodEnd.toISOString());
    await this.signups.advance(signup.id, 'subscribed', 'completed');
    return { sessionToken: activated.sessionToken, user: activated.user, subscription: toSummary(row) };
  }

  /** The job: signups left unpaid for `maxAgeMs` are given up, with their inactive accounts. */
  async abandonStale(maxAgeMs: number): Promise<number> {
    const stale = await this.signups.pendingCreatedBefore(new Date(this.clock.now().getTime() - maxAgeMs));
    let abandoned = 0;
    for (const signup of stale) if (await this.abandon(signup)) abandoned++;
    return abandoned;
  }

  private async abandon(signup: Signup): Promise<boolean> {
    if (!(await this.signups.advance(signup.id, 'pending', 'abandoned'))) return false;
    await this.provider.cancelSetupIntent(signup.setupIntentId).catch((error: unknown) => this.logger.warn({ err: error, signupId: signup.id }, 'could not cancel an abandoned setup'));
    await this.accounts.discardPendingAccount(signup.userId);
    return true;
  }
}
