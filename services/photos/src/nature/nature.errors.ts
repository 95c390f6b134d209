import { AppError } from '@wildframe/platform';
import { notFeaturableBecause } from './labels';

export type NatureErrorCode = 'NOT_FEATURABLE';

export class NatureError extends AppError<NatureErrorCode> {}

export const natureErrors = {
  /** Our text (labels.notFeaturableBecause): featured photos are wild, unbaited and camera-made. */
  notFeaturable: (message: string) => new NatureError('NOT_FEATURABLE', message, 409),
};

/** The refusal to feature a photo its labels keep off the home page; null when it may be featured. */
export function featuringRefusal(photo: { labels: readonly string[] }): NatureError | null {
  const because = notFeaturableBecause(photo.labels);
  return because ? natureErrors.notFeaturable(because) : null;
}
