import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, isUuid } from '@wildframe/platform';
import type { Clock, Identity } from '@wildframe/platform';
import type { PhotoRow } from '../db/schema';
import { photosErrors } from '../domain/photos.errors';
import { isVisibleTo, PhotoCard, PhotoDetail, toCard, toDetail } from '../domain/photo-view';
import { allowanceFor, UploadLimits, uploadLimits, utcDay } from '../domain/upload-limits';
import { IMAGE_URLS, ImageUrls } from '../images/image-urls';
import { CachedJson, cachedJson, PublicReadCache } from '../public-cache/public-read-cache';
import { GalleryFilter, GallerySort, PageRequest, PhotosRepository, PhotoWithUploader } from '../repositories/photos.repository';

export interface GalleryPage {
  /** Each card says whether the viewer has liked it, so the heart survives a refetch. */
  photos: Array<PhotoCard & { liked: boolean }>;
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

/**
 * A response body ready to send. `shared` when it is the one every anonymous visitor gets (so a
 * shared cache may keep it); otherwise a copy with this viewer's liked flags or owner fields.
 */
export interface JsonResponse<T> extends CachedJson<T> {
  shared: boolean;
}

export type GalleryFilterQuery = GalleryFilter & { sort: GallerySort; page: number; pageSize: number };

export interface UserStats {
  dailyUploads: number;
  totalPhotos: number;
  publicPhotos: number;
  totalLikes: number;
  totalViews: number;
  storageUsedMB: number;
}

/** Everything that reads photos: gallery, detail, featured, own photos, limits and stats. */
@Injectable()
export class PhotoQueries {
  constructor(
    private readonly photos: PhotosRepository,
    @Inject(IMAGE_URLS) private readonly urls: ImageUrls,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly cache: PublicReadCache,
  ) {}

  /**
   * A gallery page: the cached page every anonymous visitor sees, plus, for a signed-in visitor or
   * a guest who has liked something, one small query for the liked flags of the page's photos.
   */
  async gallery(filter: GalleryFilterQuery, viewer: Identity | null, ip: string): Promise<JsonResponse<GalleryPage>> {
    const page = await this.sharedGallery(filter);
    const liked = await this.likedAmong(
      page.value.photos.map((card) => card.id),
      viewer,
      ip,
    );
    if (!liked) return { ...page, shared: true };
    if (liked.size === 0) return { ...page, shared: false };
    return { ...cachedJson({ ...page.value, photos: page.value.photos.map((card) => (liked.has(card.id) ? { ...card, liked: true } : card)) }), shared: false };
  }

  private sharedGallery(filter: GalleryFilterQuery): Promise<CachedJson<GalleryPage>> {
    const { category, search, sort, page, pageSize } = filter;
    return this.cache.remember('gallery', JSON.stringify([category, search, sort, page, pageSize]), async () => {
      const [rows, total] = await Promise.all([this.photos.listPublic(filter), this.publicTotal({ category, search })]);
      return cachedJson({
        photos: rows.map((row) => ({ ...toCard(row, this.urls), liked: false })),
        total,
        page,
        pageSize,
        totalPages: Math.max(1, Math.ceil(total / pageSize)),
      });
    });
  }

  /** The total of a filter is shared by all its pages and sorts, so it is counted once per cache life. */
  private publicTotal(filter: GalleryFilter): Promise<number> {
    return this.cache.remember('total', JSON.stringify([filter.category, filter.search]), () => this.photos.countPublic(filter));
  }

  /**
   * The viewer's likes among these photos; null when the viewer is a guest who has liked nothing
   * (most anonymous visitors), known without a query most of the time.
   */
  private async likedAmong(ids: string[], viewer: Identity | null, ip: string): Promise<Set<string> | null> {
    if (!viewer && !(await this.cache.guestHasLikes(ip, () => this.photos.guestHasLikes(ip)))) return null;
    return this.photos.likedAmong(ids, viewer?.userId ?? null, ip);
  }

  /** A photo by slug or id, for anyone who may see it; 404 otherwise (a private photo is not admitted to exist). */
  async detail(slugOrId: string, viewer: Identity | null, ip: string): Promise<JsonResponse<PhotoDetail>> {
    if (!viewer) {
      // Anonymous visitors see public photos only, all the same way: one cached copy per photo.
      const page = await this.cache.remember('detail', slugOrId, async () => cachedJson(toDetail(await this.visible(slugOrId, null), this.urls, { isOwner: false, liked: false })));
      const liked = await this.likedAmong([page.value.id], null, ip);
      if (!liked) return { ...page, shared: true };
      return liked.size === 0 ? { ...page, shared: false } : { ...cachedJson({ ...page.value, liked: true }), shared: false };
    }
    const row = await this.visible(slugOrId, viewer);
    const liked = await this.photos.hasLiked(row.photo.id, viewer.userId, ip);
    return { ...cachedJson(toDetail(row, this.urls, { isOwner: row.photo.userId !== null && row.photo.userId === viewer.userId, liked })), shared: false };
  }

  async visible(slugOrId: string, viewer: Identity | null): Promise<PhotoWithUploader> {
    const row = isUuid(slugOrId)
      ? ((await this.photos.findByIdWithUploader(slugOrId)) ?? (await this.photos.findBySlug(slugOrId)))
      : await this.photos.findBySlug(slugOrId);
    if (!row || !isVisibleTo(row.photo, { userId: viewer?.userId ?? null, isAdmin: viewer?.isAdmin ?? false })) throw photosErrors.notFound();
    return row;
  }

  async visibleRow(id: string, viewer: Identity | null): Promise<PhotoRow> {
    return (await this.visible(id, viewer)).photo;
  }

  featured(): Promise<CachedJson<PhotoCard[]>> {
    return this.cache.remember('featured', '', async () => cachedJson((await this.photos.featured(24)).map((row) => toCard(row, this.urls))));
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
    const subject = identity ? `user:${identity.userId}` : `guest:${ip}`;
    const [used, storage] = await Promise.all([this.photos.uploadsOn(subject, utcDay(now)), identity ? this.photos.storageUsed(identity.userId) : Promise.resolve(0)]);
    return uploadLimits(allowanceFor(identity?.plan ?? null), used, storage, now);
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
