import { Inject, Injectable, Logger } from '@nestjs/common';
import { CONTENT_REFUSED_MESSAGE } from '@wildframe/contracts';
import type { AnalyzePhotoRequest, AnalyzePhotoResult } from '@wildframe/contracts';
import { CLOCK, EventOutbox, WorkPoolError } from '@wildframe/platform';
import type { Clock } from '@wildframe/platform';
import { z } from 'zod';
import { analysisErrors } from '../domain/analysis.errors';
import { PHOTO_ANALYZER } from '../engine/engine.providers';
import { UnreadableImageError } from '../engine/image/decode-image';
import { AnalysisDeadlineError } from '../engine/photo-analyzer';
import type { AnalysisOutcome, PhotoAnalyzer } from '../engine/photo-analyzer';
import { PhotoAccessRepository } from '../repositories/photo-access.repository';
import type { RatingRecord } from '../domain/rating';
import { RatingsRepository } from '../repositories/ratings.repository';
import { analyzedEvent } from './analyzed-event';
import { toRatingView } from './rating-view';

/** Stands in should an engine hold a photo without saying why. */
export const HELD_WITHOUT_REASON = 'Our AI could not tell for sure that this is a nature photograph.';

/** Longest wait a caller may ask for; the upload page shows progress for about ten seconds. */
export const MAX_DEADLINE_MS = 60_000;

const requestSchema = z.object({
  photoId: z.uuid('photoId must be a UUID'),
  userId: z.uuid('userId must be a UUID').nullable(),
  title: z.string().max(160, 'Title must be 160 characters or less'),
  description: z.string().max(500, 'Description must be 500 characters or less'),
  isPublic: z.boolean(),
  deadlineMs: z.number().int().min(100, 'deadlineMs must be at least 100').max(MAX_DEADLINE_MS, `deadlineMs must be at most ${MAX_DEADLINE_MS}`),
});

/** The engine's reasons for a hold, never none: the owner always reads why their photo waits. */
function heldBecause(reasons: string[]): string[] {
  const given = reasons.map((reason) => reason.trim()).filter(Boolean);
  return given.length > 0 ? given : [HELD_WITHOUT_REASON];
}

/** What a stored rating answers: held for review when the engine gave reasons to hold it. */
function resultOf(row: RatingRecord): AnalyzePhotoResult {
  const rating = toRatingView(row);
  return row.reviewReasons && row.reviewReasons.length > 0 ? { outcome: 'review', rating, reasons: row.reviewReasons } : { outcome: 'rated', rating };
}

/**
 * Rates a photo: the engine analyses it, the rating is stored with its evidence and measurements
 * (and, for a photo the engine holds for an admin's review, its reasons), the owner and
 * visibility are recorded for the tips endpoint, and the event (stored with the rating) is
 * published after. A photo that already has a rating gets it back unchanged, held or not
 * (retries and re-sends are safe).
 */
@Injectable()
export class AnalyzePhotoUseCase {
  private readonly logger = new Logger(AnalyzePhotoUseCase.name);

  constructor(
    @Inject(PHOTO_ANALYZER) private readonly analyzer: PhotoAnalyzer,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly ratings: RatingsRepository,
    private readonly access: PhotoAccessRepository,
    private readonly outbox: EventOutbox,
  ) {}

  async execute(request: AnalyzePhotoRequest, deadlineMs: number): Promise<AnalyzePhotoResult> {
    const started = Date.now();
    const parsed = requestSchema.safeParse({ ...request, image: undefined, deadlineMs });
    if (!parsed.success) throw analysisErrors.invalidRequest(parsed.error.issues[0]?.message ?? 'Invalid request');
    if (!Buffer.isBuffer(request.image) || request.image.length === 0) throw analysisErrors.unreadableImage();
    const { photoId, userId, isPublic } = parsed.data;

    const known = await this.access.find(photoId);
    if (known?.deleted) throw analysisErrors.photoNotFound();
    const existing = await this.ratings.findByPhotoId(photoId);
    if (existing) return resultOf(existing);

    let outcome: AnalysisOutcome;
    try {
      outcome = await this.analyzer.analyze({ image: request.image, title: request.title, description: request.description, deadline: started + deadlineMs });
    } catch (error) {
      if (error instanceof UnreadableImageError) throw analysisErrors.unreadableImage();
      if (error instanceof AnalysisDeadlineError) throw analysisErrors.timeout();
      if (error instanceof WorkPoolError) {
        this.logger.warn({ photoId, reason: error.reason, detail: error.message }, 'the analysis workers did not rate the photo');
        throw analysisErrors.unavailable();
      }
      throw error;
    }
    if (outcome.outcome === 'refused') {
      this.logger.log({ photoId, reasons: outcome.reasons, screening: outcome.evidence.screening }, 'photo refused by content screening');
      return { outcome: 'refused', message: CONTENT_REFUSED_MESSAGE, reasons: outcome.reasons };
    }

    const rating = outcome.rating;
    // A hold's reasons travel with the rating: stored, published and answered with it.
    const reviewReasons = outcome.outcome === 'review' ? heldBecause(outcome.reasons) : null;
    const at = this.clock.now();
    // Owner and visibility first: a crash between the two writes leaves a fact without a rating, which a retry completes.
    await this.access.record({ photoId, ownerId: userId, isPublic, at });
    const { rating: row, created } = await this.ratings.insertOnce(
      {
        photoId,
        overallRating: rating.scores.overall.toFixed(1),
        composition: rating.scores.composition.toFixed(1),
        lighting: rating.scores.lighting.toFixed(1),
        clarity: rating.scores.clarity.toFixed(1),
        creativity: rating.scores.creativity.toFixed(1),
        feedback: rating.feedback,
        subject: rating.subject?.slice(0, 200) ?? null,
        location: null,
        aiModel: rating.aiModel.slice(0, 100),
        category: rating.category,
        evidence: rating.evidence,
        measurements: rating.measurements,
        createdAt: at,
        reviewReasons,
      },
      (stored) => [analyzedEvent(stored)],
    );
    if (created) await this.outbox.flush();
    this.logger.log({ photoId, aiModel: row.aiModel, overall: row.overallRating, held: row.reviewReasons !== null, ms: Date.now() - started }, row.reviewReasons ? 'photo rated and held for review' : 'photo rated');
    return resultOf(row);
  }
}
