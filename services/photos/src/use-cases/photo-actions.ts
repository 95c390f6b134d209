import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, EventOutbox, pendingEvent } from '@wildframe/platform';
import type { Clock, Identity, StoredObject } from '@wildframe/platform';
import { createHash } from 'node:crypto';
import type { Photo } from '../domain/photo';
import { photosErrors } from '../domain/photos.errors';
import { IMAGE_URLS, ImageUrls } from '../images/image-urls';
import { ImageSize, PhotoFiles } from '../images/photo-files';
import { featuringRefusal } from '../nature/nature.errors';
import { PublicReadCache } from '../public-cache/public-read-cache';
import { asViewer, viewerKey } from './photo-queries';
import { PhotosRepository } from '../repositories/photos.repository';
import type { Announce } from '../repositories/photos.repository';
import { PhotoQueries } from './photo-queries';

/** One viewer's loads of a photo count as one view within this time (reloads do not inflate it). */
export const VIEW_WINDOW_MS = 30 * 60_000;

/** What changes a photo: views, likes, the owner's edits, deletion, and serving its files. */
@Injectable()
export class PhotoActions {
  constructor(
    private readonly photos: PhotosRepository,
    private readonly queries: PhotoQueries,
    private readonly files: PhotoFiles,
    @Inject(IMAGE_URLS) private readonly urls: ImageUrls,
    private readonly outbox: EventOutbox,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly cache: PublicReadCache,
  ) {}

  private at(): string {
    return this.clock.now().toISOString();
  }

  async view(id: string, viewer: Identity | null, ip: string): Promise<{ views: number }> {
    const photo = await this.queries.visibleRow(id, viewer);
    const now = this.clock.now();
    // Only a counted view is news for the other services (the repository announces only those).
    const { views, counted } = await this.photos.recordView(photo.id, asViewer(viewer, ip), now, new Date(now.getTime() - VIEW_WINDOW_MS), (total) => [
      pendingEvent('photos.photo.viewed.v1', { photoId: photo.id, userId: viewer?.userId ?? '', views: total, at: now.toISOString() }, { key: photo.id }),
    ]);
    if (counted) await this.outbox.flush();
    return { views };
  }

  async like(id: string, viewer: Identity | null, ip: string): Promise<{ liked: boolean; totalLikes: number }> {
    const photo = await this.queries.visibleRow(id, viewer);
    const at = this.at();
    const result = await this.photos.toggleLike(photo.id, asViewer(viewer, ip), (toggled) => [
      pendingEvent(
        'photos.photo.liked.v1',
        // Guests are known by IP; only a hash of it leaves this service.
        { photoId: photo.id, userId: viewer?.userId ?? '', ipHash: viewer ? '' : createHash('sha256').update(ip).digest('hex').slice(0, 16), liked: toggled.liked, totalLikes: toggled.totalLikes, at },
        { key: photo.id },
      ),
    ]);
    // After the commit: the next anonymous read loads the new count (and this guest's heart).
    this.cache.invalidate();
    this.cache.viewerLiked(viewerKey(viewer, ip), viewer ? null : ip);
    await this.outbox.flush();
    return result;
  }

  /** The owner's photo, or 404 (also for an admin: owners' edits are the owner's). */
  private async owned(id: string, owner: Identity): Promise<Photo> {
    const photo = await this.photos.findById(id);
    if (!photo || photo.userId !== owner.userId) throw photosErrors.notFound();
    return photo;
  }

  async updateDescription(id: string, owner: Identity, description: string): Promise<{ message: string; description: string }> {
    const photo = await this.owned(id, owner);
    const trimmed = description.trim();
    if (trimmed !== photo.description) {
      await this.photos.updateDescription(photo.id, trimmed);
      this.cache.invalidate();
    }
    return { message: 'Description updated', description: trimmed };
  }

  async togglePublic(id: string, owner: Identity): Promise<{ message: string; isPublic: boolean }> {
    const photo = await this.owned(id, owner);
    const at = this.at();
    const updated = await this.photos.toggle(photo.id, 'isPublic', (row) => [
      pendingEvent('photos.photo.visibility-changed.v1', { photoId: photo.id, userId: owner.userId, isPublic: row.isPublic, at }, { key: photo.id }),
    ]);
    this.cache.invalidate();
    await this.outbox.flush();
    return { message: updated.isPublic ? 'Photo is now public' : 'Photo is now private', isPublic: updated.isPublic };
  }

  async toggleFeatured(id: string, admin: Identity): Promise<{ message: string; isFeatured: boolean }> {
    const photo = await this.photos.findById(id);
    if (!photo) throw photosErrors.notFound();
    const at = this.at();
    // Only wild, unbaited, camera-made photos reach the home page (checked on the labels written).
    const updated = await this.photos.toggle(
      photo.id,
      'isFeatured',
      (row) => [pendingEvent('photos.photo.featured-changed.v1', { photoId: photo.id, isFeatured: row.isFeatured, changedBy: admin.userId, at }, { key: photo.id })],
      featuringRefusal,
    );
    this.cache.invalidate();
    await this.outbox.flush();
    return { message: updated.isFeatured ? 'Photo featured' : 'Photo no longer featured', isFeatured: updated.isFeatured };
  }

  async deleteOwn(id: string, owner: Identity): Promise<{ message: string }> {
    await this.remove(await this.owned(id, owner), 'deleted by owner');
    return { message: 'Photo deleted' };
  }

  async deleteAsAdmin(id: string): Promise<{ message: string }> {
    const photo = await this.photos.findById(id);
    if (!photo) throw photosErrors.notFound();
    await this.remove(photo, 'deleted by admin');
    return { message: 'Photo deleted' };
  }

  /**
   * Record first (with its deleted event, as one unit), then files: a crash in between leaves
   * unreachable files, never a record without them, and the event goes out at the next start.
   * A rejection in review (`rejection`) deletes only a photo still held, and announces itself
   * first. False when there was nothing to delete.
   */
  async remove(photo: Photo, reason: string, rejection?: Announce<Photo>): Promise<boolean> {
    const deletedAt = this.at();
    const deleted = await this.photos.delete(
      photo.id,
      (row) => [
        ...(rejection ? rejection(row) : []),
        pendingEvent('photos.photo.deleted.v1', { photoId: photo.id, userId: photo.userId ?? '', reason, deletedAt }, { key: photo.id }),
      ],
      rejection !== undefined,
    );
    if (!deleted) return false;
    this.cache.invalidate();
    await this.files.remove(photo.id, photo.storageKey);
    await this.outbox.flush();
    return true;
  }

  async download(id: string, owner: Identity): Promise<{ photo: Photo; object: StoredObject }> {
    const photo = await this.owned(id, owner);
    return { photo, object: await this.files.original(photo) };
  }

  /** Public photos to anyone; private ones with a valid signed URL, or to their owner or an admin. */
  async image(id: string, size: ImageSize, viewer: Identity | null, signature: { expires?: string; sig?: string }): Promise<{ photo: Photo; object: StoredObject }> {
    const photo = await this.photos.findById(id);
    if (!photo) throw photosErrors.notFound();
    const allowed =
      photo.isPublic ||
      this.urls.verify(photo.id, size, signature.expires, signature.sig) ||
      (viewer !== null && (viewer.isAdmin || viewer.userId === photo.userId));
    if (!allowed) throw photosErrors.notFound();
    return { photo, object: await this.files.derivative(photo.id, size) };
  }
}
