import { boolean, index, pgSchema, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import type { ContactStatus } from '../../domain/contact-message';

export const contactSchema = pgSchema('contact');

export const contactMessages = contactSchema.table(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 100 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    message: text('message').notNull(),
    category: varchar('category', { length: 50 }).notNull().default('feedback'),
    // Only the service writes it, always one of CONTACT_STATUSES.
    status: varchar('status', { length: 20 }).$type<ContactStatus>().notNull().default('pending'),
    priority: varchar('priority', { length: 20 }).notNull().default('medium'),
    userId: uuid('user_id'),
    ipAddress: varchar('ip_address', { length: 45 }),
    assignedTo: uuid('assigned_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_status_idx').on(t.status)],
);

/** An admin's answer to a message; goes with its message. */
export const contactResponses = contactSchema.table(
  'contact_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    responseText: text('response_text').notNull(),
    respondedBy: uuid('responded_by').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_responses_message_id_idx').on(t.messageId)],
);

/**
 * Every change an admin makes to a message. No foreign key on purpose: the trail of a deleted
 * message (its deletion included) outlives the message.
 */
export const contactMessageAudit = contactSchema.table(
  'contact_message_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id').notNull(),
    action: varchar('action', { length: 30 }).notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    changedBy: uuid('changed_by').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_message_audit_message_id_idx').on(t.messageId, t.createdAt)],
);

/**
 * Accepted submissions per client address, for the spam limit. Kept apart from the messages so
 * deleting a message does not hand its sender a fresh allowance; `at` comes from the service clock.
 */
export const contactSubmissions = contactSchema.table(
  'contact_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ipAddress: varchar('ip_address', { length: 45 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('contact_submissions_ip_at_idx').on(t.ipAddress, t.at)],
);

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type ContactResponseRow = typeof contactResponses.$inferSelect;
export type ContactAuditRow = typeof contactMessageAudit.$inferSelect;
