import type { PendingEvent } from '@wildframe/platform';
import type { NewRating, RatingRecord } from '../domain/rating';

/** One rating per photo. */
export abstract class RatingsRepository {
  abstract findByPhotoId(photoId: string): Promise<RatingRecord | undefined>;

  /**
   * Stores a rating unless the photo already has one (two analyses of one photo racing: the store
   * decides), with the events `announce` builds from the stored rating, committed with it. Returns
   * the stored rating either way and whether it is new; an existing one announces nothing.
   */
  abstract insertOnce(rating: NewRating, announce: (stored: RatingRecord) => PendingEvent[]): Promise<{ rating: RatingRecord; created: boolean }>;
}
