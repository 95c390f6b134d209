import type { CameraSettings, PhotoCredit, StoredRating } from '../dto/photos.responses';

export type { CameraSettings, PhotoCredit, StoredRating };

/**
 * A stored photo, whatever the backend. Image bytes live in object storage; the record keeps only
 * keys and facts about them.
 */
export interface Photo {
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
