import { numeric, pgSchema, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

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
});
