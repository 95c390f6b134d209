// A photo the AI engine holds for an admin's review (issue 27): what the screens ask of it.
import type { PhotoDetail } from './types';

/** The words for a held photo, shown to its owner (the spec has no review). */
export const WAITING_FOR_REVIEW = 'Waiting for review';

type Reviewable = Partial<Pick<PhotoDetail, 'moderation' | 'reviewReasons'>>;

export function isHeld(photo: Reviewable): boolean {
  return photo.moderation === 'review';
}

/** The engine's first reason, in plain words: the short reason the owner reads. */
export function reviewReason(photo: Reviewable): string | null {
  return photo.reviewReasons?.[0] ?? null;
}
