import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@wildframe/platform';
import type { DatabaseTransaction, ServiceDatabase } from '@wildframe/platform';
import { eq, sql } from 'drizzle-orm';
import { uploaders } from '../db/schema';

/** Uploader display names, kept from auth.user.* events (photos never asks auth at read time). */
@Injectable()
export class UploadersRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {}

  async upsert(tx: DatabaseTransaction, userId: string, firstName: string, lastName: string): Promise<void> {
    await tx
      .insert(uploaders)
      .values({ userId, firstName, lastName })
      .onConflictDoUpdate({ target: uploaders.userId, set: { firstName, lastName, updatedAt: sql`now()` } });
  }

  async delete(tx: DatabaseTransaction, userId: string): Promise<void> {
    await tx.delete(uploaders).where(eq(uploaders.userId, userId));
  }

  /** Used when a signed-in user uploads before the registration event has arrived. */
  async ensure(userId: string, firstName: string, lastName: string): Promise<void> {
    await this.database.db.insert(uploaders).values({ userId, firstName, lastName }).onConflictDoNothing();
  }
}
