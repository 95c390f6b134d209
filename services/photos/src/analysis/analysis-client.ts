import type { StoredRating } from '../domain/photo';

export interface AnalysisRequest {
  photoId: string;
  userId: string | null;
  title: string;
  description: string;
  /** Downscaled JPEG without metadata. */
  image: Buffer;
  isPublic: boolean;
}

export type AnalysisOutcome =
  | { outcome: 'rated'; rating: StoredRating }
  | { outcome: 'refused'; message: string; reasons: string[] }
  /** Rated, but held for an admin's review: the engine is unsure it is a nature photograph (`reasons` say why, in plain words). */
  | { outcome: 'review'; rating: StoredRating; reasons: string[] }
  /** No answer within the deadline, or the engine failed: the photo is kept without a rating. */
  | { outcome: 'unavailable'; reason: string };

/** The photos service's view of the analysis service (in-process or HTTP, see the adapters). */
export interface AnalysisClient {
  analyze(request: AnalysisRequest, deadlineMs: number): Promise<AnalysisOutcome>;
}

export const ANALYSIS_CLIENT = Symbol('ANALYSIS_CLIENT');
