import { boolean, pgSchema, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

export const billingSchema = pgSchema('billing');

export const subscriptions = billingSchema.table('subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  plan: varchar('plan', { length: 20 }).notNull(),
  isAnnual: boolean('is_annual').notNull(),
  status: varchar('status', { length: 40 }).notNull(),
  provider: varchar('provider', { length: 20 }).notNull(),
  providerCustomerId: varchar('provider_customer_id', { length: 255 }),
  providerSubscriptionId: varchar('provider_subscription_id', { length: 255 }).unique(),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
