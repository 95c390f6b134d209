import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { EVENT_BUS } from '@wildframe/platform';
import type { EventBus } from '@wildframe/platform';
import { PhotoAccessRepository } from '../repositories/photo-access.repository';

/** An event's own time, or now when a publisher left it empty (the order check then favours the newest fact). */
function timeOf(iso: string): Date {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? new Date() : at;
}

/** Consumer group of the analysis service on photos.* topics. */
export const CONSUMER_GROUP = 'analysis';

/**
 * Keeps the analysis service's view of photos current: who owns each and whether it is public
 * (for the editing tips), and removes a deleted photo's rating and tips. Each event applies once:
 * the repository records the delivery with its effect.
 */
@Injectable()
export class PhotoEventsConsumer implements OnModuleInit {
  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly access: PhotoAccessRepository,
  ) {}

  onModuleInit(): void {
    this.bus.subscribe('photos.photo.uploaded.v1', CONSUMER_GROUP, async ({ id, payload }) => {
      await this.access.record(
        { photoId: payload.photoId, ownerId: payload.userId || null, at: timeOf(payload.uploadedAt) },
        { consumer: `${CONSUMER_GROUP}:photo-uploaded`, eventId: id },
      );
    });
    this.bus.subscribe('photos.photo.visibility-changed.v1', CONSUMER_GROUP, async ({ id, payload }) => {
      await this.access.record(
        { photoId: payload.photoId, ownerId: payload.userId || null, isPublic: payload.isPublic, at: timeOf(payload.at) },
        { consumer: `${CONSUMER_GROUP}:photo-visibility`, eventId: id },
      );
    });
    this.bus.subscribe('photos.photo.deleted.v1', CONSUMER_GROUP, async ({ id, payload }) => {
      await this.access.markDeleted(payload.photoId, timeOf(payload.deletedAt), { consumer: `${CONSUMER_GROUP}:photo-deleted`, eventId: id });
    });
  }
}
