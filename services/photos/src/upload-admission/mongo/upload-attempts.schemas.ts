import { withOutbox } from '@wildframe/platform';
import type { MongoModelDefinition, StoredEvent } from '@wildframe/platform';
import { Schema } from 'mongoose';

/** Tries of a subject on a UTC day (`<subject>|<day>`). */
export interface UploadTriesDocument {
  _id: string;
  day: string;
  tries: number;
}

/** An upload whose critique is being made (`_id`: the photo id); abandoned ones carry their events as a tombstone. */
export interface UploadInProgressDocument {
  _id: string;
  startedAt: Date;
  _outbox?: StoredEvent[];
  _deleted?: boolean;
}

export const UPLOAD_TRIES_MODEL = 'UploadTries';
export const UPLOAD_IN_PROGRESS_MODEL = 'UploadInProgress';

const uploadTriesSchema = new Schema<UploadTriesDocument>(
  { _id: { type: String, required: true }, day: { type: String, required: true }, tries: { type: Number, required: true } },
  { versionKey: false },
);
uploadTriesSchema.index({ day: 1 }, { name: 'upload_tries_day' });

const uploadInProgressSchema = withOutbox(
  new Schema<UploadInProgressDocument>({ _id: { type: String, required: true }, startedAt: { type: Date, required: true } }, { versionKey: false }),
);
uploadInProgressSchema.index({ startedAt: 1 }, { name: 'uploads_in_progress_started' });

/** The mongoose models of upload attempts (given to the photos database module). */
export const uploadAttemptsMongoModels: readonly MongoModelDefinition[] = [
  { name: UPLOAD_TRIES_MODEL, schema: uploadTriesSchema, collection: 'upload_tries' },
  { name: UPLOAD_IN_PROGRESS_MODEL, schema: uploadInProgressSchema, collection: 'uploads_in_progress' },
];
