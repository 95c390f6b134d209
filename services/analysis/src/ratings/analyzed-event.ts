import type { EventPayloads } from '@wildframe/contracts';
import type { PublishOptions } from '@wildframe/platform';
import type { RatingRow } from '../db/schema';

export const ANALYZED_TOPIC = 'analysis.photo.analyzed.v1';

/**
 * `analysis.photo.analyzed.v1` for a stored rating, keyed by photo id, with the event id fixed
 * when the rating was stored (a re-publication carries the same id, so consumers dedupe).
 */
export function analyzedEvent(row: RatingRow): { payload: EventPayloads[typeof ANALYZED_TOPIC]; options: PublishOptions } {
  return {
    payload: {
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
    options: { key: row.photoId, subject: row.photoId, id: row.eventId },
  };
}
