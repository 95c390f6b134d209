import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, ServiceDatabase } from '@wildframe/platform';
import { and, count, eq, gt, lte, min } from 'drizzle-orm';
import { failedAttempts } from '../db/schema';

export type AttemptAction = 'login' | 'answers' | 'reset' | 'lookup';
export type AttemptScope = 'account' | 'ip';

@Injectable()
export class FailedAttemptsRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {}

  async record(action: AttemptAction, scope: AttemptScope, subject: string, at: Date): Promise<void> {
    await this.database.db.insert(failedAttempts).values({ action, scope, subject, at });
  }

  /** Failures since `since`, and the oldest of them (when the window frees a slot). */
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
