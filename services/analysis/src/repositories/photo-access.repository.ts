import type { Delivery } from '@wildframe/platform';
import type { AccessFact, PhotoAccessRecord } from '../domain/rating';

/**
 * Read model of the photos service's facts this service needs (fed by photos.* events and by the
 * analyse call itself). Writes given a `Delivery` apply once per delivery and resolve false for a
 * duplicate; without one they are idempotent by themselves.
 */
export abstract class PhotoAccessRepository {
  abstract find(photoId: string): Promise<PhotoAccessRecord | undefined>;

  /**
   * Records who owns a photo and whether it is public. A fact older than the one stored is
   * ignored (events of different topics may arrive out of order), and a deleted photo stays deleted.
   */
  abstract record(fact: AccessFact, delivery?: Delivery): Promise<boolean>;

  /** Leaves a tombstone (late events cannot revive the photo) and removes the photo's rating and editing tips. */
  abstract markDeleted(photoId: string, at: Date, delivery?: Delivery): Promise<boolean>;
}
