import type { Photo, PhotoWithUploader } from './photo';
import type { ImageUrls } from '../images/image-urls';

import type { PhotoCard, PhotoDetail } from '../dto/photos.responses';
import { normaliseCamera } from '../nature/camera-names';
import { placeNotice, visiblePlace } from '../nature/nature';

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
    species: photo.species ? { commonName: photo.species.commonName, scientificName: photo.species.scientificName, sensitive: photo.species.sensitive } : null,
    labels: photo.labels,
  };
}

export function toDetail(row: PhotoWithUploader, urls: ImageUrls, viewer: { isOwner: boolean; liked: boolean }, photographers?: ReadonlySet<string>): PhotoDetail {
  const { photo } = row;
  // The exact point goes to its owner only.
  const owner: Partial<PhotoDetail> = viewer.isOwner
    ? {
        originalName: photo.originalName,
        fileSize: photo.fileSize,
        mimeType: photo.mimeType,
        exactPlace: photo.place ? { lat: photo.place.lat, lon: photo.place.lon } : null,
        placePrivacy: photo.place?.privacy ?? 'open',
        placeNotice: placeNotice(photo),
      }
    : {};
  return {
    ...toCard(row, urls, photographers),
    description: photo.description,
    rating: photo.rating ?? null,
    credit: photo.credit ?? null,
    camera: normaliseCamera(photo.camera ?? null),
    socialImageUrl: urls.url(photo, 'social'),
    isOwner: viewer.isOwner,
    isTemporary: photo.isTemporary,
    expiresAt: photo.expiresAt?.toISOString() ?? null,
    liked: viewer.liked,
    moderation: photo.moderation,
    reviewReasons: photo.reviewReasons ?? [],
    place: visiblePlace(photo),
    ...owner,
  };
}

export function isVisibleTo(photo: Photo, viewer: { userId: string | null; isAdmin: boolean }): boolean {
  return photo.isPublic || viewer.isAdmin || (photo.userId !== null && photo.userId === viewer.userId);
}
