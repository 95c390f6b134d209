import type { Photo, PhotoWithUploader } from './photo';
import type { ImageUrls } from '../images/image-urls';

import type { PhotoCard, PhotoDetail } from '../dto/photos.responses';

/** A gallery card and a photo's detail; their shapes are the API's (dto/photos.responses). */
export type { PhotoCard, PhotoDetail };

function uploaderName(row: PhotoWithUploader): string {
  if (!row.photo.userId) return 'Guest';
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ').trim();
  return name || 'Wildframe member';
}

/** `photographers`: the uploaders with a public page among the rows (their cards link to it). */
export function toCard(row: PhotoWithUploader, urls: ImageUrls, photographers?: ReadonlySet<string>): PhotoCard {
  const { photo } = row;
  return {
    id: photo.id,
    slug: photo.slug,
    title: photo.title,
    category: photo.category,
    likes: photo.likes,
    views: photo.views,
    username: uploaderName(row),
    userFirstName: row.firstName,
    userLastName: row.lastName,
    overallRating: photo.overallRating,
    thumbnailUrl: urls.url(photo, 'thumb'),
    imageUrl: urls.url(photo, 'display'),
    width: photo.width,
    height: photo.height,
    dominantColor: photo.dominantColor,
    uploadedAt: photo.uploadedAt.toISOString(),
    isFeatured: photo.isFeatured,
    isPublic: photo.isPublic,
    photographerId: photo.userId !== null && photographers?.has(photo.userId) ? photo.userId : null,
  };
}

export function toDetail(row: PhotoWithUploader, urls: ImageUrls, viewer: { isOwner: boolean; liked: boolean }, photographers?: ReadonlySet<string>): PhotoDetail {
  const { photo } = row;
  const owner: Partial<PhotoDetail> = viewer.isOwner ? { originalName: photo.originalName, fileSize: photo.fileSize, mimeType: photo.mimeType } : {};
  return {
    ...toCard(row, urls, photographers),
    description: photo.description,
    rating: photo.rating ?? null,
    credit: photo.credit ?? null,
    camera: photo.camera ?? null,
    socialImageUrl: urls.url(photo, 'social'),
    isOwner: viewer.isOwner,
    isTemporary: photo.isTemporary,
    expiresAt: photo.expiresAt?.toISOString() ?? null,
    liked: viewer.liked,
    moderation: photo.moderation,
    reviewReasons: photo.reviewReasons ?? [],
    ...owner,
  };
}

export function isVisibleTo(photo: Photo, viewer: { userId: string | null; isAdmin: boolean }): boolean {
  return photo.isPublic || viewer.isAdmin || (photo.userId !== null && photo.userId === viewer.userId);
}
