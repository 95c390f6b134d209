import type { PendingEvent } from '@wildframe/platform';
import type { CameraSettings, PhotoCredit, StoredRating } from '../dto/photos.responses';
import type { NatureFields } from '../nature/nature';

export type { CameraSettings, PhotoCredit, StoredRating };

/**
 * A stored photo, whatever the backend. Image bytes live in object storage; the record keeps only
 * keys and facts about them.
 */
export interface Photo extends NatureFields {
  id: string;
  slug: string;
  originalName: string;
  title: string;
  description: string;
  category: string;
  mimeType: string;
  fileSize: number;
  storageKey: string;
  userId: string | null;
  isTemporary: boolean;
  expiresAt: Date | null;
  views: number;
  likes: number;
  isPublic: boolean;
  isFeatured: boolean;
  uploadedAt: Date;
  storageType: string;
  guestIp: string | null;
  width: number;
  height: number;
  dominantColor: string;
  thumbnailKey: string;
  displayKey: string;
  camera: CameraSettings | null;
  credit: PhotoCredit | null;
  /** One decimal as a string ("7.4"), as the API shows it. */
  overallRating: string | null;
  rating: StoredRating | null;
  /**
   * 'review' while the photo is held for an admin's review (the AI engine is unsure it is a nature
   * photograph): it stays private and unfeatured, with no nature category, until approved.
   */
  moderation: Moderation | null;
  /** Why the engine held it, in plain words (for the owner and the admin); null when not held. */
  reviewReasons: string[] | null;
  /** The category an approval gives it: the uploader's choice, else the engine's guess; null when not held. */
  reviewCategory: string | null;
}

export type Moderation = 'review';

/** The category a held photo shows until approved: no nature badge (Wildlife, Landscape) for what may not be nature. */
export const HELD_CATEGORY = 'others';

const NATURE_CATEGORIES: readonly string[] = ['wildlife', 'landscape'];

/** A photo's category: the uploader's choice, else the engine's guess, else 'others'. */
export function categoryOf(chosen: string | null | undefined, engine: string | null | undefined): string {
  if (chosen && NATURE_CATEGORIES.includes(chosen)) return chosen;
  return engine && NATURE_CATEGORIES.includes(engine) ? engine : HELD_CATEGORY;
}

/**
 * The fields of a photo the engine holds for review (`reasons`), or of one it rated outright
 * (null). A held photo shows no nature category and keeps the one an approval will give it.
 */
export function moderationFields(reasons: string[] | null, category: string): Pick<Photo, 'moderation' | 'reviewReasons' | 'reviewCategory' | 'category'> {
  return reasons ? { moderation: 'review', reviewReasons: reasons, reviewCategory: category, category: HELD_CATEGORY } : { moderation: null, reviewReasons: null, reviewCategory: null, category };
}

/** What a late critique that holds the photo does to it: held, private and unfeatured. */
export interface LateHold {
  reasons: string[];
  /** The engine's guess (an approval gives it unless the uploader chose one). */
  engineCategory: string;
  /** Its events, from the photo before and after (e.g. it is no longer public). */
  announce: (change: { before: Photo; after: Photo }) => PendingEvent[];
}

/** A new photo: counters start at zero, and it is neither featured nor viewed yet. */
export type NewPhoto = Omit<Photo, 'views' | 'likes' | 'isFeatured'>;

/** A photo with its uploader's display name (null for guests and unknown uploaders). */
export interface PhotoWithUploader {
  photo: Photo;
  firstName: string | null;
  lastName: string | null;
}

/** Who likes or views: a signed-in user by id, a guest by IP address. */
export interface Viewer {
  userId: string | null;
  ip: string;
}

/** An uploader's display name, kept from auth.user.* events (photos never asks auth at read time). */
export interface Uploader {
  userId: string;
  firstName: string;
  lastName: string;
}

/** A site image (home page hero and samples); its WebP is in object storage at `storageKey`. */
export interface SiteAsset {
  name: string;
  title: string;
  description: string;
  category: string;
  mimeType: string;
  fileSize: number;
  storageKey: string;
  credit: PhotoCredit | null;
}
