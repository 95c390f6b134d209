import type { MongoModelDefinition } from '@wildframe/platform';
import { Schema } from 'mongoose';

/** A photographer as auth's events describe them; `profileAt`/`preferenceAt` order the facts. */
export interface PhotographerDocument {
  _id: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string;
  publicProfile: boolean;
  profileAt: Date;
  preferenceAt: Date;
}

export const PHOTOGRAPHER_MODEL = 'Photographer';
export const PHOTOGRAPHERS_COLLECTION = 'photographers';
/** The photos service's photo documents (field names as the photo rows'; `_id` is the photo id). */
export const PHOTOS_COLLECTION = 'photos';

const photographerSchema = new Schema<PhotographerDocument>(
  {
    _id: { type: String, required: true },
    firstName: { type: String, default: '' },
    lastName: { type: String, default: '' },
    profileImageUrl: { type: String, default: '' },
    publicProfile: { type: Boolean, default: false },
    profileAt: { type: Date, default: () => new Date(0) },
    preferenceAt: { type: Date, default: () => new Date(0) },
  },
  { versionKey: false, minimize: false },
);
photographerSchema.index({ publicProfile: 1 }, { name: 'photographers_public' });

export const photographersMongoModels: readonly MongoModelDefinition[] = [{ name: PHOTOGRAPHER_MODEL, schema: photographerSchema, collection: PHOTOGRAPHERS_COLLECTION }];
