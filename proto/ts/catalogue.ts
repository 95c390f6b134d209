/**
 * The catalogue of Wildframe events: every topic, the protobuf message its payload is encoded
 * with, and the TypeScript shape of that payload. The `.proto` files under `proto/wildframe` are
 * the source of truth; `catalogue.spec.ts` fails when this file and they disagree.
 *
 * Topic names: `<service>.<entity>.<event>.v<major>`. The record key is the aggregate id.
 * Payload interfaces use the camelCase names and JS types that protobufjs's
 * `toObject(message, { longs: String, defaults: true })` produces: string → string,
 * double/int32 → number, bool → boolean. Timestamps are ISO-8601 strings.
 */
export const EVENT_CATALOGUE = {
  'auth.user.registered.v1': 'wildframe.auth.v1.UserRegistered',
  'auth.user.updated.v1': 'wildframe.auth.v1.UserUpdated',
  'auth.user.deleted.v1': 'wildframe.auth.v1.UserDeleted',
  'auth.user.plan-changed.v1': 'wildframe.auth.v1.UserPlanChanged',
  'auth.user.preferences-changed.v1': 'wildframe.auth.v1.UserPreferencesChanged',
  'photos.photo.uploaded.v1': 'wildframe.photos.v1.PhotoUploaded',
  'photos.photo.deleted.v1': 'wildframe.photos.v1.PhotoDeleted',
  'photos.photo.liked.v1': 'wildframe.photos.v1.PhotoLiked',
  'photos.photo.viewed.v1': 'wildframe.photos.v1.PhotoViewed',
  'photos.photo.visibility-changed.v1': 'wildframe.photos.v1.PhotoVisibilityChanged',
  'photos.photo.featured-changed.v1': 'wildframe.photos.v1.PhotoFeaturedChanged',
  'photos.photo.reviewed.v1': 'wildframe.photos.v1.PhotoReviewed',
  'photos.photo.details-changed.v1': 'wildframe.photos.v1.PhotoDetailsChanged',
  'photos.member-rating.changed.v1': 'wildframe.photos.v1.MemberRatingChanged',
  'analysis.photo.analyzed.v1': 'wildframe.analysis.v1.PhotoAnalyzed',
  'billing.subscription.activated.v1': 'wildframe.billing.v1.SubscriptionActivated',
  'billing.subscription.canceled.v1': 'wildframe.billing.v1.SubscriptionCanceled',
  'billing.subscription.expired.v1': 'wildframe.billing.v1.SubscriptionExpired',
  'contact.message.received.v1': 'wildframe.contact.v1.MessageReceived',
  'contact.message.status-changed.v1': 'wildframe.contact.v1.MessageStatusChanged',
  'web.page.viewed.v1': 'wildframe.web.v1.PageViewed',
} as const;

/** Every event topic. */
export type Topic = keyof typeof EVENT_CATALOGUE;

/** Fully-qualified protobuf message name of a topic's payload. */
export type EventMessageName<T extends Topic = Topic> = (typeof EVENT_CATALOGUE)[T];

/** Fully-qualified name of the envelope message (documentation only, not a topic payload). */
export const ENVELOPE_MESSAGE = 'wildframe.events.v1.EventEnvelope';

export const TOPICS = Object.keys(EVENT_CATALOGUE) as Topic[];

/**
 * The payload field each topic's record key is taken from: the aggregate id. Events with one key
 * keep their order; proto/asyncapi.json documents the key of every topic from this table.
 */
export const EVENT_KEYS: { readonly [T in Topic]: keyof EventPayloads[T] & string } = {
  'auth.user.registered.v1': 'userId',
  'auth.user.updated.v1': 'userId',
  'auth.user.deleted.v1': 'userId',
  'auth.user.plan-changed.v1': 'userId',
  'auth.user.preferences-changed.v1': 'userId',
  'photos.photo.uploaded.v1': 'photoId',
  'photos.photo.deleted.v1': 'photoId',
  'photos.photo.liked.v1': 'photoId',
  'photos.photo.viewed.v1': 'photoId',
  'photos.photo.visibility-changed.v1': 'photoId',
  'photos.photo.featured-changed.v1': 'photoId',
  'photos.photo.reviewed.v1': 'photoId',
  'photos.photo.details-changed.v1': 'photoId',
  'photos.member-rating.changed.v1': 'photoId',
  'analysis.photo.analyzed.v1': 'photoId',
  'billing.subscription.activated.v1': 'userId',
  'billing.subscription.canceled.v1': 'userId',
  'billing.subscription.expired.v1': 'userId',
  'contact.message.received.v1': 'messageId',
  'contact.message.status-changed.v1': 'messageId',
  'web.page.viewed.v1': 'sessionId',
};

export function isTopic(value: string): value is Topic {
  return Object.prototype.hasOwnProperty.call(EVENT_CATALOGUE, value);
}

// ---- auth (key: user id) ----

export interface UserRegistered {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  plan: string;
  registeredAt: string;
}

export interface UserUpdated {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Empty when the user has no profile image. */
  profileImageUrl: string;
  updatedAt: string;
}

export interface UserDeleted {
  userId: string;
  deletedAt: string;
}

export interface UserPlanChanged {
  userId: string;
  plan: string;
  previousPlan: string;
  /** ISO-8601; empty when the plan does not expire. */
  planExpiry: string;
  changedAt: string;
  /** 'billing' (a subscription event) or 'admin' (set by hand in the admin panel). */
  source: string;
}

export interface UserPreferencesChanged {
  userId: string;
  publicProfile: boolean;
  emailNotifications: boolean;
  firstName: string;
  lastName: string;
  /** Empty when the user has no profile image. */
  profileImageUrl: string;
  changedAt: string;
}

// ---- photos (key: photo id) ----

export interface PhotoUploaded {
  photoId: string;
  /** Empty for a guest upload. */
  userId: string;
  title: string;
  category: string;
  /** Bytes. */
  fileSize: number;
  mimeType: string;
  isTemporary: boolean;
  uploadedAt: string;
  /** 'review' when held for an admin's review; empty otherwise. */
  moderation: string;
  /** The owner's ethics and provenance labels (none: empty). */
  labels: string[];
  /** The species named at upload (free text as typed); empty when none. */
  speciesCommonName: string;
  /** The checklist's scientific name; empty for free text or none. */
  speciesScientificName: string;
}

export interface PhotoDeleted {
  photoId: string;
  userId: string;
  reason: string;
  deletedAt: string;
}

export interface PhotoLiked {
  photoId: string;
  userId: string;
  ipHash: string;
  liked: boolean;
  /** int32 */
  totalLikes: number;
  at: string;
}

export interface PhotoViewed {
  photoId: string;
  userId: string;
  /** int32 */
  views: number;
  at: string;
}

export interface PhotoVisibilityChanged {
  photoId: string;
  userId: string;
  isPublic: boolean;
  at: string;
}

export interface PhotoFeaturedChanged {
  photoId: string;
  isFeatured: boolean;
  /** The admin; empty when a hold for review unfeatured it. */
  changedBy: string;
  at: string;
}

export interface PhotoReviewed {
  photoId: string;
  /** Empty for a guest upload. */
  userId: string;
  /** 'approved' or 'rejected'. */
  decision: string;
  /** The admin's reason; empty when none. */
  reason: string;
  reviewedBy: string;
  /** Why the AI engine held the photo. */
  reviewReasons: string[];
  /** The category after approval; empty when rejected. */
  category: string;
  at: string;
}

/** The owner changed the species, labels or place of a photo; never the place itself. */
export interface PhotoDetailsChanged {
  photoId: string;
  userId: string;
  /** Empty when none. */
  speciesCommonName: string;
  /** Empty for free text or none. */
  speciesScientificName: string;
  /** On CITES Appendix I. */
  speciesSensitive: boolean;
  labels: string[];
  hasPlace: boolean;
  /** 'open' or 'private'; empty without a place. */
  placePrivacy: string;
  /** Others see a generalised point. */
  placeShown: boolean;
  at: string;
}

export interface MemberRatingChanged {
  ratingId: string;
  photoId: string;
  /** The member who wrote the critique. */
  userId: string;
  photoOwnerId: string;
  /** 'created', 'updated' or 'removed'. */
  action: string;
  overallRating: number;
  composition: number;
  lighting: number;
  clarity: number;
  creativity: number;
  hasFeedback: boolean;
  /** Empty unless removed. */
  removedBy: string;
  /** int32: the photo's member critiques after this change. */
  ratingCount: number;
  /** Average overall score of the photo's member critiques after this change; 0 when none. */
  averageOverall: number;
  at: string;
}

// ---- analysis (key: photo id) ----

export interface PhotoAnalyzed {
  photoId: string;
  overallRating: number;
  composition: number;
  lighting: number;
  clarity: number;
  creativity: number;
  feedback: string;
  subject: string;
  aiModel: string;
  category: string;
  analyzedAt: string;
  /** Why the engine holds the photo for an admin's review; empty when rated outright. */
  reviewReasons: string[];
}

// ---- billing (key: user id) ----

export interface SubscriptionActivated {
  userId: string;
  plan: string;
  isAnnual: boolean;
  periodEnd: string;
  subscriptionId: string;
  at: string;
}

export interface SubscriptionCanceled {
  userId: string;
  plan: string;
  accessUntil: string;
  subscriptionId: string;
  at: string;
}

export interface SubscriptionExpired {
  userId: string;
  previousPlan: string;
  subscriptionId: string;
  at: string;
}

// ---- contact (key: message id) ----

export interface MessageReceived {
  messageId: string;
  category: string;
  userId: string;
  at: string;
}

export interface MessageStatusChanged {
  messageId: string;
  oldStatus: string;
  newStatus: string;
  changedBy: string;
  at: string;
}

// ---- web (key: session id) ----

export interface PageViewed {
  path: string;
  referrer: string;
  sessionId: string;
  at: string;
}

/** Topic → payload type. An emit with the wrong payload for its topic does not compile. */
export interface EventPayloads {
  'auth.user.registered.v1': UserRegistered;
  'auth.user.updated.v1': UserUpdated;
  'auth.user.deleted.v1': UserDeleted;
  'auth.user.plan-changed.v1': UserPlanChanged;
  'auth.user.preferences-changed.v1': UserPreferencesChanged;
  'photos.photo.uploaded.v1': PhotoUploaded;
  'photos.photo.deleted.v1': PhotoDeleted;
  'photos.photo.liked.v1': PhotoLiked;
  'photos.photo.viewed.v1': PhotoViewed;
  'photos.photo.visibility-changed.v1': PhotoVisibilityChanged;
  'photos.photo.featured-changed.v1': PhotoFeaturedChanged;
  'photos.photo.reviewed.v1': PhotoReviewed;
  'photos.photo.details-changed.v1': PhotoDetailsChanged;
  'photos.member-rating.changed.v1': MemberRatingChanged;
  'analysis.photo.analyzed.v1': PhotoAnalyzed;
  'billing.subscription.activated.v1': SubscriptionActivated;
  'billing.subscription.canceled.v1': SubscriptionCanceled;
  'billing.subscription.expired.v1': SubscriptionExpired;
  'contact.message.received.v1': MessageReceived;
  'contact.message.status-changed.v1': MessageStatusChanged;
  'web.page.viewed.v1': PageViewed;
}

// Compile-time guard: EventPayloads has exactly the catalogue's topics, no more, no fewer.
type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : false;
const _payloadsCoverCatalogue: SameKeys<EventPayloads, typeof EVENT_CATALOGUE> = true;
