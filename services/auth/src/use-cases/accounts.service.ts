import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CLOCK, EventOutbox, FixedWindowRateLimiter } from '@wildframe/platform';
import type { Clock } from '@wildframe/platform';
import type { PlanId } from '@wildframe/contracts';
import { AUTH_CONFIG } from '../auth.config';
import type { AuthConfig } from '../auth.config';
import { hashSecret } from '../crypto/secrets';
import { authErrors } from '../domain/auth.errors';
import { normalizeEmail, PublicUser, toPublicUser } from '../domain/public-user';
import type { UserRecord } from '../domain/user';
import { UsersRepository } from '../repositories/users.repository';
import { registeredEvent, updatedEvent } from './account-events';
import { SessionsService, SignedIn } from './sessions.service';

/**
 * Free signups per address and hour (AUTH_MAX_SIGNUPS_PER_HOUR), counted in auth's database (every
 * replica): each account is a day's uploads and critiques, so one address cannot mint them in bulk.
 */
export const FREE_SIGNUP_LIMITER = Symbol('FREE_SIGNUP_LIMITER');

export interface SignupInput {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  plan: PlanId;
}

/** Accounts: signup, profile, and the site admin made from configuration. */
@Injectable()
export class AccountsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('AccountsService');

  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly outbox: EventOutbox,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(FREE_SIGNUP_LIMITER) private readonly signupLimiter: FixedWindowRateLimiter,
  ) {}

  /**
   * Explorer accounts are created here; paid plans are created by billing once payment succeeds.
   * A paid signup left unpaid never blocks its address: its pending account gives way. `address`
   * is the caller's address key: a few signups per hour from each.
   */
  async signup(input: SignupInput, address: string): Promise<SignedIn> {
    if (input.plan !== 'explorer') throw authErrors.paidPlanNeedsPayment();
    if (!(await this.signupLimiter.tryHit(address))) throw authErrors.tooManySignups();
    const passwordHash = await hashSecret(input.password);
    const user = await this.users.createReplacingPending(
      { email: normalizeEmail(input.email), passwordHash, firstName: input.firstName.trim(), lastName: input.lastName.trim() },
      this.clock.now(),
      (created) => [registeredEvent(created)],
    );
    await this.outbox.flush();
    return this.sessions.open(user);
  }

  /** A new e-mail needs the current password (it is how the account is recovered and signed into). */
  async updateProfile(userId: string, changes: { firstName: string; lastName: string; email: string; currentPassword?: string }, address: string): Promise<PublicUser> {
    const current = await this.users.findById(userId);
    if (current && normalizeEmail(changes.email) !== current.email) await this.sessions.confirmPassword(userId, changes.currentPassword, address);
    const user = await this.users.updateProfile(
      userId,
      { firstName: changes.firstName.trim(), lastName: changes.lastName.trim(), email: normalizeEmail(changes.email) },
      (updated) => [updatedEvent(updated, this.clock.now())],
    );
    await this.outbox.flush();
    return toPublicUser(user);
  }

  /**
   * Creates the site admin at first start. An existing account with that e-mail is never promoted:
   * anyone could have registered the address an operator later configures, and would keep their
   * own password. Start-up stops instead, saying what to do.
   */
  async onApplicationBootstrap(): Promise<void> {
    const { ADMIN_EMAIL, ADMIN_PASSWORD } = this.config;
    if (!ADMIN_EMAIL || !ADMIN_PASSWORD) {
      this.logger.warn('ADMIN_EMAIL and ADMIN_PASSWORD are not set: no site admin account is created');
      return;
    }
    const email = normalizeEmail(ADMIN_EMAIL);
    const existing = await this.users.findByEmail(email);
    if (existing) return assertIsSiteAdmin(existing, email);
    try {
      await this.users.create({
        email,
        passwordHash: await hashSecret(ADMIN_PASSWORD),
        firstName: 'Site',
        lastName: 'Admin',
        isAdmin: true,
        isSiteAdmin: true,
      });
      this.logger.log(`site admin ${email} created`);
    } catch (error) {
      if ((error as { code?: string }).code !== 'EMAIL_TAKEN') throw error;
      // Another replica created it first, or someone registered the address meanwhile.
      const raced = await this.users.findByEmail(email);
      if (raced) assertIsSiteAdmin(raced, email);
    }
  }
}

function assertIsSiteAdmin(user: UserRecord, email: string): void {
  if (user.isSiteAdmin) return;
  throw new Error(
    `ADMIN_EMAIL ${email} belongs to an existing account that is not the site admin, and existing accounts are never promoted. ` +
      'Set ADMIN_EMAIL to an address without an account (the site admin is created with ADMIN_PASSWORD), or remove that account first.',
  );
}
