import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@wildframe/platform';
import type { ServiceDatabase } from '@wildframe/platform';
import { and, count, eq, gt, inArray, lte, min } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { AttemptAction, AttemptScope, FailedAttemptsRepository } from '../failed-attempts.repository';
import { failedAttempts } from './schema';

@Injectable()
export class PostgresFailedAttemptsRepository extends FailedAttemptsRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {
    super();
  }

  async record(action: AttemptAction, scope: AttemptScope, subject: string, at: Date): Promise<string> {
    const id = randomUUID();
    await this.database.db.insert(failedAttempts).values({ id, action, scope, subject, at });
    return id;
  }

  async remove(ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.database.db.delete(failedAttempts).where(inArray(failedAttempts.id, [...ids]));
  }

  async since(action: AttemptAction, scope: AttemptScope, subject: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await this.database.db
      .select({ count: count(), oldest: min(failedAttempts.at) })
      .from(failedAttempts)
      .where(and(eq(failedAttempts.action, action), eq(failedAttempts.scope, scope), eq(failedAttempts.subject, subject), gt(failedAttempts.at, since)));
    return { count: Number(row?.count ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
  }

  async clear(action: AttemptAction, scope: AttemptScope, subject: string): Promise<void> {
    await this.database.db
      .delete(failedAttempts)
      .where(and(eq(failedAttempts.action, action), eq(failedAttempts.scope, scope), eq(failedAttempts.subject, subject)));
  }

  async deleteOlderThan(cutoff: Date): Promise<void> {
    await this.database.db.delete(failedAttempts).where(lte(failedAttempts.at, cutoff));
  }
}
