// Shapes the photos API sends (services/photos: domain/photo-view.ts, domain/upload-limits.ts,
// use-cases/upload-photo.ts), as the web reads them. Kept here until the endpoint types are
// generated from the gateway's OpenAPI document.

/** Upload metadata accepts these two; stored photos may also be 'outdoor scenery' or 'others'. */
export type UploadCategory = 'wildlife' | 'landscape';

export type GallerySort = 'newest' | 'oldest' | 'most-liked' | 'most-viewed';

export type EditingPlatform = 'lightroom' | 'google-photos' | 'apple-photos';

/** What each score rests on, in short statements (analysis contract `RatingEvidence`). */
export interface RatingEvidence {
  overall?: string[];
  composition?: string[];
  lighting?: string[];
  clarity?: string[];
  creativity?: string[];
  category?: string[];
  screening?: Record<string, string>;
  engine?: string[];
}

/** The AI rating. Scores are numeric strings with one decimal ("7.4"), 0 to 10. */
export interface PhotoRating {
  overallRating: string;
  composition: string;
  lighting: string;
  clarity: string;
  creativity: string;
  /** Sentences separated by spaces. */
  feedback: string;
  subject: string | null;
  location: string | null;
  aiModel: string;
  category: string;
  createdAt: string;
  /** Absent for ratings made before the engine recorded it; read defensively. */
  evidence?: unknown;
}

export interface PhotoCredit {
  author: string;
  licence: string;
  source: string;
}

export interface CameraSettings {
  make?: string;
  model?: string;
  lens?: string;
  focalLength?: string;
  aperture?: string;
  shutterSpeed?: string;
  iso?: number;
  takenAt?: string;
}

/** A gallery card. Image URLs of private photos are signed: use them as given. */
export interface PhotoCard {
  id: string;
  slug: string;
  title: string;
  category: string;
  likes: number;
  views: number;
  /** The uploader's display name ('Guest' for guest uploads). */
  username: string;
  userFirstName: string | null;
  userLastName: string | null;
  overallRating: string | null;
  thumbnailUrl: string;
  imageUrl: string;
  width: number;
  height: number;
  /** CSS colour shown while the image loads. */
  dominantColor: string;
  uploadedAt: string;
  isFeatured: boolean;
  isPublic: boolean;
  /** Gallery and detail: whether the viewer has liked it. */
  liked?: boolean;
}

export interface PhotoDetail extends PhotoCard {
  description: string;
  rating: PhotoRating | null;
  credit: PhotoCredit | null;
  camera: CameraSettings | null;
  socialImageUrl: string;
  isOwner: boolean;
  isTemporary: boolean;
  expiresAt: string | null;
  liked: boolean;
  /** Only for the owner. */
  originalName?: string;
  fileSize?: number;
  mimeType?: string;
}

export interface GalleryPage {
  photos: PhotoCard[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

export interface GalleryRequest {
  category?: UploadCategory;
  search?: string;
  sort: GallerySort;
  page: number;
}

/** The spec's Upload limits entity. `dailyUploads` 999999 means unlimited. */
export interface UploadLimits {
  fileSizeLimitMB: number;
  fileSizeLimitBytes: number;
  planName: string;
  isGuest: boolean;
  dailyUploads: number;
  dailyUploadsUsed: number;
  dailyUploadsRemaining: number;
  resetTime: string;
  storageLimitMB: number;
  storageLimitGB: number;
  storageUsedMB: number;
  storageRemainingMB: number;
}

export interface UploadRequest {
  file: File;
  title: string;
  description: string;
  category?: UploadCategory;
}

/** `error` present: the photo was saved without a rating (AI analysis temporarily unavailable). */
export interface UploadResult {
  message: string;
  error?: string;
  photo: PhotoDetail;
  rating?: PhotoRating;
}

export interface UserStats {
  dailyUploads: number;
  totalPhotos: number;
  publicPhotos: number;
  totalLikes: number;
  totalViews: number;
  storageUsedMB: number;
}

export interface LikeResult {
  liked: boolean;
  totalLikes: number;
}
