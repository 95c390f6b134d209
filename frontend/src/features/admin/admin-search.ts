// The admin panel's one search box filters all three tabs: what a term matches in each.
import { isHeld } from '../photos/review';
import type { PhotoDetail } from '../photos/types';
import type { AdminUser, ContactMessage } from './types';

function normalise(term: string): string {
  return term.trim().toLocaleLowerCase();
}

function matches(term: string, fields: ReadonlyArray<string | null | undefined>): boolean {
  const needle = normalise(term);
  if (!needle) return true;
  return fields.some((field) => (field ?? '').toLocaleLowerCase().includes(needle));
}

export function filterUsers(users: readonly AdminUser[], term: string): AdminUser[] {
  return users.filter((u) => matches(term, [`${u.firstName} ${u.lastName}`, u.email, u.plan]));
}

export function filterPhotos(photos: readonly PhotoDetail[], term: string): PhotoDetail[] {
  return photos.filter((p) => matches(term, [p.title, p.description, p.username, p.category]));
}

/** The Photos tab's filter: every photo, or those the AI engine held for review. */
export type PhotoFilter = 'all' | 'review';

/** The issue's words for the held photos' filter. */
export const NEEDS_REVIEW = 'Needs review';

export function photosNeedingReview(photos: readonly PhotoDetail[]): PhotoDetail[] {
  return photos.filter(isHeld);
}

export function filterMessages(messages: readonly ContactMessage[], term: string): ContactMessage[] {
  return messages.filter((m) => matches(term, [m.name, m.email, m.subject, m.message, m.category, m.status.replace('_', ' ')]));
}
