import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, PostgresProcessedEventStore } from '@wildframe/platform';
import type { Delivery, ServiceDatabase } from '@wildframe/platform';
import { eq, sql } from 'drizzle-orm';
import type { Uploader } from '../../domain/photo';
import { UploadersRepository } from '../uploaders.repository';
import { uploaders } from './schema';

/** Uploader names on PostgreSQL; a delivery's processed_events row commits with its effect. */
@Injectable()
export class PostgresUploadersRepository extends UploadersRepository {
  private readonly processed: PostgresProcessedEventStore;

  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {
    super();
    this.processed = new PostgresProcessedEventStore(database);
  }

  upsert({ userId, firstName, lastName }: Uploader, delivery: Delivery): Promise<boolean> {
    return this.processed.runOnce(delivery.consumer, delivery.eventId, async (tx) => {
      await tx
        .insert(uploaders)
        .values({ userId, firstName, lastName })
        .onConflictDoUpdate({ target: uploaders.userId, set: { firstName, lastName, updatedAt: sql`now()` } });
    });
  }

  delete(userId: string, delivery: Delivery): Promise<boolean> {
    return this.processed.runOnce(delivery.consumer, delivery.eventId, async (tx) => {
      await tx.delete(uploaders).where(eq(uploaders.userId, userId));
    });
  }

  async ensure({ userId, firstName, lastName }: Uploader): Promise<void> {
    await this.database.db.insert(uploaders).values({ userId, firstName, lastName }).onConflictDoNothing();
  }
}
