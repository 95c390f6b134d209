import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import type { CameraSettings, PhotoCredit, StoredRating } from '../../domain/photo';

/**
 * The photos service's collections on MongoDB. Every document that announces its changes carries
 * `_outbox` (events pushed by the same single-document write, published then pulled by the relay)
 * and, once deleted, `_deleted` (a tombstone the relay removes when its outbox is empty).
 */

/** An event waiting in a document's `_outbox`. */
export interface OutboxEntry {
  id: string;
  topic: string;
  key: string;
  subject?: string;
  headers?: Record<string, string>;
  payload: unknown;
  createdAt: Date;
}

export interface PhotoDocument {
  _id: string;
  slug: string;
  originalName: string;
  title: string;
  description: string;
  category: string;
  mimeType: string;
  fileSize: number;
  storageKey: string;
  userId: string | null;
  isTemporary: boolean;
  expiresAt: Date | null;
  views: number;
  likes: number;
  isPublic: boolean;
  isFeatured: boolean;
  uploadedAt: Date;
  storageType: string;
  guestIp: string | null;
  width: number;
  height: number;
  dominantColor: string;
  thumbnailKey: string;
  displayKey: string;
  camera: CameraSettings | null;
  credit: PhotoCredit | null;
  overallRating: string | null;
  rating: StoredRating | null;
  /** Who likes it (`u:<userId>` or `g:<ip>`): `likes` is its length, kept by the same writes. */
  likedBy: string[];
  /** Bumped by every change, so a write whose events describe the state it read applies only to that state. */
  _rev: number;
  _outbox: OutboxEntry[];
  _deleted?: boolean;
}

/** Events with no change of a photo to travel with: a tombstone from the start, removed once published. */
export interface AnnouncementDocument {
  _id: string;
  _outbox: OutboxEntry[];
  _deleted: true;
}

/** One viewer's last counted view of a photo; `_id` is `<photoId>|<viewer>`. */
export interface ViewDocument {
  _id: string;
  photoId: string;
  viewedAt: Date;
}

/** Uploads of a subject on a UTC day (`daily:<subject>:<day>`), written under the subject's lock. */
export interface CounterDocument {
  _id: string;
  count: number;
}

export interface UploaderDocument {
  _id: string;
  firstName: string;
  lastName: string;
  updatedAt: Date;
}

export interface AssetDocument {
  _id: string;
  title: string;
  description: string;
  category: string;
  mimeType: string;
  fileSize: number;
  storageKey: string;
  credit: PhotoCredit | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A held lock (see DocumentLocks): `_id` is what it guards, `token` its holder. */
export interface LockDocument {
  _id: string;
  token: string;
  takenAt: Date;
}

export interface ProcessedEventDocument {
  consumer: string;
  eventId: string;
  processedAt: Date;
}

const outboxEntry = new Schema<OutboxEntry>(
  { id: String, topic: String, key: String, subject: String, headers: Schema.Types.Mixed, payload: Schema.Types.Mixed, createdAt: Date },
  { _id: false },
);

const photoSchema = new Schema<PhotoDocument>(
  {
    _id: { type: String, required: true },
    slug: { type: String, required: true },
    originalName: { type: String, required: true },
    title: { type: String, required: true },
    description: { type: String, required: true },
    category: { type: String, required: true },
    mimeType: { type: String, required: true },
    fileSize: { type: Number, required: true },
    storageKey: { type: String, required: true },
    userId: { type: String, default: null },
    isTemporary: { type: Boolean, required: true },
    expiresAt: { type: Date, default: null },
    views: { type: Number, default: 0 },
    likes: { type: Number, default: 0 },
    isPublic: { type: Boolean, default: false },
    isFeatured: { type: Boolean, default: false },
    uploadedAt: { type: Date, required: true },
    storageType: { type: String, required: true },
    guestIp: { type: String, default: null },
    width: { type: Number, default: 0 },
    height: { type: Number, default: 0 },
    dominantColor: { type: String, default: '#8a8f7a' },
    thumbnailKey: { type: String, default: '' },
    displayKey: { type: String, default: '' },
    camera: { type: Schema.Types.Mixed, default: null },
    credit: { type: Schema.Types.Mixed, default: null },
    overallRating: { type: String, default: null },
    rating: { type: Schema.Types.Mixed, default: null },
    likedBy: { type: [String], default: [] },
    _rev: { type: Number, default: 0 },
    _outbox: { type: [outboxEntry], default: [] },
    _deleted: { type: Boolean },
  },
  { collection: 'photos', versionKey: false, minimize: false, autoIndex: false },
);
// One index per gallery filter × sort, each ending in the sort's tie-breakers, so a page is read
// from the index in order (FerretDB has no partial indexes: `isPublic` leads instead).
photoSchema.index({ slug: 1 }, { unique: true });
photoSchema.index({ isPublic: 1, uploadedAt: -1, _id: -1 });
photoSchema.index({ isPublic: 1, likes: -1, uploadedAt: -1, _id: -1 });
photoSchema.index({ isPublic: 1, views: -1, uploadedAt: -1, _id: -1 });
photoSchema.index({ isPublic: 1, category: 1, uploadedAt: -1, _id: -1 });
photoSchema.index({ isPublic: 1, category: 1, likes: -1, uploadedAt: -1, _id: -1 });
photoSchema.index({ isPublic: 1, category: 1, views: -1, uploadedAt: -1, _id: -1 });
photoSchema.index({ userId: 1, uploadedAt: -1, _id: -1 });
photoSchema.index({ uploadedAt: -1, _id: -1 });
photoSchema.index({ isFeatured: 1, uploadedAt: -1 });
photoSchema.index({ isTemporary: 1, expiresAt: 1 });
// "Has this viewer liked these photos / anything?" (a multikey index over the likers).
photoSchema.index({ likedBy: 1 });
photoSchema.index({ '_outbox.0.createdAt': 1 });

const announcementSchema = new Schema<AnnouncementDocument>(
  { _id: { type: String, required: true }, _outbox: { type: [outboxEntry], default: [] }, _deleted: { type: Boolean, required: true } },
  { collection: 'announcements', versionKey: false, autoIndex: false },
);

const viewSchema = new Schema<ViewDocument>(
  { _id: { type: String, required: true }, photoId: { type: String, required: true }, viewedAt: { type: Date, required: true } },
  { collection: 'photo_views', versionKey: false, autoIndex: false },
);
viewSchema.index({ photoId: 1 });

const counterSchema = new Schema<CounterDocument>(
  { _id: { type: String, required: true }, count: { type: Number, default: 0 } },
  { collection: 'upload_counters', versionKey: false, autoIndex: false },
);

const uploaderSchema = new Schema<UploaderDocument>(
  { _id: { type: String, required: true }, firstName: { type: String, required: true }, lastName: { type: String, required: true }, updatedAt: { type: Date, required: true } },
  { collection: 'uploaders', versionKey: false, autoIndex: false },
);

const assetSchema = new Schema<AssetDocument>(
  {
    _id: { type: String, required: true },
    title: String,
    description: String,
    category: String,
    mimeType: String,
    fileSize: Number,
    storageKey: String,
    credit: { type: Schema.Types.Mixed, default: null },
    createdAt: Date,
    updatedAt: Date,
  },
  { collection: 'assets', versionKey: false, minimize: false, autoIndex: false },
);

const lockSchema = new Schema<LockDocument>(
  { _id: { type: String, required: true }, token: { type: String, required: true }, takenAt: { type: Date, required: true } },
  { collection: 'locks', versionKey: false, autoIndex: false },
);

const processedEventSchema = new Schema<ProcessedEventDocument>(
  { consumer: { type: String, required: true }, eventId: { type: String, required: true }, processedAt: { type: Date, required: true } },
  { collection: 'processed_events', versionKey: false, autoIndex: false },
);
processedEventSchema.index({ consumer: 1, eventId: 1 }, { unique: true });

export interface PhotosModels {
  photos: Model<PhotoDocument>;
  announcements: Model<AnnouncementDocument>;
  views: Model<ViewDocument>;
  counters: Model<CounterDocument>;
  uploaders: Model<UploaderDocument>;
  assets: Model<AssetDocument>;
  processedEvents: Model<ProcessedEventDocument>;
  locks: Model<LockDocument>;
}

/** The models on a connection (made once per connection). */
export function photosModels(connection: Connection): PhotosModels {
  const model = <T>(name: string, schema: Schema<T>): Model<T> => (connection.models[name] as Model<T> | undefined) ?? connection.model<T>(name, schema);
  return {
    photos: model('Photo', photoSchema),
    announcements: model('Announcement', announcementSchema),
    views: model('PhotoView', viewSchema),
    counters: model('UploadCounter', counterSchema),
    uploaders: model('Uploader', uploaderSchema),
    assets: model('Asset', assetSchema),
    processedEvents: model('ProcessedEvent', processedEventSchema),
    locks: model('Lock', lockSchema),
  };
}

/** Creates the collections' indexes (at start-up, or by the migration Job): MongoDB's migrations. */
export async function ensurePhotosIndexes(models: PhotosModels): Promise<void> {
  for (const model of Object.values(models) as Array<Model<unknown>>) {
    await model.createCollection().catch(() => undefined);
    await model.createIndexes();
  }
}
