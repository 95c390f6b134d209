import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, isUuid } from '@wildframe/platform';
import type { ServiceDatabase } from '@wildframe/platform';
import { eq } from 'drizzle-orm';
import type { PhotoReview } from '../photo-review';
import { PhotoReviewsRepository } from '../photo-reviews.repository';
import { photoReviews } from './photo-reviews.schema';

/** PostgreSQL: one row per photo; the primary key makes a redelivered record a no-op. */
@Injectable()
export class PostgresPhotoReviewsRepository extends PhotoReviewsRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {
    super();
  }

  async record(review: PhotoReview): Promise<void> {
    await this.database.db.insert(photoReviews).values(review).onConflictDoNothing({ target: photoReviews.photoId });
  }

  async findByPhoto(photoId: string): Promise<PhotoReview | undefined> {
    if (!isUuid(photoId)) return undefined;
    const [row] = await this.database.db.select().from(photoReviews).where(eq(photoReviews.photoId, photoId)).limit(1);
    return row;
  }
}
