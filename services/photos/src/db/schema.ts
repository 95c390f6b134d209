import { boolean, index, integer, pgSchema, timestamp, uuid, varchar, text, bigint } from 'drizzle-orm/pg-core';

export const photosSchema = pgSchema('photos');

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
  },
  (t) => [index('photos_user_id_idx').on(t.userId), index('photos_public_uploaded_idx').on(t.isPublic, t.uploadedAt)],
);
