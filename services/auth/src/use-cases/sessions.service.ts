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

  async login(email: string, password: string, ip: string): Promise<SignedIn> {
    const account = normalizeEmail(email);
    await this.rateLimiter.assertAllowed('login', account, ip);
    const user = await this.users.findByEmail(account);
    // Verify against a dummy hash for unknown accounts so timing does not reveal who exists.
    const matches = await verifySecret(user?.passwordHash ?? (await dummySecretHash()), password);
    if (!user || !matches) {
      await this.rateLimiter.recordFailure('login', account, ip);
      throw authErrors.invalidCredentials();
    }
    // The right password on a paid signup never paid for: say what to do (only its owner learns it).
    if (!user.isActive) throw authErrors.signupNotPaid();
    await this.rateLimiter.recordSuccess('login', account);
    return this.open(user);
  }

  /**
   * The signed-in user proves they know the password before a sensitive change. Failures count
   * like sign-in failures (per account and address), so a stolen session cannot guess it freely.
   */
  async confirmPassword(userId: string, password: string | undefined, ip: string): Promise<UserRecord> {
    if (!password) throw authErrors.currentPasswordRequired();
    const user = await this.users.findById(userId);
    if (!user) throw authErrors.notAuthenticated();
    await this.rateLimiter.assertAllowed('login', user.email, ip);
    if (!(await verifySecret(user.passwordHash, password))) {
      await this.rateLimiter.recordFailure('login', user.email, ip);
      throw authErrors.currentPasswordIncorrect();
    }
    return user;
  }

  /** Sets a new password after checking the current one; every other session is signed out. */
  async changePassword(userId: string, currentPassword: string, newPassword: string, sessionToken: string | undefined, ip: string): Promise<void> {
    const user = await this.confirmPassword(userId, currentPassword, ip);
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
