import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, ServiceDatabase } from '@wildframe/platform';
import { and, eq, gt } from 'drizzle-orm';
import { passwordResetGrants } from '../db/schema';

@Injectable()
export class ResetGrantsRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {}

  async create(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.database.db.insert(passwordResetGrants).values({ userId, tokenHash, expiresAt });
  }

  /** Deletes the grant and returns its user when it is live and belongs to that user: single use. */
  async consume(userId: string, tokenHash: string, now: Date): Promise<boolean> {
    const deleted = await this.database.db
      .delete(passwordResetGrants)
      .where(and(eq(passwordResetGrants.userId, userId), eq(passwordResetGrants.tokenHash, tokenHash), gt(passwordResetGrants.expiresAt, now)))
      .returning({ id: passwordResetGrants.id });
    return deleted.length === 1;
  }

  async deleteForUser(userId: string): Promise<void> {
    await this.database.db.delete(passwordResetGrants).where(eq(passwordResetGrants.userId, userId));
  }
}
