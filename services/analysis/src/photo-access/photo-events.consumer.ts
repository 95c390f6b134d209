import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { EVENT_BUS, PostgresProcessedEventStore, idempotent } from '@wildframe/platform';
import type { EventBus } from '@wildframe/platform';
import { EditingTipsRepository } from '../repositories/editing-tips.repository';
import { PhotoAccessRepository } from '../repositories/photo-access.repository';
import { RatingsRepository } from '../repositories/ratings.repository';

/** An event's own time, or now when a publisher left it empty (the order check then favours the newest fact). */
function timeOf(iso: string): Date {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? new Date() : at;
}

/** Consumer group of the analysis service on photos.* topics. */
export const CONSUMER_GROUP = 'analysis';

/**
 * Keeps the analysis service's view of photos current: who owns each and whether it is public
 * (for the editing tips), and removes a deleted photo's rating and tips. Each handler runs once
 * per event, in one transaction with the record that it ran.
 */
@Injectable()
export class PhotoEventsConsumer implements OnModuleInit {
  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly processed: PostgresProcessedEventStore,
    private readonly access: PhotoAccessRepository,
    private readonly ratings: RatingsRepository,
    private readonly tips: EditingTipsRepository,
  ) {}

  onModuleInit(): void {
    this.bus.subscribe(
      'photos.photo.uploaded.v1',
      CONSUMER_GROUP,
      idempotent(this.processed, `${CONSUMER_GROUP}:photo-uploaded`, async ({ payload }, tx) => {
        await this.access.record({ photoId: payload.photoId, ownerId: payload.userId || null, at: timeOf(payload.uploadedAt) }, tx);
      }),
    );
    this.bus.subscribe(
      'photos.photo.visibility-changed.v1',
      CONSUMER_GROUP,
      idempotent(this.processed, `${CONSUMER_GROUP}:photo-visibility`, async ({ payload }, tx) => {
        await this.access.record({ photoId: payload.photoId, ownerId: payload.userId || null, isPublic: payload.isPublic, at: timeOf(payload.at) }, tx);
      }),
    );
    this.bus.subscribe(
      'photos.photo.deleted.v1',
      CONSUMER_GROUP,
      idempotent(this.processed, `${CONSUMER_GROUP}:photo-deleted`, async ({ payload }, tx) => {
        await this.access.markDeleted(payload.photoId, timeOf(payload.deletedAt), tx);
        await this.tips.deleteByPhotoId(payload.photoId, tx);
        await this.ratings.deleteByPhotoId(payload.photoId, tx);
      }),
    );
  }
}
