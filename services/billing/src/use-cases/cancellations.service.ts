import { Inject, Injectable } from '@nestjs/common';
import { CLOCK } from '@wildframe/platform';
import type { Clock, Identity } from '@wildframe/platform';
import { billingErrors } from '../domain/billing.errors';
import { PAYMENT_PROVIDER } from '../domain/payment-provider';
import type { PaymentProvider } from '../domain/payment-provider';
import { toSummary } from '../domain/subscription-summary';
import { SubscriptionsRepository } from '../repositories/subscriptions.repository';
import { SubscriptionSync } from './subscription-sync.service';

export type { Cancellation, Resumption } from '../dto/billing.responses';
import type { Cancellation, Resumption } from '../dto/billing.responses';

/**
 * Cancellation keeps access until the billing period ends (spec, "Upgrade" states); the
 * scheduled job then returns the user to explorer. Canceling twice changes nothing. Until the
 * period ends the cancellation can be taken back (resume): the plan renews as before.
 */
@Injectable()
export class Cancellations {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly sync: SubscriptionSync,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** POST /api/cancel-subscription */
  async cancel(identity: Identity): Promise<Cancellation> {
    const live = await this.subscriptions.liveForUser(identity.userId);
    if (!live?.providerSubscriptionId) throw billingErrors.noActiveSubscription();
    const row = live.cancelAtPeriodEnd ? live : ((await this.sync.apply(await this.provider.cancelAtPeriodEnd(live.providerSubscriptionId))) ?? live);
    return { accessUntil: row.currentPeriodEnd?.toISOString() ?? null, subscription: toSummary(row) };
  }

  /** POST /api/resume-subscription: resuming one that is not canceled changes nothing. */
  async resume(identity: Identity): Promise<Resumption> {
    const live = await this.subscriptions.liveForUser(identity.userId);
    if (!live?.providerSubscriptionId) throw billingErrors.noActiveSubscription('resume');
    if (!live.cancelAtPeriodEnd) return { subscription: toSummary(live) };
    if (live.currentPeriodEnd && live.currentPeriodEnd <= this.clock.now()) throw billingErrors.nothingToResume();
    const row = (await this.sync.apply(await this.provider.resume(live.providerSubscriptionId))) ?? live;
    if (row.cancelAtPeriodEnd || row.status === 'ended') throw billingErrors.nothingToResume();
    return { subscription: toSummary(row) };
  }
}
