import { randomUUID } from 'node:crypto';
import type { NewPhoto } from '../domain/photo';

/** A complete photo record for repository tests: a public, permanent wildlife JPEG of 1 MB unless overridden. */
export function newPhotoRecord(overrides: Partial<NewPhoto> = {}): NewPhoto {
  const id = overrides.id ?? randomUUID();
  return {
    id,
    slug: `photo-${id}`,
    originalName: 'p.jpg',
    title: `Photo ${id.slice(0, 6)}`,
    description: 'A quiet morning',
    category: 'wildlife',
    mimeType: 'image/jpeg',
    fileSize: 1024 * 1024,
    storageKey: `photos/${id}/original.jpg`,
    userId: null,
    isTemporary: false,
    expiresAt: null,
    isPublic: true,
    uploadedAt: new Date(),
    storageType: 'permanent',
    guestIp: null,
    width: 1600,
    height: 1067,
    dominantColor: '#8a8f7a',
    thumbnailKey: '',
    displayKey: '',
    camera: null,
    credit: null,
    overallRating: null,
    rating: null,
    moderation: null,
    reviewReasons: null,
    reviewCategory: null,
    species: null,
    labels: [],
    place: null,
    publicPlace: null,
    ...overrides,
  };
}
