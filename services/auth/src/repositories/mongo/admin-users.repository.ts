import { Injectable } from '@nestjs/common';
import { combineUpdates, freedValue, MongoServiceDatabase, tombstone } from '@wildframe/platform';
import type { UserRecord } from '../../domain/user';
import { AdminUsersRepository } from '../admin-users.repository';
import { LiveSessionsCache } from '../live-sessions.cache';
import type { Announce } from '../users.repository';
import { authCollections } from './schemas';
import type { AuthCollections } from './schemas';
import { LIVE, toUserRecord } from './users.repository';

/** Attempts of the conditional tombstone write before giving up (each retry means another write won in between). */
const MAX_ATTEMPTS = 50;

@Injectable()
export class MongoAdminUsersRepository extends AdminUsersRepository {
  constructor(
    private readonly database: MongoServiceDatabase,
    private readonly live: LiveSessionsCache,
  ) {
    super();
  }

  private db(): Promise<AuthCollections> {
    return authCollections(this.database);
  }

  async listAll(page?: { page: number; limit: number }): Promise<UserRecord[]> {
    const cursor = (await this.db()).users.find(LIVE).sort({ createdAt: -1, email: 1 });
    if (page) cursor.skip((page.page - 1) * page.limit).limit(page.limit);
    return (await cursor.toArray()).map(toUserRecord);
  }

  /**
   * One write turns the account into a tombstone: `_deleted`, its e-mail freed (rewritten to the
   * platform's `freedValue`, which no address can be), and the deletion's events pushed, on the condition that it is
   * unchanged since `check` saw it. Reads skip it from then on; the relay publishes the events and
   * removes the tombstone. Its sessions, grants and questions go next: a crash between leaves
   * only entries that lead to no account (sessions expire and are swept).
   */
  async delete(id: string, check: (current: UserRecord) => void, announce: Announce<UserRecord> = () => []): Promise<UserRecord | undefined> {
    try {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const doc = await (await this.db()).users.findOne({ _id: id, ...LIVE });
        if (!doc) return undefined;
        const current = toUserRecord(doc);
        check(current);
        const written = await (await this.db()).users.updateOne(
          { _id: id, rev: doc.rev, ...LIVE },
          combineUpdates(tombstone(announce(current), { email: freedValue(id) }), { $inc: { rev: 1 } }),
        );
        if (written.modifiedCount === 1) {
          await (await this.db()).sessions.deleteMany({ userId: id });
          await (await this.db()).grants.deleteMany({ userId: id });
          await (await this.db()).questions.deleteOne({ _id: id });
          return current;
        }
      }
      throw new Error(`account ${id} kept changing: gave up after ${MAX_ATTEMPTS} attempts`);
    } finally {
      this.live.forget();
    }
  }
}
