import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, numeric, pgSchema, primaryKey, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

export const photosSchema = pgSchema('photos');

// The JSON columns' shapes are the API's (dto/photos.responses): what is stored is what is shown.
import type { CameraSettings, PhotoCredit, StoredRating } from '../../dto/photos.responses';
import type { Moderation } from '../../domain/photo';
import type { GeoPoint, PhotoLabel, PhotoSpecies, StoredPlace } from '../../nature/nature';
export type { CameraSettings, PhotoCredit, StoredRating };

/**
 * What search matches besides the title and description: the species' names and group, what the
 * critique saw and the camera (one expression, shared by its trigram index and the query).
 */
export const natureSearchText = sql`(coalesce(species->>'commonName', '') || ' ' || coalesce(species->>'scientificName', '') || ' ' || coalesce(species->>'group', '') || ' ' || coalesce(rating->>'subject', '') || ' ' || coalesce(camera->>'make', '') || ' ' || coalesce(camera->>'model', '') || ' ' || coalesce(camera->>'body', '') || ' ' || coalesce(camera->>'lens', ''))`;

/** Image bytes live in object storage; rows keep only keys and facts about them. */
export const photos = photosSchema.table(
  'photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: varchar('slug', { length: 200 }).notNull().unique(),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    title: varchar('title', { length: 160 }).notNull(),
    description: varchar('description', { length: 500 }).notNull(),
    category: varchar('category', { length: 40 }).notNull(),
    mimeType: varchar('mime_type', { length: 50 }).notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    userId: uuid('user_id'),
    isTemporary: boolean('is_temporary').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    isPublic: boolean('is_public').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    storageType: varchar('storage_type', { length: 20 }).notNull().default('temporary'),
    guestIp: varchar('guest_ip', { length: 45 }),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    dominantColor: varchar('dominant_color', { length: 7 }).notNull().default('#8a8f7a'),
    thumbnailKey: text('thumbnail_key').notNull().default(''),
    displayKey: text('display_key').notNull().default(''),
    camera: jsonb('camera').$type<CameraSettings>(),
    credit: jsonb('credit').$type<PhotoCredit>(),
    overallRating: numeric('overall_rating', { precision: 3, scale: 1 }),
    rating: jsonb('rating').$type<StoredRating>(),
    /** 'review' while held for an admin's review (see the domain's Photo). */
    moderation: varchar('moderation', { length: 20 }).$type<Moderation>(),
    reviewReasons: jsonb('review_reasons').$type<string[]>(),
    reviewCategory: varchar('review_category', { length: 40 }),
    /** What the photo shows (nature/species-checklist). */
    species: jsonb('species').$type<PhotoSpecies>(),
    labels: text('labels').array().$type<PhotoLabel[]>().notNull().default(sql`'{}'::text[]`),
    /** The exact place: owner only. */
    place: jsonb('place').$type<StoredPlace>(),
    /** The generalised point everyone else sees, drawn once (nature/geoprivacy). */
    publicPlace: jsonb('public_place').$type<GeoPoint>(),
  },
  // One index per gallery filter × sort, each ending in the sort's tie-breakers, so a page is read
  // from the index in order (scanned backwards for the descending sorts) whatever the table size.
  (t) => [
    index('photos_user_uploaded_idx').on(t.userId, t.uploadedAt, t.id),
    index('photos_uploaded_idx').on(t.uploadedAt, t.id),
    index('photos_public_newest_idx').on(t.uploadedAt, t.id).where(sql`${t.isPublic}`),
    index('photos_public_liked_idx').on(t.likes, t.uploadedAt, t.id).where(sql`${t.isPublic}`),
    index('photos_public_viewed_idx').on(t.views, t.uploadedAt, t.id).where(sql`${t.isPublic}`),
    index('photos_public_category_newest_idx').on(t.category, t.uploadedAt, t.id).where(sql`${t.isPublic}`),
    index('photos_public_category_liked_idx').on(t.category, t.likes, t.uploadedAt, t.id).where(sql`${t.isPublic}`),
    index('photos_public_category_viewed_idx').on(t.category, t.views, t.uploadedAt, t.id).where(sql`${t.isPublic}`),
    // Top rated: highest overall rating first, unrated last (the sort's own order, read forwards).
    index('photos_public_rated_idx').on(t.overallRating.desc().nullsLast(), t.uploadedAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.isPublic}`),
    index('photos_public_category_rated_idx').on(t.category, t.overallRating.desc().nullsLast(), t.uploadedAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.isPublic}`),
    // Search keeps its ILIKE '%term%' meaning; trigram indexes (pg_trgm) let it skip the scan.
    index('photos_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('photos_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
    index('photos_expires_idx').on(t.expiresAt).where(sql`${t.isTemporary}`),
    index('photos_featured_idx').on(t.isFeatured).where(sql`${t.isFeatured}`),
    // The nature layer: a species' gallery, the map's public places, and search on species, subject and camera.
    index('photos_public_species_idx').on(sql`(${t.species}->>'scientificName')`, t.uploadedAt, t.id).where(sql`${t.isPublic}`),
    index('photos_public_places_idx').on(t.id).where(sql`${t.isPublic} AND ${t.publicPlace} IS NOT NULL`),
    index('photos_nature_search_trgm_idx').using('gin', sql`${natureSearchText} gin_trgm_ops`),
  ],
);

/** One like per user, or per IP for guests. */
export const photoLikes = photosSchema.table(
  'photo_likes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    photoId: uuid('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    ipAddress: varchar('ip_address', { length: 45 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('photo_likes_user_idx').on(t.photoId, t.userId).where(sql`${t.userId} IS NOT NULL`),
    uniqueIndex('photo_likes_guest_idx').on(t.photoId, t.ipAddress).where(sql`${t.userId} IS NULL`),
    // "Has this guest IP liked anything?": anonymous gallery pages skip the liked query when not.
    index('photo_likes_guest_ip_idx').on(t.ipAddress).where(sql`${t.userId} IS NULL`),
  ],
);

export const photoViews = photosSchema.table(
  'photo_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    photoId: uuid('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    ipAddress: varchar('ip_address', { length: 45 }).notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('photo_views_photo_idx').on(t.photoId)],
);

/** Uploads per day, per user or per guest IP: the daily limit. */
export const uploadCounts = photosSchema.table(
  'upload_counts',
  {
    subject: varchar('subject', { length: 80 }).notNull(),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.subject, t.day] })],
);

/** Display names of uploaders, a read model fed by auth.user.* events. */
export const uploaders = photosSchema.table('uploaders', {
  userId: uuid('user_id').primaryKey(),
  firstName: varchar('first_name', { length: 100 }).notNull(),
  lastName: varchar('last_name', { length: 100 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Site images (home page hero and samples). */
export const assets = photosSchema.table('assets', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: varchar('name', { length: 100 }).notNull().unique(),
  title: varchar('title', { length: 200 }).notNull(),
  description: text('description').notNull(),
  category: varchar('category', { length: 40 }).notNull(),
  mimeType: varchar('mime_type', { length: 50 }).notNull(),
  fileSize: bigint('file_size', { mode: 'number' }).notNull(),
  storageKey: text('storage_key').notNull(),
  credit: jsonb('credit').$type<PhotoCredit>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PhotoRow = typeof photos.$inferSelect;
export type AssetRow = typeof assets.$inferSelect;
