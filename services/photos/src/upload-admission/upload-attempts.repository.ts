import type { PendingEvent } from '@wildframe/platform';

/**
 * What is kept of uploads before they are photos: the tries a subject made on a day (guests'
 * daily allowance counts tries, refused and failed ones too), and the uploads whose critique is
 * being made, so one a crash cut short is found and its critique removed.
 */
export abstract class UploadAttemptsRepository {
  /**
   * Counts one try of `subject` on the UTC day `day` when fewer than `limit` are counted; answers
   * false and counts nothing otherwise. Parallel tries never pass the limit.
   */
  abstract countTry(subject: string, day: string, limit: number): Promise<boolean>;

  /** Tries counted for `subject` on `day`. */
  abstract triesOn(subject: string, day: string): Promise<number>;

  /** Forgets the tries of days before `day` (they count for nothing any more). */
  abstract forgetTriesBefore(day: string): Promise<void>;

  /** The upload of `photoId` asks for its critique now: from here the analysis service may keep a rating for it. */
  abstract begin(photoId: string, at: Date): Promise<void>;

  /** The upload of `photoId` is over: its photo is stored, or its end was announced. */
  abstract end(photoId: string): Promise<void>;

  /** Uploads begun before `cutoff` that never ended (what a crash left), oldest first. */
  abstract begunBefore(cutoff: Date, limit: number): Promise<string[]>;

  /**
   * Ends an upload whose photo was never stored, with the events announcing it (the analysis
   * service removes the critique it kept), as one unit: neither or both.
   */
  abstract abandon(photoId: string, events: PendingEvent[]): Promise<void>;
}
