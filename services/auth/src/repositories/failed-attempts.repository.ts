export type AttemptAction = 'login' | 'answers' | 'reset' | 'lookup';
/** `pair`: one account from one address; `ip`: one address, whatever the account. */
export type AttemptScope = 'ip' | 'pair';

/**
 * Failed attempts (sign-in, answer verification, reset, lookup) per account and address and per
 * address, for rate limiting. Kept in the database so limits hold across restarts and replicas.
 */
export abstract class FailedAttemptsRepository {
  /** Counts one failure; answers its id (a success takes it back with `remove`). */
  abstract record(action: AttemptAction, scope: AttemptScope, subject: string, at: Date): Promise<string>;
  /** Failures after `since`, and the oldest of them (when the window frees a slot). */
  abstract since(action: AttemptAction, scope: AttemptScope, subject: string, since: Date): Promise<{ count: number; oldest: Date | null }>;
  abstract remove(ids: readonly string[]): Promise<void>;
  abstract clear(action: AttemptAction, scope: AttemptScope, subject: string): Promise<void>;
  abstract deleteOlderThan(cutoff: Date): Promise<void>;
}
