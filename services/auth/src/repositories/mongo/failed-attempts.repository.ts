import { Injectable } from '@nestjs/common';
import { MongoServiceDatabase } from '@wildframe/platform';
import { AttemptAction, AttemptScope, FailedAttemptsRepository } from '../failed-attempts.repository';
import { authCollections } from './schemas';
import type { AuthCollections, FailedAttemptDoc } from './schemas';

/** Regular-expression metacharacters are escaped: a prefix matches only itself. */
function literalPrefix(prefix: string): RegExp {
  return new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')}`);
}

@Injectable()
export class MongoFailedAttemptsRepository extends FailedAttemptsRepository {
  constructor(private readonly database: MongoServiceDatabase) {
    super();
  }

  private db(): Promise<AuthCollections> {
    return authCollections(this.database);
  }

  async record(action: AttemptAction, scope: AttemptScope, subject: string, at: Date): Promise<void> {
    await (await this.db()).attempts.insertOne({ action, scope, subject, at } satisfies FailedAttemptDoc);
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

  async clearPrefix(action: AttemptAction, scope: AttemptScope, prefix: string): Promise<void> {
    await (await this.db()).attempts.deleteMany({ action, scope, subject: { $regex: literalPrefix(prefix) } });
  }

  async deleteOlderThan(cutoff: Date): Promise<void> {
    await (await this.db()).attempts.deleteMany({ at: { $lte: cutoff } });
  }
}
