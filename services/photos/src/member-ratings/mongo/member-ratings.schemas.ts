import { withOutbox } from '@wildframe/platform';
import type { MongoModelDefinition, StoredEvent } from '@wildframe/platform';
import { Schema } from 'mongoose';

/** A critique as stored; its events travel in `_outbox` (see the platform's outbox-fields). */
export interface MemberRatingDocument {
  _id: string;
  photoId: string;
  /** Rewritten to a freed value when the critique is removed, so the member may rate again. */
  userId: string;
  authorName: string;
  overallRating: number;
  composition: number;
  lighting: number;
  clarity: number;
  creativity: number;
  feedback: string | null;
  createdAt: Date;
  updatedAt: Date;
  _outbox?: StoredEvent[];
  _deleted?: boolean;
}

export const MEMBER_RATING_MODEL = 'MemberRating';
export const MEMBER_RATINGS_COLLECTION = 'member_ratings';

const score = { type: Number, required: true, min: 1, max: 10 };

const memberRatingSchema = withOutbox(
  new Schema<MemberRatingDocument>(
    {
      _id: { type: String, required: true },
      photoId: { type: String, required: true },
      userId: { type: String, required: true },
      authorName: { type: String, required: true },
      overallRating: score,
      composition: score,
      lighting: score,
      clarity: score,
      creativity: score,
      feedback: { type: String, default: null },
      createdAt: { type: Date, required: true },
      updatedAt: { type: Date, required: true },
    },
    { versionKey: false, minimize: false },
  ),
);
// One critique per member and photo: what makes parallel submissions by one member end as one.
memberRatingSchema.index({ photoId: 1, userId: 1 }, { unique: true, name: 'member_ratings_photo_user' });
memberRatingSchema.index({ photoId: 1, updatedAt: -1 }, { name: 'member_ratings_photo_updated' });
memberRatingSchema.index({ userId: 1 }, { name: 'member_ratings_user' });

/** The mongoose models of member critiques (listed in photos.database.ts, for the module and the migration Job). */
export const memberRatingsMongoModels: readonly MongoModelDefinition[] = [{ name: MEMBER_RATING_MODEL, schema: memberRatingSchema, collection: MEMBER_RATINGS_COLLECTION }];
