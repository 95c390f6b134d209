import type { PhotoLabel } from './labels';
import type { PhotoSpecies } from './species-checklist';
import type { GeoPoint } from './geoprivacy';
import { CELL_DEGREES } from './geoprivacy';

export type { PhotoLabel, PhotoSpecies, GeoPoint };

export type PlacePrivacy = 'open' | 'private';
export const PLACE_PRIVACIES: readonly PlacePrivacy[] = ['open', 'private'];

/** Where a photo was taken: the exact point (owner only, never in an event, a log or an error), how it was set and who sees it. */
export interface StoredPlace {
  lat: number;
  lon: number;
  privacy: PlacePrivacy;
  /** Read from the photo's EXIF GPS, or picked by the owner. */
  source: 'exif' | 'owner';
}

/** What the nature layer stores on a photo. */
export interface NatureFields {
  species: PhotoSpecies | null;
  labels: PhotoLabel[];
  place: StoredPlace | null;
  /**
   * The generalised point everyone else sees: random in the place's 0.2° cell, drawn once and kept
   * while the place stays (also while private). Null without a place, and for a sensitive species.
   */
  publicPlace: GeoPoint | null;
}

/** The place as anyone but the owner sees it: the kept random point, when open and not sensitive. */
export function visiblePlace(photo: NatureFields): { lat: number; lon: number; cellDegrees: number } | null {
  if (!photo.place || photo.place.privacy !== 'open' || photo.species?.sensitive || !photo.publicPlace) return null;
  return { lat: photo.publicPlace.lat, lon: photo.publicPlace.lon, cellDegrees: CELL_DEGREES };
}

/** What the owner is told about who sees the place (our texts). */
export function placeNotice(photo: NatureFields): string | null {
  if (!photo.place) return null;
  if (photo.species?.sensitive && photo.species.scientificName === null) {
    return `Only you can see where this photo was taken: "${photo.species.commonName}" names a species listed on CITES Appendix I (threatened with extinction), so its place is never shown to anyone else, whatever you choose.`;
  }
  if (photo.species?.sensitive) {
    return `Only you can see where this photo was taken: ${photo.species.commonName} is listed on CITES Appendix I (threatened with extinction), so its place is never shown to anyone else, whatever you choose.`;
  }
  if (photo.place.privacy === 'private') return 'Private: only you can see where this photo was taken.';
  return 'Everyone else sees a point somewhere in the same 0.2° square (about 20 km across), never the exact spot.';
}
