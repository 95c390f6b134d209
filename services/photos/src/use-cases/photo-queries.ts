import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, isUuid } from '@wildframe/platform';
import type { Clock, Identity } from '@wildframe/platform';
import type { PhotoRow } from '../db/schema';
import { photosErrors } from '../domain/photos.errors';
import { isVisibleTo, PhotoCard, PhotoDetail, toCard, toDetail } from '../domain/photo-view';
import { allowanceFor, UploadLimits, uploadLimits, utcDay } from '../domain/upload-limits';
import { IMAGE_URLS, ImageUrls } from '../images/image-urls';
import { GallerySort, PhotosRepository, PhotoWithUploader } from '../repositories/photos.repository';

export type { GalleryPage, UserStats } from '../dto/photos.responses';
import type { GalleryPage, UserStats } from '../dto/photos.responses';

/** Everything that reads photos: gallery, detail, featured, own photos, limits and stats. */
@Injectable()
export class PhotoQueries {
  constructor(
    private readonly photos: PhotosRepository,
    @Inject(IMAGE_URLS) private readonly urls: ImageUrls,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async gallery(
    filter: { category?: string; search?: string; sort: GallerySort; page: number; pageSize: number },
    viewer: Identity | null,
    ip: string,
  ): Promise<GalleryPage> {
    const { rows, total } = await this.photos.listPublic(filter);
    const liked = await this.photos.likedAmong(
      rows.map((row) => row.photo.id),
      viewer?.userId ?? null,
      ip,
    );
    return {
      photos: rows.map((row) => ({ ...toCard(row, this.urls), liked: liked.has(row.photo.id) })),
      total,
      page: filter.page,
      pageSize: filter.pageSize,
      totalPages: Math.max(1, Math.ceil(total / filter.pageSize)),
    };
  }

  /** A photo by slug or id, for anyone who may see it; 404 otherwise (a private photo is not admitted to exist). */
  async detail(slugOrId: string, viewer: Identity | null, ip: string): Promise<PhotoDetail> {
    const row = await this.visible(slugOrId, viewer);
    const liked = await this.photos.hasLiked(row.photo.id, viewer?.userId ?? null, ip);
    return toDetail(row, this.urls, { isOwner: row.photo.userId !== null && row.photo.userId === viewer?.userId, liked });
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

  async featured(): Promise<PhotoCard[]> {
    return (await this.photos.featured(24)).map((row) => toCard(row, this.urls));
  }

  async mine(userId: string): Promise<PhotoDetail[]> {
    return (await this.photos.listByUser(userId)).map((row) => toDetail(row, this.urls, { isOwner: true, liked: false }));
  }

  async all(): Promise<PhotoDetail[]> {
    return (await this.photos.listAll()).map((row) => toDetail(row, this.urls, { isOwner: false, liked: false }));
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
      this.photos.byUser(identity.userId),
      this.photos.uploadsOn(`user:${identity.userId}`, utcDay(now)),
      this.photos.storageUsed(identity.userId),
    ]);
    return {
      dailyUploads: used,
      totalPhotos: own.length,
      publicPhotos: own.filter((p) => p.isPublic).length,
      totalLikes: own.reduce((sum, p) => sum + p.likes, 0),
      totalViews: own.reduce((sum, p) => sum + p.views, 0),
      storageUsedMB: Math.round((storage / 1024 / 1024) * 100) / 100,
    };
  }
}
