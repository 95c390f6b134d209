import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { EVENT_BUS } from '@wildframe/platform';
import type { EventBus } from '@wildframe/platform';
import { PublicReadCache } from '../public-cache/public-read-cache';
import { PhotosRepository } from '../repositories/photos.repository';
import { UploadersRepository } from '../repositories/uploaders.repository';
import { PhotoActions } from './photo-actions';

const CONSUMER = 'photos';

/**
 * What photos learns from other services: uploader names (auth), a deleted account's photos and
 * files go with it (auth), and critiques made after the upload returned (analysis).
 */
@Injectable()
export class PhotoEventsConsumer implements OnModuleInit {
  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly uploaders: UploadersRepository,
    private readonly photos: PhotosRepository,
    private readonly actions: PhotoActions,
    private readonly cache: PublicReadCache,
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
      );
      if (applied) this.cache.invalidate();
    });
  }
}
