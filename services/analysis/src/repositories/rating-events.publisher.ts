import { Inject, Injectable } from '@nestjs/common';
import { EVENT_BUS } from '@wildframe/platform';
import type { EventBus } from '@wildframe/platform';
import type { RatingRow } from '../db/schema';

/** Puts `analysis.photo.analyzed.v1` on the bus, keyed by photo id, with the id fixed when the rating was stored. */
@Injectable()
export class RatingEventsPublisher {
  constructor(@Inject(EVENT_BUS) private readonly bus: EventBus) {}

  async publishAnalyzed(row: RatingRow): Promise<void> {
    await this.bus.publish(
      'analysis.photo.analyzed.v1',
      {
        photoId: row.photoId,
        overallRating: Number(row.overallRating),
        composition: Number(row.composition),
        lighting: Number(row.lighting),
        clarity: Number(row.clarity),
        creativity: Number(row.creativity),
        feedback: row.feedback,
        subject: row.subject ?? '',
        aiModel: row.aiModel,
        category: row.category,
        analyzedAt: row.createdAt.toISOString(),
      },
      { key: row.photoId, subject: row.photoId, id: row.eventId },
    );
  }
}
