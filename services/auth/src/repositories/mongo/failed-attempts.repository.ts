import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { MongoServiceDatabase } from '@wildframe/platform';
import { AttemptAction, AttemptScope, FailedAttemptsRepository } from '../failed-attempts.repository';
import { authCollections } from './schemas';
import type { AuthCollections, FailedAttemptDoc } from './schemas';

@Injectable()
export class MongoFailedAttemptsRepository extends FailedAttemptsRepository {
  constructor(private readonly database: MongoServiceDatabase) {
    super();
  }

  private db(): Promise<AuthCollections> {
    return authCollections(this.database);
  }

  async record(action: AttemptAction, scope: AttemptScope, subject: string, at: Date): Promise<string> {
    const id = randomUUID();
    await (await this.db()).attempts.insertOne({ _id: id, action, scope, subject, at } satisfies FailedAttemptDoc);
    return id;
  }

  async remove(ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await (await this.db()).attempts.deleteMany({ _id: { $in: [...ids] } });
  }

  async since(action: AttemptAction, scope: AttemptScope, subject: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
    const filter = { action, scope, subject, at: { $gt: since } };
    const [count, oldest] = await Promise.all([
      (await this.db()).attempts.countDocuments(filter),
      (await this.db()).attempts.findOne(filter, { sort: { at: 1 } }),
    ]);
    return { count, oldest: count > 0 && oldest ? oldest.at : null };
  }

  async clear(action: AttemptAction, scope: AttemptScope, subject: string): Promise<void> {
    await (await this.db()).attempts.deleteMany({ action, scope, subject });
  }

  async deleteOlderThan(cutoff: Date): Promise<void> {
    await (await this.db()).attempts.deleteMany({ at: { $lte: cutoff } });
  }
}
