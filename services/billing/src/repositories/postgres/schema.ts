import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgSchema, primaryKey, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

export const billingSchema = pgSchema('billing');

/**
 * A user's subscription as billing knows it, mirrored from the payment provider. Status:
 * incomplete (waiting for the first payment), active, past_due (a renewal failed; access kept
 * during the grace period), ended (the plan has reverted to explorer), replaced (an upgrade took
 * over) or abandoned (the first payment never came).
 */
export const subscriptions = billingSchema.table(
  'subscriptions',
  {
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
    /** The promo code applied to this subscription (e.g. Launch2025), if any. */
    promoCode: varchar('promo_code', { length: 40 }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId, t.status),
    // At most one live subscription per user, whatever runs concurrently.
    uniqueIndex('subscriptions_one_live_per_user').on(t.userId).where(sql`${t.status} in ('active', 'past_due')`),
  ],
);

/** The payment provider's customer for each user (one per provider). */
export const customers = billingSchema.table(
  'customers',
  {
    userId: uuid('user_id').notNull(),
    provider: varchar('provider', { length: 20 }).notNull(),
    providerCustomerId: varchar('provider_customer_id', { length: 255 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/**
 * A paid signup between "payment setup created" and "account activated". The account exists in
 * auth already, inactive; billing keeps only its id. Status: pending, subscribed (paid, account
 * not yet activated: completing again resumes there), completed, abandoned.
 */
export const signups = billingSchema.table(
  'signups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    setupIntentId: varchar('setup_intent_id', { length: 255 }).notNull().unique(),
    userId: uuid('user_id').notNull(),
    /** Normalised, so a second attempt with the same address replaces an abandoned one. */
    email: varchar('email', { length: 255 }).notNull(),
    provider: varchar('provider', { length: 20 }).notNull(),
    providerCustomerId: varchar('provider_customer_id', { length: 255 }).notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    providerSubscriptionId: varchar('provider_subscription_id', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('signups_email_idx').on(t.email, t.status), index('signups_status_created_idx').on(t.status, t.createdAt)],
);

// ---- The sandbox payment provider's own state (no real money; see providers/sandbox) ----

export const sandboxCustomers = billingSchema.table('sandbox_customers', {
  id: varchar('id', { length: 64 }).primaryKey(),
  email: varchar('email', { length: 255 }).notNull(),
  name: varchar('name', { length: 255 }).notNull(),
  defaultPaymentMethodId: varchar('default_payment_method_id', { length: 64 }),
  /** Account credit in cents: the sum of the customer's `sandbox_credit_entries`, kept here under the row lock. */
  creditCents: integer('credit_cents').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Each change of a customer's account credit, once per key (e.g. `carry:<subscription id>`, `invoice:<invoice id>`). */
export const sandboxCreditEntries = billingSchema.table(
  'sandbox_credit_entries',
  {
    customerId: varchar('customer_id', { length: 64 }).notNull(),
    key: varchar('key', { length: 160 }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.key] })],
);

/** A card saved by a confirmed setup. Only brand and last four digits are kept, never the number. */
export const sandboxPaymentMethods = billingSchema.table('sandbox_payment_methods', {
  id: varchar('id', { length: 64 }).primaryKey(),
  customerId: varchar('customer_id', { length: 64 }).notNull(),
  brand: varchar('brand', { length: 20 }).notNull(),
  last4: varchar('last4', { length: 4 }).notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** What charges to this card do: the test card decides (e.g. 4000 0000 0000 0341 fails later charges). */
  chargeOutcome: varchar('charge_outcome', { length: 20 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const sandboxSetupIntents = billingSchema.table('sandbox_setup_intents', {
  id: varchar('id', { length: 64 }).primaryKey(),
  clientSecret: varchar('client_secret', { length: 128 }).notNull().unique(),
  customerId: varchar('customer_id', { length: 64 }).notNull(),
  /** requires_payment_method, succeeded or canceled (Stripe's names). */
  status: varchar('status', { length: 40 }).notNull(),
  paymentMethodId: varchar('payment_method_id', { length: 64 }),
  lastError: varchar('last_error', { length: 255 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const sandboxSubscriptions = billingSchema.table('sandbox_subscriptions', {
  id: varchar('id', { length: 64 }).primaryKey(),
  customerId: varchar('customer_id', { length: 64 }).notNull(),
  plan: varchar('plan', { length: 20 }).notNull(),
  isAnnual: boolean('is_annual').notNull(),
  /** incomplete, active, past_due, canceled or incomplete_expired (Stripe's names). */
  status: varchar('status', { length: 40 }).notNull(),
  defaultPaymentMethodId: varchar('default_payment_method_id', { length: 64 }),
  currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  promoCode: varchar('promo_code', { length: 40 }),
  /** How many more invoices the promo discounts. */
  discountedPeriodsLeft: integer('discounted_periods_left').notNull().default(0),
  pastDueSince: timestamp('past_due_since', { withTimezone: true }),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** An upgrade's credit beyond its first invoice, added to the account credit once that invoice is paid. */
  creditToCarryCents: integer('credit_to_carry_cents').notNull().default(0),
});

/** One invoice per billing period, with the payment that settles it. */
export const sandboxInvoices = billingSchema.table(
  'sandbox_invoices',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    subscriptionId: varchar('subscription_id', { length: 64 }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** open, paid or void. */
    status: varchar('status', { length: 20 }).notNull(),
    paymentIntentId: varchar('payment_intent_id', { length: 64 }).notNull().unique(),
    paymentClientSecret: varchar('payment_client_secret', { length: 128 }).notNull().unique(),
    /** requires_payment_method, succeeded or canceled. */
    paymentStatus: varchar('payment_status', { length: 40 }).notNull(),
    attemptCount: integer('attempt_count').notNull().default(0),
    lastError: varchar('last_error', { length: 255 }),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_invoices_subscription_idx').on(t.subscriptionId)],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SignupRow = typeof signups.$inferSelect;
export type SandboxSubscriptionRow = typeof sandboxSubscriptions.$inferSelect;
export type SandboxInvoiceRow = typeof sandboxInvoices.$inferSelect;
export type SandboxSetupIntentRow = typeof sandboxSetupIntents.$inferSelect;
export type SandboxPaymentMethodRow = typeof sandboxPaymentMethods.$inferSelect;
