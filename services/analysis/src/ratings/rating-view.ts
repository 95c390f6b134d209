import type { PhotoRatingView, RatingEvidence } from '@wildframe/contracts';
import type { RatingRecord } from '../domain/rating';

const NO_EVIDENCE: RatingEvidence = {
  overall: [],
  composition: [],
  lighting: [],
  clarity: [],
  creativity: [],
  category: [],
  screening: { nudity: 'not recorded', nature: 'not recorded', weapons: 'not recorded' },
  engine: [],
};

/** A stored rating as clients see it. Scores stay one-decimal numeric strings ("7.4"). */
export function toRatingView(row: RatingRecord): PhotoRatingView {
  return {
    id: row.id,
    photoId: row.photoId,
    overallRating: row.overallRating,
    composition: row.composition,
    lighting: row.lighting,
    clarity: row.clarity,
    creativity: row.creativity,
    feedback: row.feedback,
    subject: row.subject,
    location: row.location,
    aiModel: row.aiModel,
    category: row.category,
    createdAt: row.createdAt.toISOString(),
    // Ratings stored before evidence was kept have '{}'.
    evidence: { ...NO_EVIDENCE, ...row.evidence },
  };
}
