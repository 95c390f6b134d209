import type { PhotoCategory, RatingEvidence } from '@wildframe/contracts';
import { sql } from 'drizzle-orm';
import { boolean, jsonb, numeric, pgSchema, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import type { PhotoMeasurements } from '../../engine/measure/measure-photo';

export const analysisSchema = pgSchema('analysis');

/** Scores are numeric(3,1) and reach clients as numeric strings, as the spec says. */
export const ratings = analysisSchema.table('ratings', {
  id: uuid('id').primaryKey().defaultRandom(),
  photoId: uuid('photo_id').notNull().unique(),
  overallRating: numeric('overall_rating', { precision: 3, scale: 1 }).notNull(),
  composition: numeric('composition', { precision: 3, scale: 1 }).notNull(),
  lighting: numeric('lighting', { precision: 3, scale: 1 }).notNull(),
  clarity: numeric('clarity', { precision: 3, scale: 1 }).notNull(),
  creativity: numeric('creativity', { precision: 3, scale: 1 }).notNull(),
  feedback: text('feedback').notNull(),
  subject: varchar('subject', { length: 200 }),
  location: varchar('location', { length: 200 }),
  aiModel: varchar('ai_model', { length: 100 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  category: varchar('category', { length: 20 }).$type<PhotoCategory>().notNull().default('others'),
  /** What each score rests on, shown next to the scores. */
  evidence: jsonb('evidence').$type<RatingEvidence>().notNull().default(sql`'{}'::jsonb`),
  /** The local measurements the editing tips are derived from (null for ratings made before they were kept). */
  measurements: jsonb('measurements').$type<PhotoMeasurements>(),
  /** Id of the `analysis.photo.analyzed.v1` event (the outbox row's id), fixed at insert. */
  eventId: uuid('event_id').notNull().defaultRandom(),
  /** Why the engine held the photo for an admin's review; null when it was rated outright. */
  reviewReasons: jsonb('review_reasons').$type<string[]>(),
});

export type RatingRow = typeof ratings.$inferSelect;
export type NewRatingRow = typeof ratings.$inferInsert;

/**
 * Read model of the photos service's facts this service needs: who owns each photo and whether it
 * is public (fed by photos.* events and by the analyse call itself). `deleted` is a tombstone, so
 * a late event about a deleted photo cannot bring it back.
 */
export const photoAccess = analysisSchema.table('photo_access', {
  photoId: uuid('photo_id').primaryKey(),
  /** Null for a guest upload. */
  ownerId: uuid('owner_id'),
  isPublic: boolean('is_public').notNull().default(false),
  deleted: boolean('deleted').notNull().default(false),
  /** Time of the fact last applied; older facts arriving late are ignored. */
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
});

export type PhotoAccessRow = typeof photoAccess.$inferSelect;

/** Editing tips are derived once per photo, platform and level (standard or advanced) and cached. */
export const editingTips = analysisSchema.table(
  'editing_tips',
  {
    photoId: uuid('photo_id').notNull(),
    platform: varchar('platform', { length: 20 }).notNull(),
    level: varchar('level', { length: 20 }).notNull(),
    suggestions: text('suggestions').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.photoId, table.platform, table.level] })],
);
