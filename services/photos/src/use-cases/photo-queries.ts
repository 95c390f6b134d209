import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, isUuid } from '@wildframe/platform';
import type { Clock, Identity } from '@wildframe/platform';
import type { Photo, PhotoWithUploader, Viewer } from '../domain/photo';
import { photosErrors } from '../domain/photos.errors';
import { isVisibleTo, PhotoCard, PhotoDetail, toCard, toDetail } from '../domain/photo-view';
import { allowanceFor, UploadLimits, uploadLimits, uploadSubject, utcDay } from '../domain/upload-limits';
import { IMAGE_URLS, ImageUrls } from '../images/image-urls';
import { CachedJson, cachedJson, PublicReadCache } from '../public-cache/public-read-cache';
import { GalleryFilter, GalleryQuery, PageRequest, PhotosRepository } from '../repositories/photos.repository';
import { PhotographersRepository } from '../photographers/photographers.repository';
import { photographersErrors } from '../photographers/photographers.errors';
import { UploadAttemptsRepository } from '../upload-admission/upload-attempts.repository';

export type { GalleryPage, UserStats } from '../dto/photos.responses';
import type { GalleryPage, UserStats } from '../dto/photos.responses';

/**
 * A response body ready to send. `shared` when it is the one every anonymous visitor gets (so a
 * shared cache may keep it); otherwise a copy with this viewer's liked flags or owner fields.
 */
export interface JsonResponse<T> extends CachedJson<T> {
  shared: boolean;
}

/** A read that is the same for every anonymous visitor, kept by the public read cache. */
export type SharedRead =
  | { kind: 'gallery'; page: CachedJson<GalleryPage> }
  | { kind: 'detail'; page: CachedJson<PhotoDetail> }
  | { kind: 'featured'; page: CachedJson<PhotoCard[]> };

/** Who a personal copy is for: a user by id, a guest by IP (guests' likes are kept by IP). */
export function viewerKey(viewer: Identity | null, ip: string): string {
  return viewer ? `u:${viewer.userId}` : `g:${ip}`;
}

/** Likes and views are kept per signed-in user, or per IP for guests. */
export function asViewer(viewer: Identity | null, ip: string): Viewer {
  return { userId: viewer?.userId ?? null, ip };
}

/** Everything that reads photos: gallery, detail, featured, own photos, limits and stats. */
@Injectable()
export class PhotoQueries {
  constructor(
    private readonly photos: PhotosRepository,
    @Inject(IMAGE_URLS) private readonly urls: ImageUrls,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly cache: PublicReadCache,
    private readonly photographers: PhotographersRepository,
    private readonly attempts: UploadAttemptsRepository,
  ) {}

  /** The uploaders among the rows who have a public photographer page. */
  private linkable(rows: readonly PhotoWithUploader[]): Promise<Set<string>> {
    return this.photographers.publicAmong(rows.flatMap((row) => (row.photo.userId ? [row.photo.userId] : [])));
  }

  /**
   * A gallery page: the cached page every anonymous visitor sees, plus, for a signed-in visitor or
   * a guest who has liked something, one small query for the liked flags of the page's photos.
   */
  async gallery(filter: GalleryQuery, viewer: Identity | null, ip: string): Promise<JsonResponse<unknown>> {
    return this.personaliseGallery((await this.sharedGallery(filter)).page, viewer, ip);
  }

  /** The page of a filter as every anonymous visitor sees it (no liked flags), cached. */
  async sharedGallery(filter: GalleryQuery): Promise<SharedRead & { kind: 'gallery' }> {
    const { category, search, species, wild, cell, photographer, sort, page, pageSize } = filter;
    // As on the map: a photographer whose page is not public has no photos to list by name.
    if (photographer && !(await this.photographers.findPublic(photographer))) throw photographersErrors.notFound();
    const cached = await this.cache.remember('gallery', JSON.stringify([category, search, species, wild, cell, photographer, sort, page, pageSize]), async () => {
      const [rows, total] = await Promise.all([this.photos.listPublic(filter), this.publicTotal({ category, search, species, wild, cell, photographer })]);
      const linked = await this.linkable(rows);
      return cachedJson<GalleryPage>({
        photos: rows.map((row) => ({ ...toCard(row, this.urls, linked), liked: false })),
        total,
        page,
        pageSize,
        totalPages: Math.max(1, Math.ceil(total / pageSize)),
      });
    });
    return { kind: 'gallery', page: cached };
  }

  /** A public photo's page as every anonymous visitor sees it, cached; 404 for others. */
  async sharedDetail(slugOrId: string): Promise<SharedRead> {
    const cached = await this.cache.remember('detail', slugOrId, async () => {
      const row = await this.visible(slugOrId, null);
      return cachedJson(toDetail(row, this.urls, { isOwner: false, liked: false }, await this.linkable([row])));
    });
    return { kind: 'detail', page: cached };
  }

  async featured(): Promise<SharedRead> {
    const cached = await this.cache.remember('featured', '', async () => {
      const rows = await this.photos.featured(24);
      const linked = await this.linkable(rows);
      return cachedJson(rows.map((row) => toCard(row, this.urls, linked)));
    });
    return { kind: 'featured', page: cached };
  }

  /**
   * What this viewer gets of a shared read: the shared bytes themselves, or a copy with their liked
   * flags. Null for a signed-in visitor's photo page (owner fields: see {@link detail}).
   */
  async personalise(read: SharedRead, viewer: Identity | null, ip: string): Promise<JsonResponse<unknown> | null> {
    switch (read.kind) {
      case 'featured':
        return { ...read.page, shared: true };
      case 'detail': {
        if (viewer) return null;
        const page = read.page;
        if (!(await this.guestHasLikes(ip))) return { ...page, shared: true };
        return this.cache.remember('personal', this.cache.personalKey(viewerKey(null, ip), page.etag), async () => {
          const liked = await this.photos.hasLiked(page.value.id, asViewer(null, ip));
          return liked ? { ...cachedJson({ ...page.value, liked: true }), shared: false } : { ...page, shared: false };
        });
      }
      case 'gallery':
        return this.personaliseGallery(read.page, viewer, ip);
    }
  }

  /** The shared page with the viewer's liked flags, made once per viewer, page and like of theirs. */
  private async personaliseGallery(page: CachedJson<GalleryPage>, viewer: Identity | null, ip: string): Promise<JsonResponse<unknown>> {
    if (!viewer && !(await this.guestHasLikes(ip))) return { ...page, shared: true };
    return this.cache.remember('personal', this.cache.personalKey(viewerKey(viewer, ip), page.etag), async () => {
      const liked = await this.photos.likedAmong(
        page.value.photos.map((card) => card.id),
        asViewer(viewer, ip),
      );
      if (liked.size === 0) return { ...page, shared: false };
      return { ...cachedJson({ ...page.value, photos: page.value.photos.map((card) => (liked.has(card.id) ? { ...card, liked: true } : card)) }), shared: false };
    });
  }

  /** Whether a guest IP has liked anything (most have not), known without a query most of the time. */
  private guestHasLikes(ip: string): Promise<boolean> {
    return this.cache.guestHasLikes(ip, () => this.photos.guestHasLikes(ip));
  }

  /** The total of a filter is shared by all its pages and sorts, so it is counted once per cache life. */
  private publicTotal(filter: GalleryFilter): Promise<number> {
    return this.cache.remember('total', JSON.stringify([filter.category, filter.search, filter.species, filter.wild, filter.cell, filter.photographer]), () => this.photos.countPublic(filter));
  }

  /** A photo page for a signed-in visitor (owner fields, private photos for owner and admin). */
  async detail(slugOrId: string, viewer: Identity, ip: string): Promise<JsonResponse<PhotoDetail>> {
    const row = await this.visible(slugOrId, viewer);
    const [liked, linked] = await Promise.all([this.photos.hasLiked(row.photo.id, asViewer(viewer, ip)), this.linkable([row])]);
    return { ...cachedJson(toDetail(row, this.urls, { isOwner: row.photo.userId !== null && row.photo.userId === viewer.userId, liked }, linked)), shared: false };
  }

  async visible(slugOrId: string, viewer: Identity | null): Promise<PhotoWithUploader> {
    const row = isUuid(slugOrId)
      ? ((await this.photos.findByIdWithUploader(slugOrId)) ?? (await this.photos.findBySlug(slugOrId)))
      : await this.photos.findBySlug(slugOrId);
    if (!row || !isVisibleTo(row.photo, { userId: viewer?.userId ?? null, isAdmin: viewer?.isAdmin ?? false })) throw photosErrors.notFound();
    return row;
  }

  async visibleRow(id: string, viewer: Identity | null): Promise<Photo> {
    return (await this.visible(id, viewer)).photo;
  }

  /** The user's photos, newest first: all of them (the spec's response), or one page when asked. */
  async mine(userId: string, page?: PageRequest): Promise<PhotoDetail[]> {
    return (await this.photos.listByUser(userId, page)).map((row) => toDetail(row, this.urls, { isOwner: true, liked: false }));
  }

  /** Every photo for the admin, newest first: all (the spec's response), or one page when asked. */
  async all(page?: PageRequest): Promise<PhotoDetail[]> {
    return (await this.photos.listAll(page)).map((row) => toDetail(row, this.urls, { isOwner: false, liked: false }));
  }

  async limits(identity: Identity | null, ip: string): Promise<UploadLimits> {
    const now = this.clock.now();
    const subject = uploadSubject(identity, ip);
    const day = utcDay(now);
    const [stored, tries, storage] = await Promise.all([
      this.photos.uploadsOn(subject, day),
      // A guest's allowance counts tries (refused and failed ones too); a member's, stored photos.
      identity ? Promise.resolve(0) : this.attempts.triesOn(subject, day),
      identity ? this.photos.storageUsed(identity.userId) : Promise.resolve(0),
    ]);
    return uploadLimits(allowanceFor(identity?.plan ?? null), Math.max(stored, tries), storage, now);
  }

  async stats(identity: Identity): Promise<UserStats> {
    const now = this.clock.now();
    const [own, used, storage] = await Promise.all([
      this.photos.totalsByUser(identity.userId),
      this.photos.uploadsOn(`user:${identity.userId}`, utcDay(now)),
      this.photos.storageUsed(identity.userId),
    ]);
    return {
      dailyUploads: used,
      totalPhotos: own.photos,
      publicPhotos: own.publicPhotos,
      totalLikes: own.likes,
      totalViews: own.views,
      storageUsedMB: Math.round((storage / 1024 / 1024) * 100) / 100,
    };
  }
}
