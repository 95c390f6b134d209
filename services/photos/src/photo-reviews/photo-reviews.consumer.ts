import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { EVENT_BUS } from '@wildframe/platform';
import type { EventBus } from '@wildframe/platform';
import { PhotoReviewsRepository } from './photo-reviews.repository';

const CONSUMER = 'photos.photo-reviews';

/**
 * The audit trail of reviews, written from their events: every decision announced is recorded,
 * on either backend, also when the process died right after the decision (the outbox publishes
 * it at the next start). One record per photo, so a redelivery changes nothing.
 */
@Injectable()
export class PhotoReviewsConsumer implements OnModuleInit {
  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly reviews: PhotoReviewsRepository,
  ) {}

  onModuleInit(): void {
    this.bus.subscribe('photos.photo.reviewed.v1', CONSUMER, async ({ payload }) => {
      await this.reviews.record({
        photoId: payload.photoId,
        ownerId: payload.userId || null,
        decision: payload.decision === 'rejected' ? 'rejected' : 'approved',
        reason: payload.reason || null,
        reviewedBy: payload.reviewedBy,
        reviewReasons: payload.reviewReasons,
        category: payload.category || null,
        reviewedAt: new Date(payload.at),
      });
    });
  }
}
