// The photos service over HTTP (distributed shape), for the pages the web middleware writes: a
// photo's social preview and the gallery's first page.
import type { PhotoGalleryAnswer, PhotoSocialPreview } from '@wildframe/contracts';
import { tracedFetch } from '@wildframe/platform';
import type { Request } from 'express';

/** A page never waits longer than the web-app middleware's own deadline; the request stops too. */
const LOOKUP_TIMEOUT_MS = 2000;

function text(value: unknown): value is string {
  return typeof value === 'string';
}

/** A site-relative path (`/api/photos/{id}/image?size=social`), never another origin. */
function sitePath(value: unknown): value is string {
  return text(value) && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');
}

/**
 * Photo previews in the distributed shape: the photos service's public endpoint
 * `GET {PHOTOS_URL}/api/photos/{slugOrId}`, asked anonymously, so a private photo answers 404 and
 * gets no preview. Any other failure rejects (the page is then served without tags).
 */
export function remoteSocialPreview(photosUrl: string): (slugOrId: string) => Promise<PhotoSocialPreview | null> {
  return async (slugOrId) => {
    if (slugOrId === '.' || slugOrId === '..') return null;
    const url = new URL(`/api/photos/${encodeURIComponent(slugOrId)}`, photosUrl);
    const response = await tracedFetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS) });
    if (response.status === 404 || response.status === 403 || response.status === 401) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`the photos service answered ${response.status}`);
    }
    const photo = (await response.json()) as Record<string, unknown> | null;
    if (!photo || photo['isPublic'] !== true || !text(photo['title']) || !sitePath(photo['socialImageUrl'])) return null;
    return { title: photo['title'], description: text(photo['description']) ? photo['description'] : '', imagePath: photo['socialImageUrl'] };
  };
}

/**
 * Gallery pages in the distributed shape: `GET {PHOTOS_URL}/api/photos?{query}`, asked as the
 * proxy asks for the visitor (anonymous, their address in X-Forwarded-For, so a guest's liked
 * flags are theirs). `public` in the answer's Cache-Control marks the page every visitor gets. Any
 * failure rejects (the gallery is then sent prerendered); the web middleware's budget is shorter
 * than this timeout.
 */
export function remoteGallery(photosUrl: string): (query: string, req: Request) => Promise<PhotoGalleryAnswer> {
  return async (query, req) => {
    const url = new URL(`/api/photos?${query}`, photosUrl);
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const response = await tracedFetch(url, {
      headers: { accept: 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`the photos service answered ${response.status}`);
    }
    return { body: await response.text(), shared: (response.headers.get('cache-control') ?? '').startsWith('public') };
  };
}
