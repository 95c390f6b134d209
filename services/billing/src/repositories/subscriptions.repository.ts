import type { Delivery, PendingEvent } from '@wildframe/platform';
import type { NewSubscription, Subscription } from '../domain/subscription';
import type { SubscriptionState } from '../domain/subscription-state';

/** What a transition decides from the subscription as it is now. */
export interface TransitionDecision<T> {
  next: SubscriptionState;
  detail: T;
  /** The events announcing the change: committed with it, or not at all. */
  events: readonly PendingEvent[];
}

export type Transitioned<T> =
  | {
      duplicate: false;
      before: Subscription;
      after: Subscription;
      /** Other open subscriptions of the user that this one took over (now replaced or abandoned). */
      superseded: Subscription[];
      detail: T;
    }
  /** The delivery had been applied to this subscription already: nothing was decided or changed. */
  | { duplicate: true; after: Subscription };

/**
 * Billing's own record of each subscription (port; adapters in `postgres/` and `mongo/`).
 * Guarantees on both backends: at most one live (active or past_due) subscription per user, even
 * under concurrent transitions; a transition and its events commit together; a `Delivery` is
 * applied to a subscription at most once.
 */
export abstract class SubscriptionsRepository {
  abstract insert(row: NewSubscription): Promise<Subscription>;

  abstract byProviderId(providerSubscriptionId: string): Promise<Subscription | undefined>;

  /** The user's live (active or past_due) subscription, if any. */
  abstract liveForUser(userId: string): Promise<Subscription | undefined>;

  /** The user's subscriptions still waiting for their first payment, newest first. */
  abstract incompleteForUser(userId: string): Promise<Subscription[]>;

  /** The user's subscriptions not over yet (unpaid, active or past due) created by `createdBy`. */
  abstract openForUser(userId: string, createdBy: Date): Promise<Subscription[]>;

  /** Live subscriptions whose period has ended by `now` (see isDueToExpire). */
  abstract liveEndingBy(now: Date): Promise<Subscription[]>;

  /** Gives up an unpaid subscription; false when it is no longer unpaid (paid or given up meanwhile). */
  abstract abandonIncomplete(id: string, now: Date): Promise<boolean>;

  /**
   * Changes one subscription from its current state: `decide` sees it as it is (it may run more
   * than once when another change comes first, so it must be pure) and returns the next state with
   * the events announcing it. Concurrent transitions of one user's subscriptions apply one after
   * the other. When it takes over (becomes active from unpaid), the user's other open
   * subscriptions are superseded: live ones become `replaced`, unpaid ones `abandoned`.
   * With a `delivery`, it is recorded with the change, and a repeated delivery changes nothing.
   * Undefined when no subscription has that provider id.
   */
  abstract transition<T>(
    providerSubscriptionId: string,
    now: Date,
    decide: (current: Subscription) => TransitionDecision<T>,
    delivery?: Delivery,
  ): Promise<Transitioned<T> | undefined>;
}
