import { Inject, Injectable } from '@nestjs/common';
import { CLOCK } from '@wildframe/platform';
import type { Clock } from '@wildframe/platform';
import { AUTH_CONFIG } from '../auth.config';
import type { AuthConfig } from '../auth.config';
import { authErrors } from '../domain/auth.errors';
import { AttemptAction, FailedAttemptsRepository } from '../repositories/failed-attempts.repository';

/** An IP may fail this many times more than one account: several people can share an address. */
const IP_MULTIPLIER = 4;

/**
 * Sliding-window limits on failed attempts, per account and per IP. Past the limit the attempt is
 * refused before it is evaluated, so a correct password does not get through either.
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

  async assertAllowed(action: AttemptAction, account: string | undefined, ip: string): Promise<void> {
    const now = this.clock.now();
    const since = new Date(now.getTime() - this.windowMs);
    const checks: Array<[scope: 'account' | 'ip', subject: string, max: number]> = [['ip', ip, this.config.AUTH_MAX_FAILED_ATTEMPTS * IP_MULTIPLIER]];
    if (account) checks.unshift(['account', account, this.config.AUTH_MAX_FAILED_ATTEMPTS]);
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
    if (account) await this.attempts.record(action, 'account', account, at);
    await this.attempts.record(action, 'ip', ip, at);
  }

  /** A success forgives the account's earlier failures (not the IP's). */
  async recordSuccess(action: AttemptAction, account: string): Promise<void> {
    await this.attempts.clear(action, 'account', account);
  }
}
