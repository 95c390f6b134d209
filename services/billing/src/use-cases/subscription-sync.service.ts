import { Inject, Injectable, Logger } from '@nestjs/common';
import { CLOCK, EventOutbox } from '@wildframe/platform';
import type { Clock, Delivery } from '@wildframe/platform';
import { PAYMENT_PROVIDER } from '../domain/payment-provider';
import type { PaymentProvider, ProviderSubscription } from '../domain/payment-provider';
import { stateOf } from '../domain/subscription';
import type { Subscription } from '../domain/subscription';
import { subscriptionNoticeEvents } from '../domain/subscription-events';
import { applyProviderState, isDueToExpire } from '../domain/subscription-state';
import type { SubscriptionNotice } from '../domain/subscription-state';
import { SubscriptionsRepository } from '../repositories/subscriptions.repository';
import type { Transitioned } from '../repositories/subscriptions.repository';

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
    private readonly outbox: EventOutbox,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Asks the provider for the subscription's current state and applies it. */
  async refresh(providerSubscriptionId: string): Promise<Subscription | undefined> {
    if (!(await this.known(providerSubscriptionId))) return undefined;
    return this.apply(await this.provider.getSubscription(providerSubscriptionId));
  }

  /** `refresh` for a delivery (a webhook event): false when it had been applied already. */
  async refreshOnce(providerSubscriptionId: string, delivery: Delivery): Promise<boolean> {
    if (!(await this.known(providerSubscriptionId))) return true;
    const result = await this.applyRemote(await this.provider.getSubscription(providerSubscriptionId), delivery);
    return !result?.duplicate;
  }

  /** Applies the provider's view of a subscription; undefined when billing does not know it. */
  async apply(remote: ProviderSubscription): Promise<Subscription | undefined> {
    return (await this.applyRemote(remote))?.after;
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

  private async known(providerSubscriptionId: string): Promise<boolean> {
    if (await this.subscriptions.byProviderId(providerSubscriptionId)) return true;
    this.logger.warn({ providerSubscriptionId }, 'ignoring a subscription billing did not create');
    return false;
  }

  private async applyRemote(remote: ProviderSubscription, delivery?: Delivery): Promise<Transitioned<SubscriptionNotice[]> | undefined> {
    const now = this.clock.now();
    const result = await this.subscriptions.transition(
      remote.id,
      now,
      (current) => {
        const { next, notices } = applyProviderState(stateOf(current), remote);
        return { next, detail: notices, events: subscriptionNoticeEvents(notices, current, now) };
      },
      delivery,
    );
    if (!result || result.duplicate) return result;
    await this.announce(result.detail, result.after);
    await this.endSuperseded(result.superseded);
    return result;
  }

  /** Ends a canceled subscription whose period is over, whatever the provider says. */
  private async endLocally(providerSubscriptionId: string, now: Date, graceMs: number): Promise<boolean> {
    const result = await this.subscriptions.transition(providerSubscriptionId, now, (current) => {
      const state = stateOf(current);
      const due = state.status === 'active' && isDueToExpire(state, now, graceMs);
      const notices: SubscriptionNotice[] = due ? [{ kind: 'expired', previousPlan: state.plan }] : [];
      return { next: due ? { ...state, status: 'ended' as const } : state, detail: notices, events: subscriptionNoticeEvents(notices, current, now) };
    });
    if (!result || result.duplicate || result.detail.length === 0) return false;
    await this.announce(result.detail, result.after);
    return true;
  }

  /** After the commit: publishes the notices stored with the change. */
  private async announce(notices: SubscriptionNotice[], row: Subscription): Promise<void> {
    if (notices.length === 0) return;
    await this.outbox.flush();
    for (const notice of notices) {
      this.logger.log({ subscriptionId: row.id, userId: row.userId, notice: notice.kind, plan: row.plan }, `subscription ${notice.kind}`);
    }
  }

  /** What an upgrade took over ends at the provider too, so it is never charged again. */
  private async endSuperseded(rows: Subscription[]): Promise<void> {
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
