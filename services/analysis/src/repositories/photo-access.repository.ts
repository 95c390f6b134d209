import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, ServiceDatabase } from '@wildframe/platform';
import { and, eq, lte, sql } from 'drizzle-orm';
import { PhotoAccessRow, photoAccess } from '../db/schema';
import type { DbExecutor } from './db-executor';

export interface AccessFact {
  photoId: string;
  ownerId: string | null;
  /** Omit to leave the stored visibility as it is (an upload says nothing new about it). */
  isPublic?: boolean;
  at: Date;
}

@Injectable()
export class PhotoAccessRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {}

  async find(photoId: string, db: DbExecutor = this.database.db): Promise<PhotoAccessRow | undefined> {
    const [row] = await db.select().from(photoAccess).where(eq(photoAccess.photoId, photoId)).limit(1);
    return row;
  }

  /**
   * Records who owns a photo and whether it is public. A fact older than the one stored is
   * ignored (events of different topics may arrive out of order), and a deleted photo stays deleted.
   */
  async record(fact: AccessFact, db: DbExecutor = this.database.db): Promise<void> {
    await db
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
  }

  /** Leaves a tombstone so late events cannot revive the photo. */
  async markDeleted(photoId: string, at: Date, db: DbExecutor = this.database.db): Promise<void> {
    await db
      .insert(photoAccess)
      .values({ photoId, ownerId: null, isPublic: false, deleted: true, changedAt: at })
      .onConflictDoUpdate({ target: photoAccess.photoId, set: { deleted: true, isPublic: false, changedAt: sql`greatest(${photoAccess.changedAt}, excluded.changed_at)` } });
  }
}
