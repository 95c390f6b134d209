import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@wildframe/platform';
import type { ServiceDatabase } from '@wildframe/platform';
import { and, count, eq, gt, like, lte, min } from 'drizzle-orm';
import { AttemptAction, AttemptScope, FailedAttemptsRepository } from '../failed-attempts.repository';
import { failedAttempts } from './schema';

@Injectable()
export class PostgresFailedAttemptsRepository extends FailedAttemptsRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {
    super();
  }

  async record(action: AttemptAction, scope: AttemptScope, subject: string, at: Date): Promise<void> {
    await this.database.db.insert(failedAttempts).values({ action, scope, subject, at });
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

  async clearPrefix(action: AttemptAction, scope: AttemptScope, prefix: string): Promise<void> {
    const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
    await this.database.db
      .delete(failedAttempts)
      .where(and(eq(failedAttempts.action, action), eq(failedAttempts.scope, scope), like(failedAttempts.subject, `${escaped}%`)));
  }

  async deleteOlderThan(cutoff: Date): Promise<void> {
    await this.database.db.delete(failedAttempts).where(lte(failedAttempts.at, cutoff));
  }
}
