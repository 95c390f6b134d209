import type { Delivery, PendingEvent } from '@wildframe/platform';
import type { NewUser, PlanChange, PlanSetting, UserRecord } from '../domain/user';

/** Builds the events announcing a change from the stored result (ids, times): committed with it. */
export type Announce<T> = (result: T) => PendingEvent[];

/**
 * Accounts. E-mails are unique (a race between two signups is decided by the store, the loser gets
 * `authErrors.emailTaken()`). Every write that announces itself takes its events with it: they are
 * stored in the same unit as the change (see `@wildframe/platform` ports), and the caller flushes
 * the `EventOutbox` after the method returns.
 */
export abstract class UsersRepository {
  abstract findByEmail(email: string): Promise<UserRecord | undefined>;
  abstract findById(id: string): Promise<UserRecord | undefined>;
  /** The profile image URL of each of these accounts that exists (for the avatar orphan sweep). */
  abstract profileImageUrls(ids: readonly string[]): Promise<Map<string, string | null>>;

  /** Throws `emailTaken` when the e-mail belongs to another account. */
  abstract create(user: NewUser, announce?: Announce<UserRecord>): Promise<UserRecord>;

  /** Throws `notFound` when there is no such account, `emailTaken` when the e-mail belongs to another. */
  abstract updateProfile(id: string, changes: { firstName: string; lastName: string; email: string }, announce?: Announce<UserRecord>): Promise<UserRecord>;

  /** Throws `notFound` when there is no such account. */
  abstract setProfileImage(id: string, url: string | null, announce?: Announce<UserRecord>): Promise<UserRecord>;

  /**
   * `create` for a signup: an inactive account with this e-mail (a paid signup that was never paid
   * for) gives way to the new one in the same step, unless its payment is being taken at `now`
   * (`checkoutHeldUntil`). Throws `checkoutInProgress` then, `emailTaken` when an active account
   * has the e-mail; of two signups racing for one pending e-mail one wins, the other gets `emailTaken`.
   */
  abstract createReplacingPending(user: NewUser, now: Date, announce?: Announce<UserRecord>): Promise<UserRecord>;

  /** Holds an inactive account for its checkout until `until` (no signup replaces it meanwhile); false when there is no such inactive account. */
  abstract holdPending(id: string, until: Date): Promise<boolean>;

  /** Ends a checkout's hold (the payment failed): the account may be replaced again. */
  abstract releasePending(id: string): Promise<void>;

  /** Activates a pending account on its paid plan (its hold ends); undefined when there is no such account. */
  abstract activate(id: string, setting: PlanSetting, announce?: Announce<UserRecord>): Promise<UserRecord | undefined>;

  /** Removes an account that never got activated (a paid signup whose payment failed). Announces nothing. */
  abstract deleteIfInactive(id: string): Promise<void>;

  abstract setPasswordHash(id: string, passwordHash: string): Promise<void>;
  /** Counts one more consecutive failed sign-in of the account, atomically (every replica counts on the account); answers the new count. */
  abstract countFailedSignIn(id: string): Promise<number>;
  /** A success or a password reset: the account's consecutive failed sign-ins start again from zero. */
  abstract clearFailedSignIns(id: string): Promise<void>;

  /**
   * Sets the plan `next` computes from the current account, atomically with respect to other plan
   * changes of it (`next` may throw to refuse: nothing is stored then, no event either).
   * Undefined when there is no such account.
   */
  abstract changePlan(id: string, next: (current: UserRecord) => PlanSetting, announce?: Announce<PlanChange>): Promise<PlanChange | undefined>;

  /**
   * `changePlan` for an event consumer: applied once per `delivery`. Resolves false (and changes
   * nothing) when the delivery was applied before. A missing account is nothing to apply, and the
   * delivery counts as done.
   */
  abstract applyPlanChange(delivery: Delivery, id: string, next: (current: UserRecord) => PlanSetting, announce?: Announce<PlanChange>): Promise<boolean>;
}
