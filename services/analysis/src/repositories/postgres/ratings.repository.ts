import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, isUuid, storeEvents } from '@wildframe/platform';
import type { PendingEvent, ServiceDatabase } from '@wildframe/platform';
import { eq } from 'drizzle-orm';
import type { NewRating, RatingRecord } from '../../domain/rating';
import { RatingsRepository } from '../ratings.repository';
import { RatingRow, ratings } from './schema';

/** The jsonb default is '{}', typed as the full evidence (rating-view fills what an old row lacks). */
function toRecord(row: RatingRow): RatingRecord {
  return row;
}

@Injectable()
export class PostgresRatingsRepository extends RatingsRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {
    super();
  }

  async findByPhotoId(photoId: string): Promise<RatingRecord | undefined> {
    if (!isUuid(photoId)) return undefined;
    const [row] = await this.database.db.select().from(ratings).where(eq(ratings.photoId, photoId)).limit(1);
    return row && toRecord(row);
  }

  /** The unique photo id decides a race; the loser reads the winner's row. Rating and events: one transaction. */
  async insertOnce(rating: NewRating, announce: (stored: RatingRecord) => PendingEvent[]): Promise<{ rating: RatingRecord; created: boolean }> {
    return this.database.db.transaction(async (tx) => {
      const [created] = await tx.insert(ratings).values(rating).onConflictDoNothing({ target: ratings.photoId }).returning();
      if (created) {
        await storeEvents(tx, this.database.schema, announce(toRecord(created)));
        return { rating: toRecord(created), created: true };
      }
      const [existing] = await tx.select().from(ratings).where(eq(ratings.photoId, rating.photoId)).limit(1);
      if (!existing) throw new Error(`rating of photo ${rating.photoId} vanished during insert`);
      return { rating: toRecord(existing), created: false };
    });
  }
}
