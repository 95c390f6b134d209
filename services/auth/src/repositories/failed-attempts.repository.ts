export type AttemptAction = 'login' | 'answers' | 'reset' | 'lookup';
/** `pair`: one account from one address (sign-in), so failures elsewhere never lock its owner out. */
export type AttemptScope = 'account' | 'ip' | 'pair';

/**
 * Failed attempts (login, answer verification, reset) per account and per IP, for rate limiting.
 * Kept in the database so limits hold across restarts and replicas.
 */
export abstract class FailedAttemptsRepository {
  abstract record(action: AttemptAction, scope: AttemptScope, subject: string, at: Date): Promise<void>;
  /** Failures after `since`, and the oldest of them (when the window frees a slot). */
  abstract since(action: AttemptAction, scope: AttemptScope, subject: string, since: Date): Promise<{ count: number; oldest: Date | null }>;
  abstract clear(action: AttemptAction, scope: AttemptScope, subject: string): Promise<void>;
  /** Every subject of a scope that starts with `prefix` (all addresses' failures on one account). */
  abstract clearPrefix(action: AttemptAction, scope: AttemptScope, prefix: string): Promise<void>;
  abstract deleteOlderThan(cutoff: Date): Promise<void>;
}
