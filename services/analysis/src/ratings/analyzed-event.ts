import { pendingEvent } from '@wildframe/platform';
import type { PendingEvent } from '@wildframe/platform';
import type { RatingRecord } from '../domain/rating';

export const ANALYZED_TOPIC = 'analysis.photo.analyzed.v1';

/**
 * `analysis.photo.analyzed.v1` for a stored rating, keyed by photo id, with the event id fixed
 * when the rating was stored (a re-publication carries the same id, so consumers dedupe).
 */
export function analyzedEvent(row: RatingRecord): PendingEvent<typeof ANALYZED_TOPIC> {
  return pendingEvent(
    ANALYZED_TOPIC,
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
      reviewReasons: row.reviewReasons ?? [],
    },
    { key: row.photoId, subject: row.photoId, id: row.eventId },
  );
}
