import type { MongoModelDefinition } from '@wildframe/platform';
import { Schema } from 'mongoose';
import type { PhotoReview } from '../photo-review';

/** A review as stored: `_id` is the photo id (one review per photo). */
export type PhotoReviewDocument = Omit<PhotoReview, 'photoId'> & { _id: string };

export const PHOTO_REVIEW_MODEL = 'PhotoReview';

const photoReviewSchema = new Schema<PhotoReviewDocument>(
  {
    _id: { type: String, required: true },
    ownerId: { type: String, default: null },
    decision: { type: String, required: true },
    reason: { type: String, default: null },
    reviewedBy: { type: String, required: true },
    reviewReasons: { type: [String], default: [] },
    category: { type: String, default: null },
    reviewedAt: { type: Date, required: true },
  },
  { versionKey: false, minimize: false },
);

/** The mongoose model of the review trail (give it to the photos database module). */
export const photoReviewsMongoModels: readonly MongoModelDefinition[] = [{ name: PHOTO_REVIEW_MODEL, schema: photoReviewSchema, collection: 'photo_reviews' }];
