import type { PhotoCategory, RatingEvidence } from '@wildframe/contracts';
import { Schema } from 'mongoose';
import type { Connection, mongo } from 'mongoose';
import type { PhotoMeasurements } from '../../engine/measure/measure-photo';
import type { StoredEventDoc } from './platform-bridge';
import { storedEventsField } from './platform-bridge';

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
  /** `analysis.photo.analyzed.v1`, inserted with the rating, until the relay has published it. */
  _outbox: StoredEventDoc[];
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
    _outbox: storedEventsField(),
    _deleted: { type: Boolean },
  },
  { versionKey: false, collection: 'ratings', minimize: false },
);

export interface PhotoAccessDoc {
  /** The photo id. */
  _id: string;
  ownerId: string | null;
  isPublic: boolean;
  deleted: boolean;
  changedAt: Date;
  /** Deliveries (`consumer|eventId`) applied to this photo, newest last (bounded). */
  _applied: string[];
}

const photoAccessSchema = new Schema(
  {
    _id: { type: String, required: true },
    ownerId: { type: String, default: null },
    isPublic: { type: Boolean, required: true, default: false },
    deleted: { type: Boolean, required: true, default: false },
    changedAt: { type: Date, required: true },
    _applied: { type: [String], default: [] },
  },
  { versionKey: false, collection: 'photo_access' },
);

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

const schemas = { Rating: ratingSchema, PhotoAccess: photoAccessSchema, EditingTips: editingTipsSchema };

/** The collections the adapters write (driver level: the documents are exactly the types above). */
export interface AnalysisCollections {
  ratings: mongo.Collection<RatingDoc>;
  access: mongo.Collection<PhotoAccessDoc>;
  tips: mongo.Collection<EditingTipsDoc>;
}

export function analysisCollections(connection: Connection): AnalysisCollections {
  const db = connection.db;
  if (!db) throw new Error('the MongoDB connection is not open');
  return {
    ratings: db.collection<RatingDoc>('ratings'),
    access: db.collection<PhotoAccessDoc>('photo_access'),
    tips: db.collection<EditingTipsDoc>('editing_tips'),
  };
}

/** Creates the collections' indexes the guarantees rest on (at start-up, or by the migration Job). */
export async function ensureAnalysisIndexes(connection: Connection): Promise<void> {
  for (const [name, schema] of Object.entries(schemas)) {
    const model: { createIndexes(): Promise<unknown> } = connection.models[name] ?? connection.model(name, schema);
    await model.createIndexes();
  }
}
