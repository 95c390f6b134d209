import { boolean, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { photosSchema } from '../../repositories/postgres/schema';

/**
 * Photographers as auth's events describe them. `profile_at` and `preference_at` are the times of
 * the newest facts applied, so late events on another topic cannot roll a newer fact back.
 */
export const photographers = photosSchema.table('photographers', {
  userId: uuid('user_id').primaryKey(),
  firstName: varchar('first_name', { length: 100 }).notNull().default(''),
  lastName: varchar('last_name', { length: 100 }).notNull().default(''),
  profileImageUrl: varchar('profile_image_url', { length: 500 }).notNull().default(''),
  publicProfile: boolean('public_profile').notNull().default(false),
  profileAt: timestamp('profile_at', { withTimezone: true }).notNull().default(new Date(0)),
  preferenceAt: timestamp('preference_at', { withTimezone: true }).notNull().default(new Date(0)),
});
