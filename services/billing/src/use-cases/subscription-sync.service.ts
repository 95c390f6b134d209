import { Inject, Injectable, Logger } from '@nestjs/common';
import { CLOCK } from '@wildframe/platform';
import type { Clock, DatabaseTransaction } from '@wildframe/platform';
import type { SubscriptionRow } from '../db/schema';
import { PAYMENT_PROVIDER } from '../domain/payment-provider';
import type { PaymentProvider, ProviderSubscription } from '../domain/payment-provider';
import { applyProviderState, isDueToExpire } from '../domain/subscription-state';
import type { SubscriptionNotice } from '../domain/subscription-state';
import { stateOf, SubscriptionsRepository } from '../repositories/subscriptions.repository';
import { SubscriptionEvents } from '../repositories/subscription-events';

/**
 * Keeps billing's subscriptions in step with the payment provider and tells the rest of the
 * system (billing.subscription.*.v1). Every path that learns something from the provider — the
 * web's completion calls, Stripe's webhook, the sandbox's renewals — goes through `apply`, so
 * each change is announced once however many paths report it.
 */
@Injectable()
export class SubscriptionSync {
  private readonly logger = new Logger('SubscriptionSync');

  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly events: SubscriptionEvents,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Asks the provider for the subscription's current state and applies it. */
  async refresh(providerSubscriptionId: string): Promise<SubscriptionRow | undefined> {
    if (!(await this.subscriptions.byProviderId(providerSubscriptionId))) {
      this.logger.warn({ providerSubscriptionId }, 'ignoring a subscription billing did not create');
      return undefined;
    }
    return this.apply(await this.provider.getSubscription(providerSubscriptionId));
  }

  /** Applies the provider's view of a subscription; undefined when billing does not know it. */
  async apply(remote: ProviderSubscription): Promise<SubscriptionRow | undefined> {
    const now = this.clock.now();
    const result = await this.subscriptions.transition(
      remote.id,
      now,
      (row) => {
        const { next, notices } = applyProviderState(stateOf(row), remote);
        return { next, detail: notices };
      },
      (tx, change) => this.store(tx, change.detail, change.after, now),
    );
    if (!result) return undefined;
    await this.announce(result.detail, result.after);
    await this.endSuperseded(result.superseded);
    return result.after;
  }

  /**
   * The scheduled expiry: a canceled subscription past its period end, or an unpaid one past
   * the grace period, reverts its user to explorer. The provider is asked first (it may have
   * ended it already, or a late payment may have come); a canceled one then ends here even if
   * the provider has not said so yet. Returns how many expired.
   */
  async expireDue(graceMs: number): Promise<number> {
    const now = this.clock.now();
    let expired = 0;
    for (const row of await this.subscriptions.liveEndingBy(now)) {
      if (!isDueToExpire(stateOf(row), now, graceMs) || !row.providerSubscriptionId) continue;
      const id = row.providerSubscriptionId;
      try {
        const remote = row.status === 'past_due' ? await this.provider.cancelNow(id) : await this.provider.getSubscription(id);
        const after = await this.apply(remote);
        if (after?.status === 'ended') {
          expired++;
          continue;
        }
      } catch (error) {
        this.logger.error({ err: error, subscriptionId: row.id }, 'could not ask the provider about an ending subscription');
      }
      if (await this.endLocally(id, now, graceMs)) expired++;
    }
    return expired;
  }

  /** Ends a canceled subscription whose period is over, whatever the provider says. */
  private async endLocally(providerSubscriptionId: string, now: Date, graceMs: number): Promise<boolean> {
    const result = await this.subscriptions.transition(
      providerSubscriptionId,
      now,
      (row) => {
        const state = stateOf(row);
        const due = state.status === 'active' && isDueToExpire(state, now, graceMs);
        const notices: SubscriptionNotice[] = due ? [{ kind: 'expired', previousPlan: state.plan }] : [];
        return { next: due ? { ...state, status: 'ended' as const } : state, detail: notices };
      },
      (tx, change) => this.store(tx, change.detail, change.after, now),
    );
    if (!result || result.detail.length === 0) return false;
    await this.announce(result.detail, result.after);
    return true;
  }

  /** The notices of a transition go into the outbox in its transaction: they commit with it or not at all. */
  private async store(tx: DatabaseTransaction, notices: SubscriptionNotice[], row: SubscriptionRow, now: Date): Promise<void> {
    for (const notice of notices) await this.events.enqueue(tx, notice, row, now);
  }

  /** After the commit: publishes the stored notices. */
  private async announce(notices: SubscriptionNotice[], row: SubscriptionRow): Promise<void> {
    if (notices.length === 0) return;
    await this.events.flush();
    for (const notice of notices) {
      this.logger.log({ subscriptionId: row.id, userId: row.userId, notice: notice.kind, plan: row.plan }, `subscription ${notice.kind}`);
    }
  }

  /** What an upgrade took over ends at the provider too, so it is never charged again. */
  private async endSuperseded(rows: SubscriptionRow[]): Promise<void> {
    for (const row of rows) {
      if (!row.providerSubscriptionId) continue;
      try {
        await this.provider.cancelNow(row.providerSubscriptionId);
      } catch (error) {
        // Logged with the id so it can be ended by hand; billing already treats it as over.
        this.logger.error({ err: error, subscriptionId: row.id, providerSubscriptionId: row.providerSubscriptionId }, 'could not end a superseded subscription at the provider');
      }
    }
  }
}
