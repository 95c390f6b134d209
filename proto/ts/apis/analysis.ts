import { INTERNAL_TOKEN_HEADER } from './internal';

/**
 * The synchronous API of the analysis service: the photos service asks it to rate a photo during
 * upload and to return a stored rating when a photo is shown. In the standalone shape the
 * analysis module registers an in-process implementation in the platform's LocalServiceRegistry
 * under `ANALYSIS_API`; otherwise callers use `createAnalysisHttpClient` against the analysis
 * service's internal endpoints (`/api/internal/analysis`, guarded by a shared token).
 */
export const ANALYSIS_API = 'analysis';

export type PhotoCategory = 'wildlife' | 'landscape' | 'others';

/** The one message a refused photo gets (spec, error catalogue: shown as 'Content Policy Violation'). */
export const CONTENT_REFUSED_MESSAGE = 'Content does not meet community guidelines';

export interface AnalyzePhotoRequest {
  photoId: string;
  /** Null for a guest upload. */
  userId: string | null;
  title: string;
  description: string;
  /** A downscaled copy: longest side ≤ 2048 px, JPEG, WebP or PNG, metadata stripped. */
  image: Buffer;
  isPublic: boolean;
}

/** What each content check concluded ('passed', 'passed (borderline …)', 'refused: …', 'not checked (…)'). */
export interface ScreeningEvidence {
  nudity: string;
  nature: string;
  weapons: string;
}

/**
 * What every score rests on, in short statements a photographer can check or dispute
 * (e.g. "edges on the bird are crisp (acutance 2.7 …)", "3 % highlights clipped").
 */
export interface RatingEvidence {
  overall: string[];
  composition: string[];
  lighting: string[];
  clarity: string[];
  creativity: string[];
  category: string[];
  screening: ScreeningEvidence;
  /** Which engine and models produced the rating, and any model that did not run and why. */
  engine: string[];
}

/** A stored rating as clients see it: the spec's fields, scores as numeric strings with one decimal ("7.4"). */
export interface PhotoRatingView {
  id: string;
  photoId: string;
  overallRating: string;
  composition: string;
  lighting: string;
  clarity: string;
  creativity: string;
  /** Sentences separated by single spaces, each ending with one full stop. */
  feedback: string;
  subject: string | null;
  location: string | null;
  /** e.g. "local:wildframe-measure-1+centernet+nsfwjs" or "openai:gpt-4o-mini". */
  aiModel: string;
  category: PhotoCategory;
  createdAt: string;
  evidence: RatingEvidence;
}

export type AnalyzePhotoResult =
  | { outcome: 'rated'; rating: PhotoRatingView }
  | { outcome: 'refused'; message: typeof CONTENT_REFUSED_MESSAGE; reasons: string[] }
  /**
   * Rated, but held for an admin's review: the engine is unsure the photo is a nature photograph.
   * `reasons` are short sentences in plain words for the owner and the admin.
   */
  | { outcome: 'review'; rating: PhotoRatingView; reasons: string[] };

export interface AnalysisApi {
  /**
   * Rates a photo and stores the rating (publishing `analysis.photo.analyzed.v1`), holds it for
   * review (rated, the reasons stored and published with the rating), or refuses it. Analysing a
   * photo id that already has a rating returns the stored rating (and its hold, if any). Rejects when the
   * deadline passes first; the caller then stores the photo without a rating (the spec's
   * "AI analysis temporarily unavailable").
   */
  analyze(request: AnalyzePhotoRequest, options: { deadlineMs: number }): Promise<AnalyzePhotoResult>;
  getRating(photoId: string): Promise<PhotoRatingView | null>;
}

/** Wire format of the internal HTTP API (the analysis service's side and the client below share it). */
export const ANALYSIS_INTERNAL_API = {
  basePath: '/api/internal/analysis',
  tokenHeader: INTERNAL_TOKEN_HEADER,
  /** POST: body = image bytes (application/octet-stream); other fields as query parameters. */
  analyzePath: '/analyze',
  /** GET /ratings/:photoId → PhotoRatingView, or 404 when the photo has no rating. */
  ratingsPath: '/ratings',
} as const;

/** Raised by the HTTP client when the analysis service answers with an error. */
export class AnalysisApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AnalysisApiError';
  }
}

export interface AnalysisHttpClientOptions {
  /** e.g. http://analysis:3003 */
  baseUrl: string;
  internalToken: string;
  fetch?: typeof fetch;
}

async function errorOf(response: Response): Promise<AnalysisApiError> {
  let message = `${response.status} ${response.statusText}`;
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string') message = body.message;
  } catch {
    // Not JSON: keep the status line.
  }
  return new AnalysisApiError(response.status, message);
}

/** The HTTP implementation of `AnalysisApi`, for processes where the analysis module is not loaded. */
export function createAnalysisHttpClient(options: AnalysisHttpClientOptions): AnalysisApi {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '') + ANALYSIS_INTERNAL_API.basePath;
  const headers = { [ANALYSIS_INTERNAL_API.tokenHeader]: options.internalToken };
  return {
    async analyze(request, { deadlineMs }) {
      const query = new URLSearchParams({
        photoId: request.photoId,
        title: request.title,
        description: request.description,
        isPublic: String(request.isPublic),
        deadlineMs: String(deadlineMs),
      });
      if (request.userId) query.set('userId', request.userId);
      const response = await doFetch(`${base}${ANALYSIS_INTERNAL_API.analyzePath}?${query.toString()}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        body: new Uint8Array(request.image.buffer, request.image.byteOffset, request.image.byteLength),
        // The server gives up at the deadline; allow it a moment to answer that it did.
        signal: AbortSignal.timeout(deadlineMs + 2000),
      });
      if (!response.ok) throw await errorOf(response);
      return (await response.json()) as AnalyzePhotoResult;
    },
    async getRating(photoId) {
      const response = await doFetch(`${base}${ANALYSIS_INTERNAL_API.ratingsPath}/${encodeURIComponent(photoId)}`, {
        headers,
        signal: AbortSignal.timeout(10_000),
      });
      if (response.status === 404) return null;
      if (!response.ok) throw await errorOf(response);
      return (await response.json()) as PhotoRatingView;
    },
  };
}
