import { Inject, Injectable } from '@nestjs/common';
import { CLOCK } from '@wildframe/platform';
import type { Clock } from '@wildframe/platform';
import { createHash } from 'node:crypto';
import { AUTH_CONFIG } from '../auth.config';
import type { AuthConfig } from '../auth.config';
import { authErrors } from '../domain/auth.errors';
import { AttemptAction, AttemptScope, FailedAttemptsRepository } from '../repositories/failed-attempts.repository';

/** An IP may fail this many times more than one account: several people can share an address. */
const IP_MULTIPLIER = 4;

/**
 * Sign-in failures count per account *and address* pair: a stranger's wrong passwords throttle the
 * stranger, never the owner signing in from elsewhere (anyone could otherwise lock out any
 * account, the site admin's included). The per-address limit across accounts stays.
 */
const PER_PAIR: ReadonlySet<AttemptAction> = new Set(['login']);

/** Pairs are stored as `<hash of the account>|<address>`: short enough for the column, and clearable per account. */
function accountKey(account: string): string {
  return createHash('sha256').update(account).digest('hex');
}

/**
 * Sliding-window limits on failed attempts. Past a limit the attempt is refused before it is
 * evaluated, so a correct password does not get through from that client either.
 */
@Injectable()
export class RateLimiter {
  constructor(
    private readonly attempts: FailedAttemptsRepository,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private get windowMs(): number {
    return this.config.AUTH_RATE_LIMIT_WINDOW_MINUTES * 60_000;
  }

  /** The account-level subject of an action: the account itself, or the account from this address. */
  private accountSubject(action: AttemptAction, account: string, ip: string): [AttemptScope, string] {
    return PER_PAIR.has(action) ? ['pair', `${accountKey(account)}|${ip}`] : ['account', account];
  }

  async assertAllowed(action: AttemptAction, account: string | undefined, ip: string): Promise<void> {
    const now = this.clock.now();
    const since = new Date(now.getTime() - this.windowMs);
    const checks: Array<[scope: AttemptScope, subject: string, max: number]> = [['ip', ip, this.config.AUTH_MAX_FAILED_ATTEMPTS * IP_MULTIPLIER]];
    if (account) checks.unshift([...this.accountSubject(action, account, ip), this.config.AUTH_MAX_FAILED_ATTEMPTS]);
    for (const [scope, subject, max] of checks) {
      const { count, oldest } = await this.attempts.since(action, scope, subject, since);
      if (count >= max && oldest) {
        const freeAt = oldest.getTime() + this.windowMs;
        throw authErrors.tooManyAttempts(Math.max(1, Math.ceil((freeAt - now.getTime()) / 60_000)));
      }
    }
  }

  async recordFailure(action: AttemptAction, account: string | undefined, ip: string): Promise<void> {
    const at = this.clock.now();
    if (account) await this.attempts.record(action, ...this.accountSubject(action, account, ip), at);
    await this.attempts.record(action, 'ip', ip, at);
  }

  /** A success forgives the account's earlier failures, from every address (not the addresses' own). */
  async recordSuccess(action: AttemptAction, account: string): Promise<void> {
    if (PER_PAIR.has(action)) await this.attempts.clearPrefix(action, 'pair', `${accountKey(account)}|`);
    else await this.attempts.clear(action, 'account', account);
  }
}
