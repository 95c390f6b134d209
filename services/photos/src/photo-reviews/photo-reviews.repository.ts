import type { PhotoReview } from './photo-review';

/**
 * The audit trail of reviews (adapters: `postgres/`, `mongo/`), written from the
 * `photos.photo.reviewed.v1` events (see the consumer), so it holds every decision announced.
 */
export abstract class PhotoReviewsRepository {
  /** Records a review; a second record of the same photo (a redelivered event) changes nothing. */
  abstract record(review: PhotoReview): Promise<void>;

  abstract findByPhoto(photoId: string): Promise<PhotoReview | undefined>;
}
