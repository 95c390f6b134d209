import { Inject, Injectable } from '@nestjs/common';
import { CLOCK } from '@wildframe/platform';
import type { Clock, Identity, IdentityResolver } from '@wildframe/platform';
import { AUTH_CONFIG } from '../auth.config';
import type { AuthConfig } from '../auth.config';
import { dummySecretHash, hashSecret, hashToken, newOpaqueToken, verifySecret } from '../crypto/secrets';
import type { UserRecord } from '../domain/user';
import { authErrors } from '../domain/auth.errors';
import { normalizeEmail, toPublicUser } from '../domain/public-user';
import { SessionsRepository } from '../repositories/sessions.repository';
import { UsersRepository } from '../repositories/users.repository';
import { RateLimiter } from './rate-limiter';

export type { SignedIn } from '../dto/auth.responses';
import type { SignedIn } from '../dto/auth.responses';

/** Sign-in, sign-out and turning a session token back into the caller. */
@Injectable()
export class SessionsService implements IdentityResolver {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly rateLimiter: RateLimiter,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Starts a session; the token goes to the client once and only its hash is kept. */
  async open(user: UserRecord): Promise<SignedIn> {
    const { token, hash } = newOpaqueToken();
    const expiresAt = new Date(this.clock.now().getTime() + this.config.SESSION_TTL_DAYS * 86_400_000);
    await this.sessions.create(user.id, hash, expiresAt);
    return { sessionToken: token, user: toPublicUser(user) };
  }

  /** `address`: the caller's address key (`@AddressKey()`), as every per-address limit counts it. */
  async login(email: string, password: string, address: string): Promise<SignedIn> {
    const account = normalizeEmail(email);
    const user = await this.users.findByEmail(account);
    if (!(await this.checkPassword(account, user, password, address)) || !user) throw authErrors.invalidCredentials();
    // The right password on a paid signup never paid for: say what to do (only its owner learns it).
    if (!user.isActive) throw authErrors.signupNotPaid();
    return this.open(user);
  }

  /**
   * The signed-in user proves they know the password before a sensitive change. Failures count
   * like sign-in failures (per account and address, and toward the account lock), so a stolen
   * session cannot guess it freely.
   */
  async confirmPassword(userId: string, password: string | undefined, address: string): Promise<UserRecord> {
    if (!password) throw authErrors.currentPasswordRequired();
    const user = await this.users.findById(userId);
    if (!user) throw authErrors.notAuthenticated();
    if (!(await this.checkPassword(user.email, user, password, address))) throw authErrors.currentPasswordIncorrect();
    return user;
  }

  /**
   * Whether `password` is the account's, every try counted before it is checked (fail closed:
   * one that cannot be counted is refused unchecked, 503): per account from this address and per
   * address (429 past their limits), and, for an existing account, in its consecutive failures
   * from every address. At AUTH_MAX_CONSECUTIVE_FAILURES the account is locked (423) until its
   * password is reset through the security questions; a success starts the count again.
   */
  private async checkPassword(account: string, user: UserRecord | undefined, password: string, address: string): Promise<boolean> {
    const cap = this.config.AUTH_MAX_CONSECUTIVE_FAILURES;
    if (user && user.failedSignIns >= cap) throw authErrors.accountLocked();
    const attempt = await this.rateLimiter.begin('login', account, address);
    if (user) {
      let failures: number;
      try {
        failures = await this.users.countFailedSignIn(user.id);
      } catch {
        throw authErrors.attemptNotCounted();
      }
      // Parallel tries: only the first `cap` are checked.
      if (failures > cap) throw authErrors.accountLocked();
    }
    // Verify against a dummy hash for unknown accounts so timing does not reveal who exists.
    const matches = await verifySecret(user?.passwordHash ?? (await dummySecretHash()), password);
    if (!user || !matches) return false;
    await this.rateLimiter.succeeded(attempt);
    await this.users.clearFailedSignIns(user.id);
    return true;
  }

  /** Sets a new password after checking the current one; every other session is signed out. */
  async changePassword(userId: string, currentPassword: string, newPassword: string, sessionToken: string | undefined, address: string): Promise<void> {
    const user = await this.confirmPassword(userId, currentPassword, address);
    await this.users.setPasswordHash(user.id, await hashSecret(newPassword));
    if (sessionToken) await this.sessions.revokeOthersForUser(user.id, hashToken(sessionToken));
    else await this.sessions.revokeAllForUser(user.id);
  }

  async logout(token: string): Promise<void> {
    await this.sessions.revoke(hashToken(token));
  }

  async currentUser(token: string | undefined): Promise<UserRecord> {
    const user = token ? await this.sessions.findUser(hashToken(token), this.clock.now()) : undefined;
    if (!user) throw authErrors.notAuthenticated();
    return user;
  }

  async resolve(token: string): Promise<Identity | null> {
    const user = await this.sessions.findUser(hashToken(token), this.clock.now());
    if (!user) return null;
    return {
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      plan: user.plan,
      isAdmin: user.isAdmin,
    };
  }
}
