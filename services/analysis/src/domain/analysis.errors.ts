import { AppError } from '@wildframe/platform';

export type AnalysisErrorCode =
  | 'PHOTO_NOT_FOUND'
  | 'INVALID_PLATFORM'
  | 'PLAN_REQUIRED'
  | 'NOT_ANALYSED'
  | 'UNREADABLE_IMAGE'
  | 'INVALID_REQUEST'
  | 'IMAGE_TOO_LARGE'
  | 'ANALYSIS_TIMEOUT'
  | 'ANALYSIS_UNAVAILABLE'
  | 'INVALID_INTERNAL_TOKEN';

export class AnalysisError extends AppError<AnalysisErrorCode> {}

/** Every failure the analysis service reports, with the spec's texts where the spec has one. */
export const analysisErrors = {
  photoNotFound: () => new AnalysisError('PHOTO_NOT_FOUND', 'Photo Not Found', 404),
  invalidPlatform: () => new AnalysisError('INVALID_PLATFORM', 'Platform must be lightroom, google-photos or apple-photos', 400),
  planRequired: () => new AnalysisError('PLAN_REQUIRED', 'Editing suggestions are available on the Enthusiast and Professional plans', 403),
  notAnalysed: () =>
    new AnalysisError('NOT_ANALYSED', 'This photo has no AI analysis yet, so editing suggestions are not available', 409),
  unreadableImage: () => new AnalysisError('UNREADABLE_IMAGE', 'The photo could not be read as an image', 400),
  invalidRequest: (message: string) => new AnalysisError('INVALID_REQUEST', message, 400),
  imageTooLarge: () => new AnalysisError('IMAGE_TOO_LARGE', 'The image is too large', 413),
  timeout: () => new AnalysisError('ANALYSIS_TIMEOUT', 'AI analysis is temporarily unavailable', 503),
  /** The analysis workers refused or lost the photo: their queue was full, or a job passed its memory limit or crashed. */
  unavailable: () => new AnalysisError('ANALYSIS_UNAVAILABLE', 'AI analysis is temporarily unavailable', 503),
};
