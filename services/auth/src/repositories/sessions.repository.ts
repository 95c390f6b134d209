import type { UserRecord } from '../domain/user';

/** Sessions are stored by the SHA-256 of their token; the token itself is never stored. */
export abstract class SessionsRepository {
  abstract create(userId: string, tokenHash: string, expiresAt: Date): Promise<void>;
  /** The active user behind a live session, if any. */
  abstract findUser(tokenHash: string, now: Date): Promise<UserRecord | undefined>;
  abstract revoke(tokenHash: string): Promise<void>;
  abstract revokeAllForUser(userId: string): Promise<void>;
  /** Every other session of the user (a password change keeps the one that made it). */
  abstract revokeOthersForUser(userId: string, keepTokenHash: string): Promise<void>;
  abstract deleteExpired(now: Date): Promise<number>;
}
