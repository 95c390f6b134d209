import { AppError } from '@wildframe/platform';

export type PhotoReviewsErrorCode = 'NOT_HELD';

export class PhotoReviewsError extends AppError<PhotoReviewsErrorCode> {}

/** Our texts (the spec has no review). */
export const photoReviewsErrors = {
  /** Approved or rejected already (another admin came first), or never held. */
  notHeld: () => new PhotoReviewsError('NOT_HELD', 'This photo is not waiting for review', 409),
};
