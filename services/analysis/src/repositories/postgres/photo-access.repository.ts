import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, isUuid, PostgresProcessedEventStore } from '@wildframe/platform';
import type { DatabaseTransaction, Delivery, ServiceDatabase } from '@wildframe/platform';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { AccessFact, PhotoAccessRecord } from '../../domain/rating';
import { PhotoAccessRepository } from '../photo-access.repository';
import { editingTips, photoAccess, ratings } from './schema';

/** A delivery's processed_events row is inserted first in the transaction of its effect (see PostgresProcessedEventStore). */
@Injectable()
export class PostgresPhotoAccessRepository extends PhotoAccessRepository {
  private readonly processed: PostgresProcessedEventStore;

  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {
    super();
    this.processed = new PostgresProcessedEventStore(database);
  }

  private once(delivery: Delivery | undefined, fn: (tx: DatabaseTransaction) => Promise<void>): Promise<boolean> {
    if (!delivery) return this.database.db.transaction(fn).then(() => true);
    return this.processed.runOnce(delivery.consumer, delivery.eventId, fn);
  }

  async find(photoId: string): Promise<PhotoAccessRecord | undefined> {
    if (!isUuid(photoId)) return undefined;
    const [row] = await this.database.db.select().from(photoAccess).where(eq(photoAccess.photoId, photoId)).limit(1);
    return row;
  }

  record(fact: AccessFact, delivery?: Delivery): Promise<boolean> {
    return this.once(delivery, async (tx) => {
      await tx
        .insert(photoAccess)
        .values({ photoId: fact.photoId, ownerId: fact.ownerId, isPublic: fact.isPublic ?? false, changedAt: fact.at })
        .onConflictDoUpdate({
          target: photoAccess.photoId,
          set: {
            ownerId: sql`coalesce(excluded.owner_id, ${photoAccess.ownerId})`,
            isPublic: fact.isPublic === undefined ? sql`${photoAccess.isPublic}` : sql`excluded.is_public`,
            changedAt: sql`excluded.changed_at`,
          },
          setWhere: and(eq(photoAccess.deleted, false), lte(photoAccess.changedAt, sql`excluded.changed_at`)),
        });
    });
  }

  markDeleted(photoId: string, at: Date, delivery?: Delivery): Promise<boolean> {
    return this.once(delivery, async (tx) => {
      await tx
        .insert(photoAccess)
        .values({ photoId, ownerId: null, isPublic: false, deleted: true, changedAt: at })
        .onConflictDoUpdate({ target: photoAccess.photoId, set: { deleted: true, isPublic: false, changedAt: sql`greatest(${photoAccess.changedAt}, excluded.changed_at)` } });
      await tx.delete(editingTips).where(eq(editingTips.photoId, photoId));
      await tx.delete(ratings).where(eq(ratings.photoId, photoId));
    });
  }
}
