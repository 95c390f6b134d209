import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@wildframe/platform';
import type { ServiceDatabase } from '@wildframe/platform';
import { and, eq, gt, lte, ne } from 'drizzle-orm';
import type { UserRecord } from '../../domain/user';
import { LiveSessionsCache } from '../live-sessions.cache';
import { SessionsRepository } from '../sessions.repository';
import { userSessions, users } from './schema';
import { toUserRecord } from './users.repository';

@Injectable()
export class PostgresSessionsRepository extends SessionsRepository {
  constructor(
    @Inject(DATABASE) private readonly database: ServiceDatabase,
    private readonly live: LiveSessionsCache,
  ) {
    super();
  }

  async create(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.database.db.insert(userSessions).values({ userId, tokenHash, expiresAt });
  }

  /** Recently resolved sessions come from memory (see LiveSessionsCache). */
  async findUser(tokenHash: string, now: Date): Promise<UserRecord | undefined> {
    const known = this.live.get(tokenHash, now);
    if (known) return known;
    const generation = this.live.current();
    const [row] = await this.database.db
      .select({ user: users, expiresAt: userSessions.expiresAt })
      .from(userSessions)
      .innerJoin(users, eq(users.id, userSessions.userId))
      .where(and(eq(userSessions.tokenHash, tokenHash), gt(userSessions.expiresAt, now), eq(users.isActive, true)))
      .limit(1);
    if (!row) return undefined;
    const user = toUserRecord(row.user);
    this.live.set(tokenHash, user, row.expiresAt, generation);
    return user;
  }

  async revoke(tokenHash: string): Promise<void> {
    await this.database.db.delete(userSessions).where(eq(userSessions.tokenHash, tokenHash));
    this.live.forget();
  }

  async revokeAllForUser(userId: string): Promise<void> {
    await this.database.db.delete(userSessions).where(eq(userSessions.userId, userId));
    this.live.forget();
  }

  async revokeOthersForUser(userId: string, keepTokenHash: string): Promise<void> {
    await this.database.db.delete(userSessions).where(and(eq(userSessions.userId, userId), ne(userSessions.tokenHash, keepTokenHash)));
    this.live.forget();
  }

  async deleteExpired(now: Date): Promise<number> {
    const deleted = await this.database.db.delete(userSessions).where(lte(userSessions.expiresAt, now)).returning({ id: userSessions.id });
    return deleted.length;
  }
}
