import { date, index, integer, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { photosSchema } from '../../repositories/postgres/schema';

/** Tries per subject (`guest:<ip>`, `user:<id>`) and UTC day, counted when an upload is admitted. */
export const uploadTries = photosSchema.table(
  'upload_tries',
  {
    subject: varchar('subject', { length: 80 }).notNull(),
    day: date('day').notNull(),
    tries: integer('tries').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.subject, t.day] })],
);

/** Uploads whose critique is being made; a row left behind is an upload a crash cut short. */
export const uploadsInProgress = photosSchema.table(
  'uploads_in_progress',
  {
    photoId: uuid('photo_id').primaryKey(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('uploads_in_progress_started_idx').on(t.startedAt)],
);
