import { Injectable } from '@nestjs/common';
import { MongoServiceDatabase } from '@wildframe/platform';
import type { UserRecord } from '../../domain/user';
import { LiveSessionsCache } from '../live-sessions.cache';
import { SessionsRepository } from '../sessions.repository';
import { authCollections } from './schemas';
import type { AuthCollections, SessionDoc } from './schemas';
import { LIVE, toUserRecord } from './users.repository';

/** Sessions keyed by their token hash; the user is read by a second query (no `$lookup` on FerretDB). */
@Injectable()
export class MongoSessionsRepository extends SessionsRepository {
  constructor(
    private readonly database: MongoServiceDatabase,
    private readonly live: LiveSessionsCache,
  ) {
    super();
  }

  private db(): Promise<AuthCollections> {
    return authCollections(this.database);
  }

  async create(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await (await this.db()).sessions.insertOne({ _id: tokenHash, userId, expiresAt, createdAt: new Date() } satisfies SessionDoc);
  }

  async findUser(tokenHash: string, now: Date): Promise<UserRecord | undefined> {
    const known = this.live.get(tokenHash, now);
    if (known) return known;
    const generation = this.live.current();
    const session = await (await this.db()).sessions.findOne({ _id: tokenHash, expiresAt: { $gt: now } });
    if (!session) return undefined;
    // A deleted account's sessions may outlive it briefly (removed after its tombstone): the user decides.
    const doc = await (await this.db()).users.findOne({ _id: session.userId, isActive: true, ...LIVE });
    if (!doc) return undefined;
    const user = toUserRecord(doc);
    this.live.set(tokenHash, user, session.expiresAt, generation);
    return user;
  }

  async revoke(tokenHash: string): Promise<void> {
    await (await this.db()).sessions.deleteOne({ _id: tokenHash });
    this.live.forget();
  }

  async revokeAllForUser(userId: string): Promise<void> {
    await (await this.db()).sessions.deleteMany({ userId });
    this.live.forget();
  }

  async revokeOthersForUser(userId: string, keepTokenHash: string): Promise<void> {
    await (await this.db()).sessions.deleteMany({ userId, _id: { $ne: keepTokenHash } });
    this.live.forget();
  }

  async deleteExpired(now: Date): Promise<number> {
    const { deletedCount } = await (await this.db()).sessions.deleteMany({ expiresAt: { $lte: now } });
    return deletedCount;
  }
}
