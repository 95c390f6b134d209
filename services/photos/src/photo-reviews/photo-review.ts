/** What an admin decides about a photo held for review: keep it (approved) or delete it (rejected). */
export type ReviewDecision = 'approved' | 'rejected';

/**
 * The audit entry of a review: who decided what about which photo, and why. One per photo (a
 * photo is held once, at upload, and reviewed once); it outlives a rejected photo.
 */
export interface PhotoReview {
  photoId: string;
  /** The photo's owner; null for a guest upload. */
  ownerId: string | null;
  decision: ReviewDecision;
  /** The admin's reason (required to reject, optional to approve). */
  reason: string | null;
  reviewedBy: string;
  /** Why the AI engine held the photo. */
  reviewReasons: string[];
  /** The category an approval gave the photo; null when rejected. */
  category: string | null;
  reviewedAt: Date;
}
