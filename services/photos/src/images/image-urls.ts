import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Photo } from '../domain/photo';
import type { ImageSize } from './photo-files';

const HOUR_MS = 3_600_000;

/**
 * Image URLs. Public photos get plain URLs (cacheable by anyone); private ones get URLs signed
 * for a limited time, because an <img> sends no bearer token. Expiry is rounded to the hour so a
 * URL stays the same, and cacheable, for a while.
 */
export class ImageUrls {
  constructor(
    private readonly secret: string,
    private readonly now: () => Date,
  ) {}

  url(photo: Pick<Photo, 'id' | 'isPublic'>, size: ImageSize): string {
    const base = `/api/photos/${photo.id}/image?size=${size}`;
    if (photo.isPublic) return base;
    const expires = Math.ceil(this.now().getTime() / HOUR_MS) * HOUR_MS + HOUR_MS;
    return `${base}&expires=${expires}&sig=${this.sign(photo.id, size, expires)}`;
  }

  verify(photoId: string, size: ImageSize, expires: string | undefined, sig: string | undefined): boolean {
    const when = Number(expires);
    if (!sig || !Number.isInteger(when) || when < this.now().getTime()) return false;
    const expected = Buffer.from(this.sign(photoId, size, when));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private sign(photoId: string, size: ImageSize, expires: number): string {
    return createHmac('sha256', this.secret).update(`${photoId}:${size}:${expires}`).digest('base64url');
  }
}

export const IMAGE_URLS = Symbol('IMAGE_URLS');
