import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { EVENT_BUS, EventOutbox, pendingEvent } from '@wildframe/platform';
import type { EventBus, PendingEvent } from '@wildframe/platform';
import type { Photo } from '../domain/photo';
import { PublicReadCache } from '../public-cache/public-read-cache';
import { PhotosRepository } from '../repositories/photos.repository';
import { UploadersRepository } from '../repositories/uploaders.repository';
import { PhotoActions } from './photo-actions';

const CONSUMER = 'photos';

/** What a late hold takes from a photo, announced: its public visibility and its place on the home page. */
function unpublished(photo: Photo, at: string): PendingEvent[] {
  return [
    ...(photo.isPublic ? [pendingEvent('photos.photo.visibility-changed.v1', { photoId: photo.id, userId: photo.userId ?? '', isPublic: false, at }, { key: photo.id })] : []),
    // No admin decided this: the hold did.
    ...(photo.isFeatured ? [pendingEvent('photos.photo.featured-changed.v1', { photoId: photo.id, isFeatured: false, changedBy: '', at }, { key: photo.id })] : []),
  ];
}

/**
 * What photos learns from other services: uploader names (auth), a deleted account's photos and
 * files go with it (auth), and critiques made after the upload returned (analysis), which may hold
 * the photo for review (it then leaves the gallery until an admin approves it).
 */
@Injectable()
export class PhotoEventsConsumer implements OnModuleInit {
  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly uploaders: UploadersRepository,
    private readonly photos: PhotosRepository,
    private readonly actions: PhotoActions,
    private readonly cache: PublicReadCache,
    private readonly outbox: EventOutbox,
  ) {}

  onModuleInit(): void {
    this.bus.subscribe('auth.user.registered.v1', CONSUMER, async (event) => {
      const { userId, firstName, lastName } = event.payload;
      await this.uploaders.upsert({ userId, firstName, lastName }, { consumer: CONSUMER, eventId: event.id });
      // Uploader names are on gallery cards and photo pages.
      this.cache.invalidate();
    });
    this.bus.subscribe('auth.user.updated.v1', CONSUMER, async (event) => {
      const { userId, firstName, lastName } = event.payload;
      await this.uploaders.upsert({ userId, firstName, lastName }, { consumer: CONSUMER, eventId: event.id });
      // Uploader names are on gallery cards and photo pages.
      this.cache.invalidate();
    });
    // Deleting files cannot join a transaction; it is idempotent, so a redelivery simply finds less to do.
    this.bus.subscribe('auth.user.deleted.v1', CONSUMER, async (event) => {
      for (const photo of await this.photos.byUser(event.payload.userId)) await this.actions.remove(photo, 'account deleted');
      await this.uploaders.delete(event.payload.userId, { consumer: CONSUMER, eventId: event.id });
      this.cache.invalidate();
    });
    this.bus.subscribe('analysis.photo.analyzed.v1', CONSUMER, async (event) => {
      const p = event.payload;
      const fmt = (n: number) => (Math.round(n * 10) / 10).toFixed(1);
      const applied = await this.photos.setRating(
        p.photoId,
        {
          overallRating: fmt(p.overallRating),
          composition: fmt(p.composition),
          lighting: fmt(p.lighting),
          clarity: fmt(p.clarity),
          creativity: fmt(p.creativity),
          feedback: p.feedback,
          subject: p.subject || null,
          location: null,
          aiModel: p.aiModel,
          category: p.category,
          createdAt: p.analyzedAt,
        },
        { consumer: CONSUMER, eventId: event.id },
        p.reviewReasons.length > 0 ? { reasons: p.reviewReasons, engineCategory: p.category, announce: ({ before }) => unpublished(before, p.analyzedAt) } : undefined,
      );
      if (!applied) return;
      this.cache.invalidate();
      // A hold announces what it took from the photo (its public visibility, its place on the home page).
      await this.outbox.flush();
    });
  }
}
