import type { PendingEvent } from '@wildframe/platform';
import type { MemberRating, MemberRatingChange, MemberRatingSummary, SubmitMemberRating } from './member-rating';

/** Builds the events announcing a change, from what the change did. */
export type AnnounceRatingChange = (change: MemberRatingChange) => PendingEvent[];

/**
 * Where member critiques are kept (adapters: `postgres/`, `mongo/`). Each write is one unit with
 * the events announcing it: both are stored, or neither.
 */
export abstract class MemberRatingsRepository {
  /**
   * Creates the member's critique of the photo, or replaces theirs: one per member and photo, also
   * when the same member submits several times at once.
   */
  abstract submit(input: SubmitMemberRating, announce: AnnounceRatingChange): Promise<MemberRatingChange>;

  /** Removes a critique; null when there is none with this id (already removed). */
  abstract remove(ratingId: string, announce: AnnounceRatingChange): Promise<MemberRatingChange | null>;

  abstract findById(ratingId: string): Promise<MemberRating | null>;

  /** A photo's critiques, newest first. */
  abstract listForPhoto(photoId: string): Promise<MemberRating[]>;

  /** Count and averages, counted from the stored critiques. */
  abstract summary(photoId: string): Promise<MemberRatingSummary>;

  /** A deleted photo's critiques go with it. */
  abstract removeAllOfPhoto(photoId: string): Promise<void>;

  /** A deleted account's critiques go with it. */
  abstract removeAllByUser(userId: string): Promise<void>;

  /** A renamed member's name on their critiques. */
  abstract renameAuthor(userId: string, authorName: string): Promise<void>;
}
