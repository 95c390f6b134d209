import { AppError } from '@wildframe/platform';

export type PhotosErrorCode =
  | 'NO_FILE'
  | 'ONE_FILE_ONLY'
  | 'INVALID_TYPE'
  | 'FILE_TOO_LARGE'
  | 'UPLOAD_LIMIT'
  | 'STORAGE_LIMIT'
  | 'CONTENT_REFUSED'
  | 'TOO_MANY_PIXELS'
  | 'TOO_SMALL'
  | 'UNREADABLE'
  | 'NOT_FOUND'
  | 'NOT_OWNER'
  | 'ASSET_NOT_FOUND'
  | 'SLUG_TAKEN'
  | 'HELD_FOR_REVIEW'
  | 'TOO_MANY_IN_FLIGHT'
  | 'BUSY'
  | 'PROCESSING_LIMIT'
  | 'NOT_PUBLIC';

export class PhotosError extends AppError<PhotosErrorCode> {}

/** Server messages; the web matches several of them by text (spec section 8), so they are exact. */
export const photosErrors = {
  noFile: () => new PhotosError('NO_FILE', 'No photo file provided', 400),
  oneFileOnly: () => new PhotosError('ONE_FILE_ONLY', 'Please upload one photo at a time', 400),
  invalidType: () => new PhotosError('INVALID_TYPE', 'Invalid file type: only JPG, PNG, HEIC and WebP images are accepted', 400),
  fileTooLarge: (limitMB: number, planName: string) =>
    new PhotosError('FILE_TOO_LARGE', `File size exceeds ${limitMB}MB limit for ${planName} plan`, 413),
  uploadLimit: () => new PhotosError('UPLOAD_LIMIT', 'Upload limit exceeded', 429),
  storageLimit: () => new PhotosError('STORAGE_LIMIT', 'Storage limit exceeded', 413),
  contentRefused: () => new PhotosError('CONTENT_REFUSED', 'Content does not meet community guidelines', 422),
  tooManyPixels: () => new PhotosError('TOO_MANY_PIXELS', 'Image dimensions are too large to process', 400),
  tooSmall: () => new PhotosError('TOO_SMALL', 'Photos must be at least 800x600 pixels', 400),
  unreadable: () => new PhotosError('UNREADABLE', 'The image could not be read. It may be damaged.', 400),
  notFound: () => new PhotosError('NOT_FOUND', 'Photo Not Found', 404),
  assetNotFound: () => new PhotosError('ASSET_NOT_FOUND', 'Image not found', 404),
  /** Admission: more uploads at once from one address or account than allowed (`Retry-After` says when to try again). */
  tooManyInFlight: () => new PhotosError('TOO_MANY_IN_FLIGHT', 'Please wait for your other uploads to finish before sending more.', 429),
  /** Admission: the queue in front of the image workers is full (`Retry-After`); the web shows it as 'Upload Failed'. */
  busy: () => new PhotosError('BUSY', 'Too many photos are being processed right now. Please try again in a minute.', 503),
  /** The image worker ended the job: over its time or memory limit. Nothing was stored. */
  processingLimit: () =>
    new PhotosError('PROCESSING_LIMIT', 'This photo needs more time or memory to process than the server allows. Please try a smaller photo.', 422),
  /** Slugs carry a random suffix: a clash is a one-in-billions event, refused rather than overwritten. */
  slugTaken: () => new PhotosError('SLUG_TAKEN', 'A photo with this address already exists', 409),
  /** Our texts (the spec has no review): a held photo is neither public nor featured until an admin approves it. */
  heldForReview: (flag: 'isPublic' | 'isFeatured') =>
    new PhotosError(
      'HELD_FOR_REVIEW',
      flag === 'isPublic' ? 'This photo is waiting for review. It can be made public once an admin approves it.' : 'This photo is waiting for review. It can be featured once an admin approves it.',
      409,
    ),
  /**
   * Our text (the spec is silent): the home page shows public photos only, so featuring a private
   * one would promise what it does not show. Only its owner may publish it.
   */
  notPublicForFeature: () => new PhotosError('NOT_PUBLIC', 'Only public photos can be featured. This photo is private: its owner can make it public from My Photos.', 409),
};
