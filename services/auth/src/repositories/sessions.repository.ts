import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, ServiceDatabase } from '@wildframe/platform';
import { and, eq, gt, lte, ne } from 'drizzle-orm';
import { UserRow, userSessions, users } from '../db/schema';
import { LiveSessionsCache } from './live-sessions.cache';

/** Sessions are stored by the SHA-256 of their token; the token itself is never stored. */
@Injectable()
export class SessionsRepository {
  constructor(
    @Inject(DATABASE) private readonly database: ServiceDatabase,
    private readonly live: LiveSessionsCache,
  ) {}

  async create(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.database.db.insert(userSessions).values({ userId, tokenHash, expiresAt });
  }

  /** The active user behind a live session, if any (recently resolved ones from memory). */
  async findUser(tokenHash: string, now: Date): Promise<UserRow | undefined> {
    const known = this.live.get(tokenHash, now);
    if (known) return known;
    const generation = this.live.current();
    const [row] = await this.database.db
      .select({ user: users, expiresAt: userSessions.expiresAt })
      .from(userSessions)
      .innerJoin(users, eq(users.id, userSessions.userId))
      .where(and(eq(userSessions.tokenHash, tokenHash), gt(userSessions.expiresAt, now), eq(users.isActive, true)))
      .limit(1);
    if (row) this.live.set(tokenHash, row.user, row.expiresAt, generation);
    return row?.user;
  }

  async revoke(tokenHash: string): Promise<void> {
    await this.database.db.delete(userSessions).where(eq(userSessions.tokenHash, tokenHash));
    this.live.forget();
  }

  async revokeAllForUser(userId: string): Promise<void> {
    await this.database.db.delete(userSessions).where(eq(userSessions.userId, userId));
    this.live.forget();
  }

  /** Every other session of the user (a password change keeps the one that made it). */
  async revokeOthersForUser(userId: string, keepTokenHash: string): Promise<void> {
    await this.database.db.delete(userSessions).where(and(eq(userSessions.userId, userId), ne(userSessions.tokenHash, keepTokenHash)));
  }

  async deleteExpired(now: Date): Promise<number> {
    const deleted = await this.database.db.delete(userSessions).where(lte(userSessions.expiresAt, now)).returning({ id: userSessions.id });
    return deleted.length;
  }
}
