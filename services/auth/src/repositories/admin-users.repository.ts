import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, isUuid } from '@wildframe/platform';
import type { DatabaseTransaction, ServiceDatabase } from '@wildframe/platform';
import { asc, desc, eq } from 'drizzle-orm';
import { UserRow, users } from '../db/schema';
import { LiveSessionsCache } from './live-sessions.cache';

/** What the admin panel reads and changes of every account (plan changes use UsersRepository.changePlan). */
@Injectable()
export class AdminUsersRepository {
  constructor(
    @Inject(DATABASE) private readonly database: ServiceDatabase,
    private readonly live: LiveSessionsCache,
  ) {}

  /** Newest accounts first; one page in the query when asked. */
  async listAll(page?: { page: number; limit: number }): Promise<UserRow[]> {
    const query = this.database.db.select().from(users).orderBy(desc(users.createdAt), asc(users.email)).$dynamic();
    return page ? query.limit(page.limit).offset((page.page - 1) * page.limit) : query;
  }

  isUserId(id: string): boolean {
    return isUuid(id);
  }

  /**
   * Locks the user, lets `check` refuse (by throwing) on the current row, then deletes it; sessions,
   * security questions, preferences and reset grants go with it (foreign keys cascade). `deleted`
   * runs in the same transaction (to store the event announcing the deletion).
   */
  async delete(
    id: string,
    check: (current: UserRow) => void,
    deleted: (tx: DatabaseTransaction, row: UserRow) => Promise<void> = async () => undefined,
  ): Promise<UserRow | undefined> {
    if (!this.isUserId(id)) return undefined;
    return this.database.db.transaction(async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!current) return undefined;
      check(current);
      await tx.delete(users).where(eq(users.id, id));
      await deleted(tx, current);
      return current;
    }).finally(() => this.live.forget());
  }

  /** Runs `fn` in one transaction, for changes made with UsersRepository's transactional methods. */
  transaction<T>(fn: (tx: DatabaseTransaction) => Promise<T>): Promise<T> {
    // Changes made in it are committed now: sessions resolved meanwhile may show the old row.
    return this.database.db.transaction(fn).finally(() => this.live.forget());
  }
}
