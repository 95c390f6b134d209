import { withAppliedDeliveries, withOutbox } from '@wildframe/platform';
import type { MongoModelDefinition, MongoServiceDatabase } from '@wildframe/platform';
import { Schema } from 'mongoose';
import type { Model } from 'mongoose';

// billing's collections on MongoDB. No multi-document transactions: what must change together
// lives in one document (a subscription with its `_outbox` and `_applied` deliveries; a sandbox
// subscription with its invoices) and changes by one conditional write on its version `_v`.

export interface SubscriptionDoc {
  _id: string;
  userId: string;
  plan: string;
  isAnnual: boolean;
  status: string;
  provider: string;
  providerCustomerId: string | null;
  providerSubscriptionId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  promoCode: string | null;
  endedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** The user id while live (active, past_due), the document's own id otherwise: unique, so one live per user. */
  liveKey: string;
  /** Deliveries applied to this subscription (the platform's in-document guard). */
  _applied?: string[];
  _v: number;
}

const subscriptionSchema = new Schema<SubscriptionDoc>(
  {
    _id: String,
    userId: { type: String, required: true },
    plan: { type: String, required: true },
    isAnnual: { type: Boolean, required: true },
    status: { type: String, required: true },
    provider: { type: String, required: true },
    providerCustomerId: { type: String, default: null },
    providerSubscriptionId: { type: String, default: null },
    currentPeriodEnd: { type: Date, default: null },
    cancelAtPeriodEnd: { type: Boolean, default: false },
    promoCode: { type: String, default: null },
    endedAt: { type: Date, default: null },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    liveKey: { type: String, required: true },
    _v: { type: Number, default: 0 },
  },
  { versionKey: false, minimize: false },
);
withOutbox(subscriptionSchema);
withAppliedDeliveries(subscriptionSchema);
subscriptionSchema.index({ providerSubscriptionId: 1 }, { unique: true });
subscriptionSchema.index({ liveKey: 1 }, { unique: true });
subscriptionSchema.index({ userId: 1, status: 1 });
subscriptionSchema.index({ status: 1, currentPeriodEnd: 1 });

/** A per-user lease: one user's subscription transitions run one after the other (see MongoSubscriptionsRepository). */
export interface UserLockDoc {
  _id: string;
  owner: string | null;
  until: Date;
}
const userLockSchema = new Schema<UserLockDoc>({ _id: String, owner: { type: String, default: null }, until: { type: Date, required: true } }, { versionKey: false });

export interface SignupDoc {
  _id: string;
  setupIntentId: string;
  userId: string;
  email: string;
  provider: string;
  providerCustomerId: string;
  status: string;
  providerSubscriptionId: string | null;
  createdAt: Date;
  updatedAt: Date;
}
const signupSchema = new Schema<SignupDoc>(
  {
    _id: String,
    setupIntentId: { type: String, required: true },
    userId: { type: String, required: true },
    email: { type: String, required: true },
    provider: { type: String, required: true },
    providerCustomerId: { type: String, required: true },
    status: { type: String, required: true },
    providerSubscriptionId: { type: String, default: null },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false },
);
signupSchema.index({ setupIntentId: 1 }, { unique: true });
signupSchema.index({ email: 1, status: 1 });
signupSchema.index({ status: 1, createdAt: 1 });

/** `_id` is `<provider>:<userId>`: the first customer saved for a user and provider is kept. */
export interface CustomerDoc {
  _id: string;
  userId: string;
  provider: string;
  providerCustomerId: string;
  createdAt: Date;
}
const customerSchema = new Schema<CustomerDoc>(
  { _id: String, userId: { type: String, required: true }, provider: { type: String, required: true }, providerCustomerId: { type: String, required: true }, createdAt: { type: Date, required: true } },
  { versionKey: false },
);

// ---- the sandbox payment provider's books ----

export interface SandboxCustomerDoc {
  _id: string;
  email: string;
  name: string;
  defaultPaymentMethodId: string | null;
  createdAt: Date;
  /** Account credit in cents: the sum of `creditEntries`, changed with them in one conditional write on `_v`. */
  creditCents?: number;
  /** Each change of the account credit, once per key (e.g. `carry:<subscription id>`, `invoice:<invoice id>`). */
  creditEntries?: Array<{ key: string; amountCents: number; createdAt: Date }>;
  /** Absent on customers saved before account credit existed (read as 0). */
  _v?: number;
}
const sandboxCustomerSchema = new Schema<SandboxCustomerDoc>(
  {
    _id: String,
    email: String,
    name: String,
    defaultPaymentMethodId: { type: String, default: null },
    createdAt: Date,
    creditCents: { type: Number, default: 0 },
    creditEntries: { type: [new Schema({ key: String, amountCents: Number, createdAt: Date }, { _id: false, versionKey: false })], default: [] },
    _v: { type: Number, default: 0 },
  },
  { versionKey: false },
);

export interface SandboxPaymentMethodDoc {
  _id: string;
  customerId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  chargeOutcome: string;
  createdAt: Date;
}
const sandboxPaymentMethodSchema = new Schema<SandboxPaymentMethodDoc>(
  { _id: String, customerId: String, brand: String, last4: String, expMonth: Number, expYear: Number, chargeOutcome: String, createdAt: Date },
  { versionKey: false },
);
sandboxPaymentMethodSchema.index({ customerId: 1, createdAt: 1 });

export interface SandboxSetupIntentDoc {
  _id: string;
  clientSecret: string;
  customerId: string;
  status: string;
  paymentMethodId: string | null;
  lastError: string | null;
  createdAt: Date;
}
const sandboxSetupIntentSchema = new Schema<SandboxSetupIntentDoc>(
  { _id: String, clientSecret: String, customerId: String, status: String, paymentMethodId: { type: String, default: null }, lastError: { type: String, default: null }, createdAt: Date },
  { versionKey: false },
);
sandboxSetupIntentSchema.index({ clientSecret: 1 }, { unique: true });

export interface SandboxInvoiceDoc {
  id: string;
  amountCents: number;
  status: string;
  paymentIntentId: string;
  paymentClientSecret: string;
  paymentStatus: string;
  attemptCount: number;
  lastError: string | null;
  periodStart: Date;
  periodEnd: Date;
  createdAt: Date;
}

/** A sandbox subscription with its invoices embedded: a payment settles the invoice and extends the period in one write. */
export interface SandboxSubscriptionDoc {
  _id: string;
  customerId: string;
  plan: string;
  isAnnual: boolean;
  status: string;
  defaultPaymentMethodId: string | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  promoCode: string | null;
  discountedPeriodsLeft: number;
  pastDueSince: Date | null;
  endedAt: Date | null;
  createdAt: Date;
  /** Absent on subscriptions saved before account credit existed (read as 0). */
  creditToCarryCents?: number;
  invoices: SandboxInvoiceDoc[];
  _v: number;
}
const sandboxInvoiceSchema = new Schema<SandboxInvoiceDoc>(
  {
    id: String,
    amountCents: Number,
    status: String,
    paymentIntentId: String,
    paymentClientSecret: String,
    paymentStatus: String,
    attemptCount: Number,
    lastError: { type: String, default: null },
    periodStart: Date,
    periodEnd: Date,
    createdAt: Date,
  },
  { _id: false, versionKey: false },
);
const sandboxSubscriptionSchema = new Schema<SandboxSubscriptionDoc>(
  {
    _id: String,
    customerId: String,
    plan: String,
    isAnnual: Boolean,
    status: String,
    defaultPaymentMethodId: { type: String, default: null },
    currentPeriodStart: { type: Date, default: null },
    currentPeriodEnd: { type: Date, default: null },
    cancelAtPeriodEnd: Boolean,
    promoCode: { type: String, default: null },
    discountedPeriodsLeft: Number,
    pastDueSince: { type: Date, default: null },
    endedAt: { type: Date, default: null },
    createdAt: Date,
    creditToCarryCents: { type: Number, default: 0 },
    invoices: { type: [sandboxInvoiceSchema], default: [] },
    _v: { type: Number, default: 0 },
  },
  { versionKey: false, minimize: false },
);
sandboxSubscriptionSchema.index({ 'invoices.paymentClientSecret': 1 });
sandboxSubscriptionSchema.index({ status: 1, currentPeriodEnd: 1 });
sandboxSubscriptionSchema.index({ status: 1, createdAt: 1 });

/** billing's collections (one database per service; the names say which service they hold anyway). */
export const BILLING_COLLECTIONS = {
  subscriptions: 'billing_subscriptions',
  userLocks: 'billing_user_locks',
  signups: 'billing_signups',
  customers: 'billing_customers',
  sandboxCustomers: 'billing_sandbox_customers',
  sandboxPaymentMethods: 'billing_sandbox_payment_methods',
  sandboxSetupIntents: 'billing_sandbox_setup_intents',
  sandboxSubscriptions: 'billing_sandbox_subscriptions',
} as const;

type ModelKey = keyof typeof BILLING_COLLECTIONS;

const schemas: Record<ModelKey, Schema> = {
  subscriptions: subscriptionSchema,
  userLocks: userLockSchema,
  signups: signupSchema,
  customers: customerSchema,
  sandboxCustomers: sandboxCustomerSchema,
  sandboxPaymentMethods: sandboxPaymentMethodSchema,
  sandboxSetupIntents: sandboxSetupIntentSchema,
  sandboxSubscriptions: sandboxSubscriptionSchema,
};

/** billing's MongoDB models: registered at connection, their indexes made at start-up or by the migration Job. */
export const billingMongoModels: readonly MongoModelDefinition[] = (Object.keys(BILLING_COLLECTIONS) as ModelKey[]).map((key) => ({
  name: BILLING_COLLECTIONS[key],
  schema: schemas[key],
  collection: BILLING_COLLECTIONS[key],
}));

export interface BillingModels {
  subscriptions: Model<SubscriptionDoc>;
  userLocks: Model<UserLockDoc>;
  signups: Model<SignupDoc>;
  customers: Model<CustomerDoc>;
  sandboxCustomers: Model<SandboxCustomerDoc>;
  sandboxPaymentMethods: Model<SandboxPaymentMethodDoc>;
  sandboxSetupIntents: Model<SandboxSetupIntentDoc>;
  sandboxSubscriptions: Model<SandboxSubscriptionDoc>;
}

/** billing's models on its database (registered by `billingMongoModels`). */
export function billingModels(database: MongoServiceDatabase): BillingModels {
  return {
    subscriptions: database.model<SubscriptionDoc>(BILLING_COLLECTIONS.subscriptions),
    userLocks: database.model<UserLockDoc>(BILLING_COLLECTIONS.userLocks),
    signups: database.model<SignupDoc>(BILLING_COLLECTIONS.signups),
    customers: database.model<CustomerDoc>(BILLING_COLLECTIONS.customers),
    sandboxCustomers: database.model<SandboxCustomerDoc>(BILLING_COLLECTIONS.sandboxCustomers),
    sandboxPaymentMethods: database.model<SandboxPaymentMethodDoc>(BILLING_COLLECTIONS.sandboxPaymentMethods),
    sandboxSetupIntents: database.model<SandboxSetupIntentDoc>(BILLING_COLLECTIONS.sandboxSetupIntents),
    sandboxSubscriptions: database.model<SandboxSubscriptionDoc>(BILLING_COLLECTIONS.sandboxSubscriptions),
  };
}
