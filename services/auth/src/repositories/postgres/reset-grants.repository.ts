import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@wildframe/platform';
import type { ServiceDatabase } from '@wildframe/platform';
import { and, eq, gt } from 'drizzle-orm';
import { ResetGrantsRepository } from '../reset-grants.repository';
import { passwordResetGrants } from './schema';

@Injectable()
export class PostgresResetGrantsRepository extends ResetGrantsRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {
    super();
  }

  async create(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.database.db.insert(passwordResetGrants).values({ userId, tokenHash, expiresAt });
  }

  /** One DELETE … RETURNING: of two concurrent uses of a grant, one gets the row. */
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
