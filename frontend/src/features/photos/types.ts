// The photos API's shapes, from the generated OpenAPI types (api/schema.ts); UploadCategory and
// UploadRequest are the web's own (the upload form's choices and its File).
import type { QueryOf, RequestBody, ResponseBody, Schemas } from '../../api/schema';

/** Upload metadata accepts these two; stored photos may also be 'outdoor scenery' or 'others'. */
export type UploadCategory = 'wildlife' | 'landscape';

export type GallerySort = NonNullable<QueryOf<'getGallery'>['sort']>;

export type EditingPlatform = RequestBody<'getEditingSuggestions'>['platform'];

/** What each score rests on, in short statements (analysis contract `RatingEvidence`). */
export type RatingEvidence = Schemas['RatingEvidence'];

/** The AI rating. Scores are numeric strings with one decimal ("7.4"), 0 to 10; `evidence` is absent on older ratings. */
export type PhotoRating = Schemas['PhotoRating'];

export type PhotoCredit = Schemas['PhotoCredit'];

export type CameraSettings = Schemas['CameraSettings'];

/**
 * A card (featured photos), or a gallery card that also says whether the viewer liked it, or an
 * own photo's detail shown as a card (with its review state). Image URLs of private photos are
 * signed: use them as given.
 */
export type PhotoCard = Schemas['PhotoCard'] & Partial<Pick<Schemas['GalleryCard'], 'liked'>> & Partial<Pick<Schemas['PhotoDetail'], 'moderation' | 'reviewReasons'>>;

export type PhotoDetail = Schemas['PhotoDetail'];

export type GalleryPage = ResponseBody<'getGallery'>;

/** The gallery's category filters: the two nature categories, and 'others' (the "Other" badge: photos neither). */
export type GalleryCategory = UploadCategory | 'others';

/** The gallery query the web sends (GET /api/photos), with the categories it offers. */
export type GalleryRequest = Required<Pick<QueryOf<'getGallery'>, 'sort' | 'page'>> & Pick<QueryOf<'getGallery'>, 'search' | 'species' | 'wild' | 'cell' | 'photographer'> & { category?: GalleryCategory };

/** The spec's Upload limits entity. `dailyUploads` 999999 means unlimited. */
export type UploadLimits = Schemas['UploadLimits'];

export interface UploadRequest {
  file: File;
  title: string;
  description: string;
  category?: UploadCategory;
  /** The nature layer: what the photo shows, how it was made, who sees where it was taken. */
  species?: string;
  labels?: readonly string[];
  placePrivacy?: 'open' | 'private';
  /** Picked on the map, instead of the photo's GPS. */
  place?: { lat: number; lon: number };
}

/** `error` present: the photo was saved without a rating (AI analysis temporarily unavailable). */
export type UploadResult = Schemas['UploadResult'];

export type UserStats = Schemas['UserStats'];

export type LikeResult = ResponseBody<'toggleLike'>;
