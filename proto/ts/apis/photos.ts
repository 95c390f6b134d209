/** Name under which the photos service registers its in-process implementation. */
export const PHOTOS_API = 'photos';

/** What a shared link to a photo page shows (Open Graph / Twitter card). */
export interface PhotoSocialPreview {
  title: string;
  description: string;
  /** Site-relative path of the 1200x630 social image, e.g. `/api/photos/{id}/image?size=social`. */
  imagePath: string;
}

/**
 * A gallery page as `GET /api/photos?{query}` answers it to an anonymous visitor from `clientIp`:
 * the JSON body, and whether it is the one every anonymous visitor gets (a guest who liked photos
 * gets their liked flags in a copy of their own).
 */
export interface PhotoGalleryAnswer {
  body: string;
  shared: boolean;
}

/**
 * What the gateway asks of the photos service when it serves a photo page (/photo/:idOrSlug,
 * /photos/:slug): the preview of a public photo, or null when the photo is missing or private.
 * The gateway uses it only when the photos module runs in the same process (standalone).
 */
export interface PhotosApi {
  socialPreview(slugOrId: string): Promise<PhotoSocialPreview | null>;
  /** For the gallery's first page drawn on the server (README, "First view"); a bad query rejects. */
  publicGallery(query: string, clientIp: string): Promise<PhotoGalleryAnswer>;
}
