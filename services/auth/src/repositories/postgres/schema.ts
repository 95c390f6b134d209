import { boolean, index, integer, jsonb, pgSchema, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

export const authSchema = pgSchema('auth');

export const users = authSchema.table('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: varchar('email', { length: 255 }).notNull().unique(),
  passwordHash: varchar('password_hash', { length: 255 }).notNull(),
  firstName: varchar('first_name', { length: 100 }).notNull(),
  lastName: varchar('last_name', { length: 100 }).notNull(),
  profileImageUrl: varchar('profile_image_url', { length: 500 }),
  plan: varchar('plan', { length: 20 }).notNull().default('explorer'),
  planExpiry: timestamp('plan_expiry', { withTimezone: true }),
  isActive: boolean('is_active').notNull().default(true),
  isAdmin: boolean('is_admin').notNull().default(false),
  /** The account created from ADMIN_EMAIL: it can be neither demoted nor deleted. */
  isSiteAdmin: boolean('is_site_admin').notNull().default(false),
  /** A pending paid signup whose payment is being taken: no new signup replaces it until then. */
  checkoutHeldUntil: timestamp('checkout_held_until', { withTimezone: true }),
  /** Consecutive failed sign-ins from any address (the account lock); zeroed by a success or a reset. */
  failedSignIns: integer('failed_sign_ins').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Session tokens are stored only as SHA-256 hashes; the token itself exists only at the client. */
export const userSessions = authSchema.table(
  'user_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_sessions_user_id_idx').on(t.userId)],
);

/** Answers are stored only as argon2id hashes of the trimmed, case-folded answer. */
export const securityQuestions = authSchema.table('security_questions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  question1: varchar('question1', { length: 200 }).notNull(),
  question2: varchar('question2', { length: 200 }).notNull(),
  question3: varchar('question3', { length: 200 }).notNull(),
  answer1Hash: varchar('answer1_hash', { length: 255 }).notNull(),
  answer2Hash: varchar('answer2_hash', { length: 255 }).notNull(),
  answer3Hash: varchar('answer3_hash', { length: 255 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userPreferences = authSchema.table('user_preferences', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  publicProfile: boolean('public_profile').notNull().default(false),
  preferredCategories: jsonb('preferred_categories').$type<string[]>().notNull().default([]),
  privacySettings: jsonb('privacy_settings').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Failed attempts (login, answer verification, reset) per account and per IP, for rate limiting.
 * Kept in the database so limits hold across restarts and replicas.
 */
export const failedAttempts = authSchema.table(
  'failed_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: varchar('action', { length: 20 }).notNull(),
    scope: varchar('scope', { length: 10 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('failed_attempts_lookup_idx').on(t.action, t.scope, t.subject, t.at)],
);

/** Issued when security answers verify; a reset needs it. Stored as a hash, single use, short-lived. */
export const passwordResetGrants = authSchema.table('password_reset_grants', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type SecurityQuestionsRow = typeof securityQuestions.$inferSelect;
