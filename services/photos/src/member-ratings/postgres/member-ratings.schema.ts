import { sql } from 'drizzle-orm';
import { check, index, numeric, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { photos, photosSchema } from '../../repositories/postgres/schema';

const score = (name: string) => numeric(name, { precision: 3, scale: 1 }).notNull();

/** Member critiques: one per member and photo (the unique index), removed with their photo. */
export const memberRatings = photosSchema.table(
  'member_ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    photoId: uuid('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    authorName: varchar('author_name', { length: 201 }).notNull(),
    overallRating: score('overall_rating'),
    composition: score('composition'),
    lighting: score('lighting'),
    clarity: score('clarity'),
    creativity: score('creativity'),
    feedback: varchar('feedback', { length: 1000 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_ratings_photo_user_idx').on(t.photoId, t.userId),
    index('member_ratings_user_idx').on(t.userId),
    check(
      'member_ratings_scores_check',
      sql`${t.overallRating} BETWEEN 1 AND 10 AND ${t.composition} BETWEEN 1 AND 10 AND ${t.lighting} BETWEEN 1 AND 10 AND ${t.clarity} BETWEEN 1 AND 10 AND ${t.creativity} BETWEEN 1 AND 10`,
    ),
  ],
);

export type MemberRatingRow = typeof memberRatings.$inferSelect;
