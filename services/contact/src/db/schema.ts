import { index, pgSchema, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

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
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    priority: varchar('priority', { length: 20 }).notNull().default('medium'),
    userId: uuid('user_id'),
    ipAddress: varchar('ip_address', { length: 45 }),
    assignedTo: uuid('assigned_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_status_idx').on(t.status)],
);
