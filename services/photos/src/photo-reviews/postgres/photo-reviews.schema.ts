import { jsonb, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { photosSchema } from '../../repositories/postgres/schema';
import type { ReviewDecision } from '../photo-review';

/** The audit trail of reviews: one row per photo, no foreign key (a rejected photo's row outlives it). */
export const photoReviews = photosSchema.table('photo_reviews', {
  photoId: uuid('photo_id').primaryKey(),
  ownerId: uuid('owner_id'),
  decision: varchar('decision', { length: 20 }).$type<ReviewDecision>().notNull(),
  reason: text('reason'),
  reviewedBy: uuid('reviewed_by').notNull(),
  reviewReasons: jsonb('review_reasons').$type<string[]>().notNull(),
  category: varchar('category', { length: 40 }),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
});
