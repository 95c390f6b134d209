import type { PhotoCategory, RatingEvidence } from '@wildframe/contracts';
import type { PhotoMeasurements } from '../engine/measure/measure-photo';

/** A stored rating. Scores are the one-decimal numeric strings clients get ("7.4"). */
export interface RatingRecord {
  id: string;
  photoId: string;
  overallRating: string;
  composition: string;
  lighting: string;
  clarity: string;
  creativity: string;
  feedback: string;
  subject: string | null;
  location: string | null;
  aiModel: string;
  createdAt: Date;
  category: PhotoCategory;
  /** What each score rests on ('{}' for ratings made before it was kept). */
  evidence: RatingEvidence;
  /** The local measurements the editing tips are derived from (null for ratings made before they were kept). */
  measurements: PhotoMeasurements | null;
  /** Id of the `analysis.photo.analyzed.v1` event, fixed when the rating is stored. */
  eventId: string;
  /**
   * Why the engine held the photo for an admin's review (it is unsure the photo is a nature
   * photograph), in plain words; null when the photo was rated outright.
   */
  reviewReasons: string[] | null;
}

export type NewRating = Omit<RatingRecord, 'id' | 'eventId'>;

/**
 * What this service knows of a photo from the photos service: who owns it and whether it is
 * public. `deleted` is a tombstone, so a late event about a deleted photo cannot bring it back.
 */
export interface PhotoAccessRecord {
  photoId: string;
  /** Null for a guest upload. */
  ownerId: string | null;
  isPublic: boolean;
  deleted: boolean;
  /** Time of the fact last applied; older facts arriving late are ignored. */
  changedAt: Date;
}

export interface AccessFact {
  photoId: string;
  ownerId: string | null;
  /** Omit to leave the stored visibility as it is (an upload says nothing new about it). */
  isPublic?: boolean;
  at: Date;
}

/** Editing tips are cached per photo, platform and level. */
export interface TipsKey {
  photoId: string;
  platform: string;
  level: string;
}
