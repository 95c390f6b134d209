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
 * What the gateway asks of the photos service when it serves a photo page (/photo/:idOrSlug,
 * /photos/:slug): the preview of a public photo, or null when the photo is missing or private.
 * The gateway uses it only when the photos module runs in the same process (standalone).
 */
export interface PhotosApi {
  socialPreview(slugOrId: string): Promise<PhotoSocialPreview | null>;
}
