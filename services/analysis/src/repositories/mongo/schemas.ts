import type { PhotoCategory, RatingEvidence } from '@wildframe/contracts';
import { withAppliedDeliveries, withOutbox } from '@wildframe/platform';
import type { MongoModelDefinition, MongoServiceDatabase, StoredEvent } from '@wildframe/platform';
import { Schema } from 'mongoose';
import type { mongo } from 'mongoose';
import type { PhotoMeasurements } from '../../engine/measure/measure-photo';

/**
 * The analysis collections on MongoDB. Every guarantee rests on a single-document write or a
 * unique index (no multi-document transactions): see the service README, "Persistence".
 */

export interface RatingDoc {
  /** The rating id (a UUID, as on PostgreSQL). */
  _id: string;
  photoId: string;
  overallRating: string;
  composition: string;
  lighting: string;
  clarity: string;
  creativity: string;
  feedback: string;
  subject: string | null;
  location: string | null;
  aiModel: string;
  createdAt: Date;
  category: PhotoCategory;
  evidence: RatingEvidence;
  measurements: PhotoMeasurements | null;
  eventId: string;
  /** Why the engine held the photo for an admin's review; null when rated outright (absent on older ratings). */
  reviewReasons?: string[] | null;
  /** `analysis.photo.analyzed.v1`, inserted with the rating, until the relay has published it. */
  _outbox?: StoredEvent[];
  /** The photo was deleted while the rating's event still waited: reads skip it, the relay removes it. */
  _deleted?: boolean;
}

const ratingSchema = new Schema(
  {
    _id: { type: String, required: true },
    // Unique: one rating per photo decides two analyses racing.
    photoId: { type: String, required: true, unique: true },
    overallRating: { type: String, required: true },
    composition: { type: String, required: true },
    lighting: { type: String, required: true },
    clarity: { type: String, required: true },
    creativity: { type: String, required: true },
    feedback: { type: String, required: true },
    subject: { type: String, default: null },
    location: { type: String, default: null },
    aiModel: { type: String, required: true },
    createdAt: { type: Date, required: true },
    category: { type: String, required: true },
    evidence: { type: Schema.Types.Mixed, required: true },
    measurements: { type: Schema.Types.Mixed, default: null },
    eventId: { type: String, required: true },
    reviewReasons: { type: Schema.Types.Mixed, default: null },
  },
  { versionKey: false, collection: 'ratings', minimize: false },
);
withOutbox(ratingSchema);

export interface PhotoAccessDoc {
  /** The photo id. */
  _id: string;
  ownerId: string | null;
  isPublic: boolean;
  deleted: boolean;
  changedAt: Date;
  /** Deliveries applied to this photo (the platform's `notApplied`/`markApplied` guard). */
  _applied?: string[];
}

const photoAccessSchema = new Schema(
  {
    _id: { type: String, required: true },
    ownerId: { type: String, default: null },
    isPublic: { type: Boolean, required: true, default: false },
    deleted: { type: Boolean, required: true, default: false },
    changedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'photo_access' },
);
withAppliedDeliveries(photoAccessSchema);

export interface EditingTipsDoc {
  /** `<photoId>|<platform>|<level>`: unique as the key, so concurrent saves of one key store one document. */
  _id: string;
  photoId: string;
  platform: string;
  level: string;
  suggestions: string;
  createdAt: Date;
}

const editingTipsSchema = new Schema(
  {
    _id: { type: String, required: true },
    photoId: { type: String, required: true, index: true },
    platform: { type: String, required: true },
    level: { type: String, required: true },
    suggestions: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'editing_tips' },
);

/** The analysis models: registered when the service connects; their indexes are created at start-up or by the migration Job. */
export const analysisMongoModels: readonly MongoModelDefinition[] = [
  { name: 'Rating', schema: ratingSchema, collection: 'ratings' },
  { name: 'PhotoAccess', schema: photoAccessSchema, collection: 'photo_access' },
  { name: 'EditingTips', schema: editingTipsSchema, collection: 'editing_tips' },
];

/** The collections the adapters write (driver level: the documents are exactly the types above). */
export interface AnalysisCollections {
  ratings: mongo.Collection<RatingDoc>;
  access: mongo.Collection<PhotoAccessDoc>;
  tips: mongo.Collection<EditingTipsDoc>;
}

export async function analysisCollections(database: MongoServiceDatabase): Promise<AnalysisCollections> {
  return {
    ratings: await database.collection<RatingDoc>('ratings'),
    access: await database.collection<PhotoAccessDoc>('photo_access'),
    tips: await database.collection<EditingTipsDoc>('editing_tips'),
  };
}
