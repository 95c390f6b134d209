import { withAppliedDeliveries, withOutbox } from '@wildframe/platform';
import type { MongoModelDefinition, MongoServiceDatabase, StoredEvent } from '@wildframe/platform';
import { Schema } from 'mongoose';
import type { mongo } from 'mongoose';

/**
 * The auth collections on MongoDB. Ids are UUID strings as on PostgreSQL (other services get them
 * in events). Every guarantee rests on a single-document write or a unique index (no
 * multi-document transactions): see the service README, "Persistence".
 */

export interface UserDoc {
  _id: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  plan: string;
  planExpiry: Date | null;
  isActive: boolean;
  isAdmin: boolean;
  isSiteAdmin: boolean;
  /** A pending paid signup whose payment is being taken: no new signup replaces it until then. */
  checkoutHeldUntil?: Date | null;
  /** Consecutive failed sign-ins (the account lock); absent means none. Changed by `$inc`, not a `rev` write. */
  failedSignIns?: number;
  createdAt: Date;
  updatedAt: Date;
  /** The member's own settings (spec: user_preferences); absent until first set (defaults apply). */
  preferences?: { emailNotifications: boolean; publicProfile: boolean };
  /** Bumped by every write: a change computed from a read applies only if nothing changed since (optimistic concurrency). */
  rev: number;
  /** Deliveries already applied to this account (the platform's `notApplied`/`markApplied` guard). */
  _applied?: string[];
  /** Events announcing this document's changes, not yet published (the platform relay pops them). */
  _outbox?: StoredEvent[];
  /** A deleted account whose deletion is not announced yet; reads skip it (`liveOnly`). */
  _deleted?: boolean;
}

const userSchema = new Schema(
  {
    _id: { type: String, required: true },
    // Unique: decides a race between two signups with one e-mail (a tombstone's is rewritten).
    email: { type: String, required: true, unique: true },
    passwordHash: { type: String, required: true },
    firstName: { type: String, required: true },
    lastName: { type: String, required: true },
    profileImageUrl: { type: String, default: null },
    plan: { type: String, required: true, default: 'explorer' },
    planExpiry: { type: Date, default: null },
    isActive: { type: Boolean, required: true, default: true },
    isAdmin: { type: Boolean, required: true, default: false },
    isSiteAdmin: { type: Boolean, required: true, default: false },
    checkoutHeldUntil: { type: Date, default: null },
    failedSignIns: { type: Number, default: 0 },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    rev: { type: Number, required: true, default: 0 },
    preferences: { type: new Schema({ emailNotifications: Boolean, publicProfile: Boolean }, { _id: false }), default: undefined },
  },
  { versionKey: false, collection: 'users' },
);
withOutbox(userSchema);
withAppliedDeliveries(userSchema);
// The admin list: newest first, then by e-mail.
userSchema.index({ createdAt: -1, email: 1 });

export interface SessionDoc {
  /** SHA-256 of the token: unique as the key. */
  _id: string;
  userId: string;
  expiresAt: Date;
  createdAt: Date;
}

const sessionSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    expiresAt: { type: Date, required: true, index: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'user_sessions' },
);

export interface SecurityQuestionsDoc {
  /** The user id: one set per account. */
  _id: string;
  question1: string;
  question2: string;
  question3: string;
  answer1Hash: string;
  answer2Hash: string;
  answer3Hash: string;
  createdAt: Date;
  updatedAt: Date;
}

const securityQuestionsSchema = new Schema(
  {
    _id: { type: String, required: true },
    question1: { type: String, required: true },
    question2: { type: String, required: true },
    question3: { type: String, required: true },
    answer1Hash: { type: String, required: true },
    answer2Hash: { type: String, required: true },
    answer3Hash: { type: String, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'security_questions' },
);

export interface FailedAttemptDoc {
  /** A UUID string; older documents have the driver's ObjectId. */
  _id?: string;
  action: string;
  scope: string;
  subject: string;
  at: Date;
}

const failedAttemptSchema = new Schema(
  {
    action: { type: String, required: true },
    scope: { type: String, required: true },
    subject: { type: String, required: true },
    at: { type: Date, required: true, index: true },
  },
  { versionKey: false, collection: 'failed_attempts' },
);
failedAttemptSchema.index({ action: 1, scope: 1, subject: 1, at: 1 });

export interface ResetGrantDoc {
  /** SHA-256 of the grant token: unique as the key. */
  _id: string;
  userId: string;
  expiresAt: Date;
  createdAt: Date;
}

const resetGrantSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    expiresAt: { type: Date, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'password_reset_grants' },
);

/** The collections the adapters write (driver level: the documents are exactly the types above). */
export interface AuthCollections {
  users: mongo.Collection<UserDoc>;
  sessions: mongo.Collection<SessionDoc>;
  questions: mongo.Collection<SecurityQuestionsDoc>;
  attempts: mongo.Collection<FailedAttemptDoc>;
  grants: mongo.Collection<ResetGrantDoc>;
}

/** The auth models: registered when the service connects; their indexes are created at start-up or by the migration Job. */
export const authMongoModels: readonly MongoModelDefinition[] = [
  { name: 'User', schema: userSchema, collection: 'users' },
  { name: 'UserSession', schema: sessionSchema, collection: 'user_sessions' },
  { name: 'SecurityQuestions', schema: securityQuestionsSchema, collection: 'security_questions' },
  { name: 'FailedAttempt', schema: failedAttemptSchema, collection: 'failed_attempts' },
  { name: 'PasswordResetGrant', schema: resetGrantSchema, collection: 'password_reset_grants' },
];

/** The collections the adapters write, at driver level (the documents are exactly the types above). */
export async function authCollections(database: MongoServiceDatabase): Promise<AuthCollections> {
  return {
    users: await database.collection<UserDoc>('users'),
    sessions: await database.collection<SessionDoc>('user_sessions'),
    questions: await database.collection<SecurityQuestionsDoc>('security_questions'),
    attempts: await database.collection<FailedAttemptDoc>('failed_attempts'),
    grants: await database.collection<ResetGrantDoc>('password_reset_grants'),
  };
}
