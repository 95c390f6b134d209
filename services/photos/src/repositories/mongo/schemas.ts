import { withAppliedDeliveries, withOutbox } from '@wildframe/platform';
import type { MongoModelDefinition, MongoServiceDatabase, StoredEvent } from '@wildframe/platform';
import { Schema } from 'mongoose';
import type { Model } from 'mongoose';
import type { CameraSettings, Moderation, PhotoCredit, StoredRating } from '../../domain/photo';
import type { GeoPoint, PhotoLabel, PhotoSpecies, StoredPlace } from '../../nature/nature';

/**
 * The photos service's collections on MongoDB. Documents that announce their changes carry the
 * platform's outbox fields (`withOutbox`: `_outbox` pushed by the same single-document write,
 * `_deleted` for a tombstone); the relay publishes, pops, and removes tombstones.
 */

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
  /** Absent on photos stored before holds existed (read as not held). */
  moderation?: Moderation | null;
  reviewReasons?: string[] | null;
  reviewCategory?: string | null;
  /** The nature layer; absent on photos stored before it (read as none). */
  species?: PhotoSpecies | null;
  labels?: PhotoLabel[];
  /** The exact place: owner only. */
  place?: StoredPlace | null;
  /** The generalised point everyone else sees, drawn once. */
  publicPlace?: GeoPoint | null;
  /** Who likes it (`u:<userId>` or `g:<ip>`): `likes` is its length, changed by the same writes. */
  likedBy: string[];
  /** Bumped by every change, so a write whose events describe the state it read applies to that state only. */
  _rev: number;
  _outbox?: StoredEvent[];
  _deleted?: boolean;
  /** Deliveries whose effect (a rating) this document carries (platform `markApplied`). */
  _applied?: string[];
}

/** Events with no change of a photo to travel with: a tombstone from the start, removed once published. */
export interface AnnouncementDocument {
  _id: string;
  _outbox?: StoredEvent[];
  _deleted: boolean;
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

const photoSchema = withAppliedDeliveries(
  withOutbox(
    new Schema<PhotoDocument>(
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
        moderation: { type: String, default: null },
        reviewReasons: { type: Schema.Types.Mixed, default: null },
        reviewCategory: { type: String, default: null },
        species: { type: Schema.Types.Mixed, default: null },
        labels: { type: [String], default: [] },
        place: { type: Schema.Types.Mixed, default: null },
        publicPlace: { type: Schema.Types.Mixed, default: null },
        likedBy: { type: [String], default: [] },
        _rev: { type: Number, default: 0 },
      },
      { versionKey: false, minimize: false },
    ),
  ),
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
photoSchema.index({ isPublic: 1, overallRating: -1, uploadedAt: -1, _id: -1 });
photoSchema.index({ isPublic: 1, category: 1, overallRating: -1, uploadedAt: -1, _id: -1 });
photoSchema.index({ userId: 1, uploadedAt: -1, _id: -1 });
photoSchema.index({ uploadedAt: -1, _id: -1 });
photoSchema.index({ isFeatured: 1, uploadedAt: -1 });
photoSchema.index({ isTemporary: 1, expiresAt: 1 });
// The nature layer: a species' gallery and the map's public places.
photoSchema.index({ isPublic: 1, 'species.scientificName': 1, uploadedAt: -1, _id: -1 });
photoSchema.index({ isPublic: 1, 'publicPlace.lat': 1 });
// "Has this viewer liked these photos / anything?": a multikey index over the likers.
photoSchema.index({ likedBy: 1 });

const announcementSchema = withOutbox(new Schema<AnnouncementDocument>({ _id: { type: String, required: true } }, { versionKey: false }));

const viewSchema = new Schema<ViewDocument>(
  { _id: { type: String, required: true }, photoId: { type: String, required: true }, viewedAt: { type: Date, required: true } },
  { versionKey: false },
);
viewSchema.index({ photoId: 1 });

const counterSchema = new Schema<CounterDocument>({ _id: { type: String, required: true }, count: { type: Number, default: 0 } }, { versionKey: false });

const uploaderSchema = new Schema<UploaderDocument>(
  { _id: { type: String, required: true }, firstName: { type: String, required: true }, lastName: { type: String, required: true }, updatedAt: { type: Date, required: true } },
  { versionKey: false },
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
  { versionKey: false, minimize: false },
);

const lockSchema = new Schema<LockDocument>(
  { _id: { type: String, required: true }, token: { type: String, required: true }, takenAt: { type: Date, required: true } },
  { versionKey: false },
);

/** Listed in photos.database.ts (the module and the migration Job); their indexes are the MongoDB migrations. */
export const photosMongoModels: readonly MongoModelDefinition[] = [
  { name: 'Photo', schema: photoSchema, collection: 'photos' },
  { name: 'Announcement', schema: announcementSchema, collection: 'announcements' },
  { name: 'PhotoView', schema: viewSchema, collection: 'photo_views' },
  { name: 'UploadCounter', schema: counterSchema, collection: 'upload_counters' },
  { name: 'Uploader', schema: uploaderSchema, collection: 'uploaders' },
  { name: 'Asset', schema: assetSchema, collection: 'assets' },
  { name: 'Lock', schema: lockSchema, collection: 'locks' },
];

export interface PhotosModels {
  photos: Model<PhotoDocument>;
  announcements: Model<AnnouncementDocument>;
  views: Model<ViewDocument>;
  counters: Model<CounterDocument>;
  uploaders: Model<UploaderDocument>;
  assets: Model<AssetDocument>;
  locks: Model<LockDocument>;
}

export function photosModels(database: MongoServiceDatabase): PhotosModels {
  return {
    photos: database.model<PhotoDocument>('Photo'),
    announcements: database.model<AnnouncementDocument>('Announcement'),
    views: database.model<ViewDocument>('PhotoView'),
    counters: database.model<CounterDocument>('UploadCounter'),
    uploaders: database.model<UploaderDocument>('Uploader'),
    assets: database.model<AssetDocument>('Asset'),
    locks: database.model<LockDocument>('Lock'),
  };
}
