import type { Delivery, PendingEvent } from '@wildframe/platform';
import type { LateHold, NewPhoto, Photo, PhotoWithUploader, StoredRating, Viewer } from '../domain/photo';
import type { Cell } from '../nature/geoprivacy';

/** 'top-rated': by the AI's overall rating, highest first, unrated photos last. */
export type GallerySort = 'newest' | 'oldest' | 'most-liked' | 'most-viewed' | 'top-rated';

export interface GalleryFilter {
  category?: string;
  /**
   * Case-insensitive substring of the title, the description, the species' names or group, what
   * the critique saw (its subject) or the camera (make, model, lens).
   */
  search?: string;
  /** A species' scientific name as the checklist writes it ("Vulpes vulpes"). */
  species?: string;
  /** Leaves out photos labelled captive, baited or ai-generated. */
  wild?: boolean;
  /** Photos whose shown (generalised, open, non-sensitive) place is in this cell. */
  cell?: Cell;
  /** One uploader's photos (a photographer page's map: its cells list only theirs). */
  photographer?: string;
}

export type GalleryQuery = GalleryFilter & { sort: GallerySort; page: number; pageSize: number };

export interface PageRequest {
  page: number;
  limit: number;
}

/** The limits an upload is checked against, with the insert, so parallel uploads cannot slip past. */
export interface Quota {
  /** `user:<id>` or `guest:<ip>` */
  subject: string;
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  dailyLimit: number;
  /** Storage is counted over the user's photos; guests have no storage account. */
  userId: string | null;
  storageLimitBytes: number;
}

export interface UserTotals {
  photos: number;
  publicPhotos: number;
  likes: number;
  views: number;
}

/** The stored files a photo row names (for the orphan sweep). */
export interface PhotoFileKeys {
  id: string;
  storageKey: string;
  thumbnailKey: string | null;
  displayKey: string | null;
}

export interface LikeToggle {
  liked: boolean;
  totalLikes: number;
}

/** The events announcing a change, made from its result (their payloads carry the new state). */
export type Announce<T> = (result: T) => PendingEvent[];

/** What an edit of the nature layer changes (unfeaturing when its labels no longer allow featuring). */
export type NatureChange = Partial<Pick<Photo, 'species' | 'labels' | 'place' | 'publicPlace' | 'isFeatured'>>;

/**
 * Photos, their likes and views. Each write takes the events announcing it; the adapter commits
 * both as one unit (see `@wildframe/platform` ports) and the caller flushes the outbox after.
 * Every read skips deleted photos.
 */
export abstract class PhotosRepository {
  /** Rows (deleted ones awaiting their events included) whose id is one of `ids` or that name one of `keys`. */
  abstract fileKeysReferencing(ids: readonly string[], keys: readonly string[]): Promise<PhotoFileKeys[]>;

  /**
   * Inserts the photo if the daily count and the storage stay within `quota`, counting it, with
   * its events; parallel uploads at the limit never exceed it. Throws the upload-limit or
   * storage-limit error (and writes nothing) otherwise; a taken slug is a conflict.
   */
  abstract createWithinQuota(photo: NewPhoto, quota: Quota, announce: Announce<Photo>): Promise<Photo>;

  /** Events with no change of a photo to travel with (e.g. "the rated upload was refused"). */
  abstract announce(events: PendingEvent[]): Promise<void>;

  /** Uploads counted for a subject on a UTC day. */
  abstract uploadsOn(subject: string, day: string): Promise<number>;

  /** Bytes of the user's stored photos. */
  abstract storageUsed(userId: string): Promise<number>;

  abstract findById(id: string): Promise<Photo | undefined>;
  abstract findByIdWithUploader(id: string): Promise<PhotoWithUploader | undefined>;
  abstract findBySlug(slug: string): Promise<PhotoWithUploader | undefined>;

  /** One gallery page of public photos, in the sort's order (ties: newest upload, then id). */
  abstract listPublic(query: GalleryQuery): Promise<PhotoWithUploader[]>;
  /** How many public photos match the filter. */
  abstract countPublic(filter: GalleryFilter): Promise<number>;
  /** Public featured photos, newest first. */
  abstract featured(limit: number): Promise<PhotoWithUploader[]>;
  /** A user's photos, newest first; one page when asked. */
  abstract listByUser(userId: string, page?: PageRequest): Promise<PhotoWithUploader[]>;
  /** Every photo (admin), newest first; one page when asked. */
  abstract listAll(page?: PageRequest): Promise<PhotoWithUploader[]>;
  abstract totalsByUser(userId: string): Promise<UserTotals>;
  /** Every photo of a user (an account deletion removes them). */
  abstract byUser(userId: string): Promise<Photo[]>;
  /** Temporary (guest) photos whose expiry is at or before `now`. */
  abstract expiredTemporary(now: Date, limit: number): Promise<Photo[]>;

  /**
   * Likes or unlikes for the viewer (one like per user, or per guest IP) with its events; parallel
   * toggles are applied one at a time and the count always equals the likes stored. Throws
   * not-found for a missing photo.
   */
  abstract toggleLike(photoId: string, viewer: Viewer, announce: Announce<LikeToggle>): Promise<LikeToggle>;
  /** Which of these photos the viewer has liked. */
  abstract likedAmong(photoIds: readonly string[], viewer: Viewer): Promise<Set<string>>;
  abstract hasLiked(photoId: string, viewer: Viewer): Promise<boolean>;
  /** Whether a guest IP has liked any photo (most have not: their gallery needs no liked query). */
  abstract guestHasLikes(ip: string): Promise<boolean>;

  /**
   * Counts a view unless this viewer viewed the photo after `countedSince`, with the events (only
   * for a counted view); answers the view count either way. Parallel loads by one viewer count once.
   */
  abstract recordView(photoId: string, viewer: Viewer, at: Date, countedSince: Date, announce: Announce<number>): Promise<{ views: number; counted: boolean }>;

  /** Throws not-found for a missing photo. */
  abstract updateDescription(id: string, description: string): Promise<Photo>;
  /**
   * Flips a flag atomically (two quick toggles end where they started), with its events. Throws
   * not-found; turning a flag on for a photo held for review throws held-for-review, featuring a
   * photo that is not public throws not-public, and turning a flag on when `refuse` answers an error
   * (checked on the state written) throws that (each changes nothing).
   */
  abstract toggle(id: string, flag: 'isPublic' | 'isFeatured', announce: Announce<Photo>, refuse?: (photo: Photo) => Error | null): Promise<Photo>;

  /**
   * Changes the photo's species, labels and place on the state it read (`change` is made from that
   * state, and made again should another write come first), with its events. Undefined when gone.
   */
  abstract updateNature(id: string, change: (before: Photo) => NatureChange, announce: Announce<{ before: Photo; after: Photo }>): Promise<Photo | undefined>;

  /**
   * Stores a critique made after the upload returned; false when the delivery was applied before.
   * With `hold`, a photo that had no critique yet (its upload went on without one) is also held for
   * review: private, unfeatured, no nature category, with the hold's events.
   */
  abstract setRating(photoId: string, rating: StoredRating, delivery: Delivery, hold?: LateHold): Promise<boolean>;

  /**
   * Ends the review of a held photo with an approval: no longer held, with the category the hold
   * kept, and its events. Undefined when the photo is gone or is not held (another decision came first).
   */
  abstract approveHeld(id: string, announce: Announce<Photo>): Promise<Photo | undefined>;

  /**
   * Deletes the photo (its likes and views with it) and frees its quota, with its events; undefined
   * when already gone, or, with `heldOnly` (a rejection), when it is not held for review.
   */
  abstract delete(id: string, announce: Announce<Photo>, heldOnly?: boolean): Promise<Photo | undefined>;
}
