import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, isUuid, storeEvents } from '@wildframe/platform';
import type { ServiceDatabase } from '@wildframe/platform';
import { asc, desc, eq } from 'drizzle-orm';
import type { UserRecord } from '../../domain/user';
import { AdminUsersRepository } from '../admin-users.repository';
import { LiveSessionsCache } from '../live-sessions.cache';
import type { Announce } from '../users.repository';
import { users } from './schema';
import { toUserRecord } from './users.repository';

@Injectable()
export class PostgresAdminUsersRepository extends AdminUsersRepository {
  constructor(
    @Inject(DATABASE) private readonly database: ServiceDatabase,
    private readonly live: LiveSessionsCache,
  ) {
    super();
  }

  async listAll(page?: { page: number; limit: number }): Promise<UserRecord[]> {
    const query = this.database.db.select().from(users).orderBy(desc(users.createdAt), asc(users.email)).$dynamic();
    const rows = await (page ? query.limit(page.limit).offset((page.page - 1) * page.limit) : query);
    return rows.map(toUserRecord);
  }

  /**
   * Locks the user, lets `check` refuse on the current row, then deletes it with its events in one
   * transaction; sessions, security questions, preferences and reset grants go with it (foreign keys cascade).
   */
  async delete(id: string, check: (current: UserRecord) => void, announce: Announce<UserRecord> = () => []): Promise<UserRecord | undefined> {
    if (!isUuid(id)) return undefined;
    return this.database.db
      .transaction(async (tx) => {
        const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
        if (!row) return undefined;
        const current = toUserRecord(row);
        check(current);
        await tx.delete(users).where(eq(users.id, id));
        await storeEvents(tx, this.database.schema, announce(current));
        return current;
      })
      .finally(() => this.live.forget());
  }
}
