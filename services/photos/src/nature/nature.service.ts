import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, EventOutbox, pendingEvent } from '@wildframe/platform';
import type { Clock, Identity, PendingEvent } from '@wildframe/platform';
import type { Photo } from '../domain/photo';
import { photosErrors } from '../domain/photos.errors';
import { toDetail } from '../domain/photo-view';
import type { MapCells, PhotoDetail, SpeciesSuggestions } from '../dto/photos.responses';
import { IMAGE_URLS, ImageUrls } from '../images/image-urls';
import { PhotographersRepository } from '../photographers/photographers.repository';
import { photographersErrors } from '../photographers/photographers.errors';
import { PublicReadCache } from '../public-cache/public-read-cache';
import { NatureChange, PhotosRepository } from '../repositories/photos.repository';
import { CELL_DEGREES, cellCorner, drawPublicPoint } from './geoprivacy';
import type { GeoPoint } from './geoprivacy';
import { notFeaturableBecause } from './labels';
import { MapCellsRepository } from './map-cells.repository';
import type { NatureBody, NatureInput } from './nature.dto';
import type { NatureFields, StoredPlace } from './nature';
import { SpeciesChecklist } from './species-checklist';
import type { PhotoSpecies } from './species-checklist';

function samePoint(a: GeoPoint | null | undefined, b: GeoPoint | null | undefined): boolean {
  return (a ?? null) === (b ?? null) || (a !== null && a !== undefined && b !== null && b !== undefined && a.lat === b.lat && a.lon === b.lon);
}

/**
 * The generalised point for a place: kept while the place stays (also across privacy changes, so
 * nobody can average fresh draws), drawn again when the place moves, and dropped for a sensitive
 * species (drawn anew should the species later change to one that is not).
 */
export function publicPointFor(place: StoredPlace | null, sensitive: boolean, kept: GeoPoint | null, previous: GeoPoint | null): GeoPoint | null {
  if (!place || sensitive) return null;
  if (kept && samePoint(place, previous)) return kept;
  return drawPublicPoint(place);
}

/**
 * The nature layer's use cases: what a photo shows (species), where (places with geoprivacy), how
 * it was made (labels), the camera as photographers write it, species suggestions and the map.
 */
@Injectable()
export class NatureDetails {
  constructor(
    private readonly checklist: SpeciesChecklist,
    private readonly photos: PhotosRepository,
    private readonly mapCellsRepository: MapCellsRepository,
    private readonly photographers: PhotographersRepository,
    @Inject(IMAGE_URLS) private readonly urls: ImageUrls,
    private readonly outbox: EventOutbox,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly cache: PublicReadCache,
  ) {}

  /**
   * The nature fields of a new photo: the species as named, the labels, and the place picked by
   * the owner or else the photo's EXIF GPS, with its generalised point drawn once.
   */
  atUpload(input: NatureInput | undefined, gps: GeoPoint | null): NatureFields {
    const species = input?.species ? this.checklist.resolve(input.species) : null;
    const point = input?.place ?? gps;
    const place: StoredPlace | null = point ? { lat: point.lat, lon: point.lon, privacy: input?.placePrivacy ?? 'open', source: input?.place ? 'owner' : 'exif' } : null;
    return { species, labels: input?.labels ?? [], place, publicPlace: publicPointFor(place, species?.sensitive ?? false, null, null) };
  }

  suggest(query: string, limit: number): SpeciesSuggestions {
    return { species: this.checklist.suggest(query, limit) };
  }

  /** The owner changes the species, labels, place or its privacy; only what is sent changes. */
  async edit(id: string, owner: Identity, body: NatureBody): Promise<{ message: string; photo: PhotoDetail }> {
    const current = await this.photos.findById(id);
    if (!current || current.userId !== owner.userId) throw photosErrors.notFound();
    const at = this.clock.now().toISOString();
    const species = body.species === undefined ? undefined : body.species ? this.checklist.resolve(body.species) : null;
    const updated = await this.photos.updateNature(
      id,
      (before) => {
        const nextSpecies = species === undefined ? before.species : keepChosenName(before.species, species, body.species ?? '');
        const labels = body.labels ?? before.labels;
        const point = body.place === undefined ? before.place : body.place;
        const place: StoredPlace | null = point
          ? {
              lat: point.lat,
              lon: point.lon,
              privacy: body.placePrivacy ?? before.place?.privacy ?? 'open',
              source: body.place === undefined ? (before.place?.source ?? 'owner') : samePoint(point, before.place) ? (before.place?.source ?? 'owner') : 'owner',
            }
          : null;
        const change: NatureChange = {
          species: nextSpecies,
          labels,
          place,
          publicPlace: publicPointFor(place, nextSpecies?.sensitive ?? false, before.publicPlace, before.place),
        };
        // A featured photo newly labelled captive, baited or AI-made leaves the home page.
        if (before.isFeatured && notFeaturableBecause(labels)) change.isFeatured = false;
        return change;
      },
      ({ before, after }) => this.announceEdit(before, after, at),
    );
    if (!updated) throw photosErrors.notFound();
    this.cache.invalidate();
    await this.outbox.flush();
    const row = (await this.photos.findByIdWithUploader(id)) ?? { photo: updated, firstName: owner.firstName, lastName: owner.lastName };
    const liked = await this.photos.hasLiked(id, { userId: owner.userId, ip: '' });
    return { message: 'Photo details updated', photo: toDetail(row, this.urls, { isOwner: true, liked }) };
  }

  /** Never the place itself: whether there is one and who sees it. */
  private announceEdit(before: Photo, after: Photo, at: string): PendingEvent[] {
    const events: PendingEvent[] = [pendingEvent('photos.photo.details-changed.v1', detailsChanged(after, at), { key: after.id, subject: after.id })];
    if (before.isFeatured && !after.isFeatured) events.push(pendingEvent('photos.photo.featured-changed.v1', { photoId: after.id, isFeatured: false, changedBy: after.userId ?? '', at }, { key: after.id }));
    return events;
  }

  /** The map's cells; one photographer's when asked (their page must be public). */
  async mapCells(photographerId?: string): Promise<MapCells> {
    if (photographerId && !(await this.photographers.findPublic(photographerId))) throw photographersErrors.notFound();
    const cells = await this.mapCellsRepository.cells(photographerId);
    return {
      cellDegrees: CELL_DEGREES,
      cells: cells.map((cell) => ({
        ...cellCorner(cell),
        count: cell.count,
        cover: { ...cell.cover, thumbnailUrl: this.urls.url({ id: cell.cover.id, isPublic: true }, 'thumb') },
      })),
    };
  }
}

/**
 * The same species sent again by its scientific name (the photo page's editor sends it so) keeps
 * the name the photographer chose ("Polar bear"), not the checklist's first one ("Ice bear").
 */
function keepChosenName(before: PhotoSpecies | null, next: PhotoSpecies | null, typed: string): PhotoSpecies | null {
  const bySciName = next?.scientificName != null && typed.trim().replace(/\s+/g, ' ').toLowerCase() === next.scientificName.toLowerCase();
  return next && before && bySciName && before.scientificName === next.scientificName ? { ...next, commonName: before.commonName } : next;
}

/** The payload of photos.photo.details-changed.v1 (and the nature fields of photos.photo.uploaded.v1). */
export function detailsChanged(photo: Photo, at: string) {
  return {
    photoId: photo.id,
    userId: photo.userId ?? '',
    speciesCommonName: photo.species?.commonName ?? '',
    speciesScientificName: photo.species?.scientificName ?? '',
    speciesSensitive: photo.species?.sensitive ?? false,
    labels: [...photo.labels],
    hasPlace: photo.place !== null,
    placePrivacy: photo.place?.privacy ?? '',
    placeShown: photo.place !== null && photo.place.privacy === 'open' && !photo.species?.sensitive && photo.publicPlace !== null,
    at,
  };
}
