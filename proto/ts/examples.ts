import type { EventPayloads, Topic } from './catalogue';

/**
 * One realistic payload per topic, for tests and documentation. Every field has a non-default
 * value so a round trip through the codec proves the field is really encoded.
 * `catalogue.spec.ts` checks each example against its protobuf message field by field.
 */
export const EXAMPLE_PAYLOADS = {
  'auth.user.registered.v1': {
    userId: '5b1f7c2e-8a43-4c1e-9a57-2a8a1d3c9e01',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    plan: 'free',
    registeredAt: '2025-01-31T12:00:00.000Z',
  },
  'auth.user.updated.v1': {
    userId: '5b1f7c2e-8a43-4c1e-9a57-2a8a1d3c9e01',
    email: 'ada.l@example.com',
    firstName: 'Ada',
    lastName: 'King',
    profileImageUrl: '/api/auth/users/5b1f7c2e-8a43-4c1e-9a57-2a8a1d3c9e01/avatar',
    updatedAt: '2025-02-01T08:30:00.000Z',
  },
  'auth.user.deleted.v1': {
    userId: '5b1f7c2e-8a43-4c1e-9a57-2a8a1d3c9e01',
    deletedAt: '2025-03-01T00:00:00.000Z',
  },
  'auth.user.plan-changed.v1': {
    userId: '5b1f7c2e-8a43-4c1e-9a57-2a8a1d3c9e01',
    plan: 'professional',
    previousPlan: 'explorer',
    planExpiry: '2026-01-31T12:00:00.000Z',
    changedAt: '2025-01-31T12:05:00.000Z',
    source: 'billing',
  },
  'auth.user.preferences-changed.v1': {
    userId: '5b1f7c2e-8a43-4c1e-9a57-2a8a1d3c9e01',
    publicProfile: true,
    emailNotifications: true,
    firstName: 'Ada',
    lastName: 'King',
    profileImageUrl: '/api/auth/users/5b1f7c2e-8a43-4c1e-9a57-2a8a1d3c9e01/avatar',
    changedAt: '2025-02-01T09:00:00.000Z',
  },
  'photos.photo.uploaded.v1': {
    photoId: '9d0e6a4b-1c2f-4e3a-8b5d-7f6e5d4c3b2a',
    userId: '5b1f7c2e-8a43-4c1e-9a57-2a8a1d3c9e01',
    title: 'Red fox at dawn',
    category: 'wildlife',
    fileSize: 4_718_592,
    mimeType: 'image/jpeg',
    isTemporary: true,
    uploadedAt: '2025-02-02T06:12:00.000Z',
  },
  'photos.photo.deleted.v1': {
    photoId: '9d0e6a4b-1c2f-4e3a-8b5d-7f6e5d4c3b2a',
    userId: '5b1f7c2e-8a43-4c1e-9a57-2a8a1d3c9e01',
    reason: 'owner',
    deletedAt: '2025-02-03T10:00:00.000Z',
  },
  'photos.photo.liked.v1': {
    photoId: '9d0e6a4b-1c2f-4e3a-8b5d-7f6e5d4c3b2a',
    userId: '5b1f7c2e-8a43-4c1e-9a57-2a8a1d3c9e01',
    ipHash: 'c0ffee5e1f2a',
    liked: true,
    totalLikes: 42,
    at: '2025-02-02T07:00:00.000Z',
  },
  'photos.photo.viewed.v1': {
    photoId: '9d0e6a4b-1c2f-4e3a-8b5d-7f6e5d4c3b2a',
    userId: '5b1f7c2e-8a43-4c1e-9a57-2a8a1d3c9e01',
    views: 1337,
    at: '2025-02-02T07:01:00.000Z',
  },
  'photos.photo.visibility-changed.v1': {
    photoId: '9d0e6a4b-1c2f-4e3a-8b5d-7f6e5d4c3b2a',
    userId: '5b1f7c2e-8a43-4c1e-9a57-2a8a1d3c9e01',
    isPublic: true,
    at: '2025-02-02T07:02:00.000Z',
  },
  'photos.photo.featured-changed.v1': {
    photoId: '9d0e6a4b-1c2f-4e3a-8b5d-7f6e5d4c3b2a',
    isFeatured: true,
    changedBy: '0a9b8c7d-6e5f-4a3b-2c1d-0e9f8a7b6c5d',
    at: '2025-02-02T07:03:00.000Z',
  },
  'photos.member-rating.changed.v1': {
    ratingId: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
    photoId: '9d0e6a4b-1c2f-4e3a-8b5d-7f6e5d4c3b2a',
    userId: '0a9b8c7d-6e5f-4a3b-2c1d-0e9f8a7b6c5d',
    photoOwnerId: '5b1f7c2e-8a43-4c1e-9a57-2a8a1d3c9e01',
    action: 'removed',
    overallRating: 8,
    composition: 9,
    lighting: 7,
    clarity: 8,
    creativity: 6,
    hasFeedback: true,
    removedBy: '5b1f7c2e-8a43-4c1e-9a57-2a8a1d3c9e01',
    ratingCount: 3,
    averageOverall: 7.7,
    at: '2025-02-02T07:04:00.000Z',
  },
  'analysis.photo.analyzed.v1': {
    photoId: '9d0e6a4b-1c2f-4e3a-8b5d-7f6e5d4c3b2a',
    overallRating: 7.8,
    composition: 8.1,
    lighting: 7.2,
    clarity: 8.4,
    creativity: 6.9,
    feedback: 'Sharp eye contact; the bright sky pulls attention from the fox.',
    subject: 'red fox',
    aiModel: 'local',
    category: 'wildlife',
    analyzedAt: '2025-02-02T06:12:09.000Z',
  },
  'billing.subscription.activated.v1': {
    userId: '5b1f7c2e-8a43-4c1e-9a57-2a8a1d3c9e01',
    plan: 'pro',
    isAnnual: true,
    periodEnd: '2026-01-31T12:00:00.000Z',
    subscriptionId: 'sub_sandbox_7f3a',
    at: '2025-01-31T12:00:00.000Z',
  },
  'billing.subscription.canceled.v1': {
    userId: '5b1f7c2e-8a43-4c1e-9a57-2a8a1d3c9e01',
    plan: 'pro',
    accessUntil: '2026-01-31T12:00:00.000Z',
    subscriptionId: 'sub_sandbox_7f3a',
    at: '2025-06-01T09:00:00.000Z',
  },
  'billing.subscription.expired.v1': {
    userId: '5b1f7c2e-8a43-4c1e-9a57-2a8a1d3c9e01',
    previousPlan: 'pro',
    subscriptionId: 'sub_sandbox_7f3a',
    at: '2026-01-31T12:00:00.000Z',
  },
  'contact.message.received.v1': {
    messageId: '3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f5a6b7',
    category: 'bug',
    userId: '5b1f7c2e-8a43-4c1e-9a57-2a8a1d3c9e01',
    at: '2025-02-04T15:00:00.000Z',
  },
  'contact.message.status-changed.v1': {
    messageId: '3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f5a6b7',
    oldStatus: 'new',
    newStatus: 'in_progress',
    changedBy: '0a9b8c7d-6e5f-4a3b-2c1d-0e9f8a7b6c5d',
    at: '2025-02-04T16:00:00.000Z',
  },
  'web.page.viewed.v1': {
    path: '/gallery',
    referrer: 'https://example.org/',
    sessionId: 's-8f7e6d5c',
    at: '2025-02-04T16:30:00.000Z',
  },
} as const satisfies { readonly [T in Topic]: EventPayloads[T] };

/** A fresh, mutable copy of a topic's example payload, optionally with some fields changed. */
export function examplePayload<T extends Topic>(topic: T, overrides: Partial<EventPayloads[T]> = {}): EventPayloads[T] {
  return { ...(EXAMPLE_PAYLOADS[topic] as EventPayloads[T]), ...overrides };
}
