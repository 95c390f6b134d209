import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, ServiceDatabase } from '@wildframe/platform';
import { eq } from 'drizzle-orm';
import { NewRatingRow, RatingRow, ratings } from '../db/schema';
import type { DbExecutor } from './db-executor';

@Injectable()
export class RatingsRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {}

  async findByPhotoId(photoId: string, db: DbExecutor = this.database.db): Promise<RatingRow | undefined> {
    const [row] = await db.select().from(ratings).where(eq(ratings.photoId, photoId)).limit(1);
    return row;
  }

  /**
   * Stores a rating unless the photo already has one (two analyses of one photo racing): the
   * unique photo id decides, and the stored row is returned either way with whether it is new.
   */
  async insertOnce(rating: NewRatingRow, db: DbExecutor = this.database.db): Promise<{ row: RatingRow; created: boolean }> {
    const [created] = await db.insert(ratings).values(rating).onConflictDoNothing({ target: ratings.photoId }).returning();
    if (created) return { row: created, created: true };
    const existing = await this.findByPhotoId(rating.photoId, db);
    if (!existing) throw new Error(`rating of photo ${rating.photoId} vanished during insert`);
    return { row: existing, created: false };
  }

  async deleteByPhotoId(photoId: string, db: DbExecutor = this.database.db): Promise<void> {
    await db.delete(ratings).where(eq(ratings.photoId, photoId));
  }
}
