import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { CLOCK } from '@wildframe/platform';
import type { Clock } from '@wildframe/platform';
import { createHash } from 'node:crypto';
import { AUTH_CONFIG } from '../auth.config';
import type { AuthConfig } from '../auth.config';
import { authErrors } from '../domain/auth.errors';
import { AttemptAction, AttemptScope, FailedAttemptsRepository } from '../repositories/failed-attempts.repository';

/** An address may fail this many times more than one account: several people can share an address. */
const IP_MULTIPLIER = 4;

/** How often failures older than the window are deleted (they no longer count). */
const FORGET_EVERY_MS = 10 * 60_000;

/** Pairs are stored as `<hash of the account>|<address key>`: short enough for the column whatever the e-mail. */
function pairSubject(account: string, address: string): string {
  return `${createHash('sha256').update(account).digest('hex')}|${address}`;
}

/** An attempt counted before it is checked: what `succeeded` takes back. */
export interface CountedAttempt {
  readonly action: AttemptAction;
  readonly pair: string | undefined;
  readonly address: string;
  /** The rows this attempt added. */
  readonly ids: readonly string[];
}

/**
 * Sliding-window limits on failed attempts (sign-in, security answers, resets, lookups), per
 * account *and address* (`address` is the caller's address key: IPv4, or IPv6 by its /64) and per
 * address across accounts. A stranger's wrong guesses throttle the stranger, never the owner trying
 * from elsewhere, and the owner's success from one address forgives only that address.
 *
 * Fail closed: an attempt is counted as a failure *before* it is checked (`begin`), and a success
 * takes its count back (`succeeded`). If the count cannot be written, the attempt is refused
 * unchecked, so no guess ever goes uncounted; and parallel attempts count each other.
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger('RateLimiter');

  constructor(
    private readonly attempts: FailedAttemptsRepository,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private get windowMs(): number {
    return this.config.AUTH_RATE_LIMIT_WINDOW_MINUTES * 60_000;
  }

  /** The limits an attempt falls under: the account from this address, and the address across accounts. */
  private limits(account: string | undefined, address: string): Array<[scope: AttemptScope, subject: string, max: number]> {
    const limits: Array<[AttemptScope, string, number]> = [['ip', address, this.config.AUTH_MAX_FAILED_ATTEMPTS * IP_MULTIPLIER]];
    if (account !== undefined) limits.unshift(['pair', pairSubject(account, address), this.config.AUTH_MAX_FAILED_ATTEMPTS]);
    return limits;
  }

  /** Throws 429 when a limit is used up (`exceeding`: more than `max` counted, this attempt included). */
  private async assertWithin(action: AttemptAction, limits: ReturnType<RateLimiter['limits']>, exceeding: boolean): Promise<void> {
    const now = this.clock.now();
    for (const [scope, subject, max] of limits) {
      const { count, oldest } = await this.attempts.since(action, scope, subject, new Date(now.getTime() - this.windowMs));
      if ((exceeding ? count > max : count >= max) && oldest) {
        const freeAt = oldest.getTime() + this.windowMs;
        throw authErrors.tooManyAttempts(Math.max(1, Math.ceil((freeAt - now.getTime()) / 60_000)));
      }
    }
  }

  /**
   * Before an attempt is checked: refuses it past a limit (429, nothing counted), else counts it
   * as a failure. A limit that parallel attempts overran meanwhile refuses it too (counted).
   */
  async begin(action: AttemptAction, account: string | undefined, address: string): Promise<CountedAttempt> {
    const limits = this.limits(account, address);
    await this.assertWithin(action, limits, false);
    const at = this.clock.now();
    const ids: string[] = [];
    try {
      for (const [scope, subject] of limits) ids.push(await this.attempts.record(action, scope, subject, at));
    } catch (error) {
      this.logger.error({ err: error, action }, 'a failed attempt could not be counted; the attempt is refused unchecked');
      throw authErrors.attemptNotCounted();
    }
    await this.assertWithin(action, limits, true);
    return { action, pair: account === undefined ? undefined : pairSubject(account, address), address, ids };
  }

  /** The attempt succeeded: it no longer counts, nor do this account's earlier failures from this address. */
  async succeeded(attempt: CountedAttempt): Promise<void> {
    await this.attempts.remove(attempt.ids);
    if (attempt.pair !== undefined) await this.attempts.clear(attempt.action, 'pair', attempt.pair);
  }

  /** After a password reset from this address: its earlier failed sign-ins on the account are forgiven too. */
  async forgiveSignIns(account: string, address: string): Promise<void> {
    await this.attempts.clear('login', 'pair', pairSubject(account, address));
  }

  /** Failures older than the window count no more: they are deleted now and then. */
  @Interval(FORGET_EVERY_MS)
  async forgetExpired(): Promise<void> {
    try {
      await this.attempts.deleteOlderThan(new Date(this.clock.now().getTime() - this.windowMs));
    } catch (error) {
      this.logger.warn({ err: error }, 'expired failed attempts were not deleted; retried later');
    }
  }
}
