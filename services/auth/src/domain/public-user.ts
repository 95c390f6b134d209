import type { UserRecord } from './user';

import type { PublicUser } from '../dto/auth.responses';

/** What any endpoint may say about a user: never a hash, never a token (its shape: dto/auth.responses). */
export type { PublicUser };

export function toPublicUser(row: UserRecord): PublicUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    plan: row.plan,
    planExpiry: row.planExpiry ? row.planExpiry.toISOString() : null,
    isActive: row.isActive,
    isAdmin: row.isAdmin,
    isSiteAdmin: row.isSiteAdmin,
    createdAt: row.createdAt.toISOString(),
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
