import { Injectable } from '@nestjs/common';
import type { AnalysisApi, AnalyzePhotoRequest, AnalyzePhotoResult, PhotoRatingView } from '@wildframe/contracts';
import { photoAnalysisDuration } from '@wildframe/platform';
import { z } from 'zod';
import { RatingsRepository } from '../repositories/ratings.repository';
import { AnalyzePhotoUseCase } from './analyze-photo.use-case';
import { toRatingView } from './rating-view';

/** The in-process `AnalysisApi`, registered in the LocalServiceRegistry and behind the internal HTTP API. */
@Injectable()
export class LocalAnalysisApi implements AnalysisApi {
  constructor(
    private readonly analyzePhoto: AnalyzePhotoUseCase,
    private readonly ratings: RatingsRepository,
  ) {}

  async analyze(request: AnalyzePhotoRequest, options: { deadlineMs: number }): Promise<AnalyzePhotoResult> {
    const end = photoAnalysisDuration.startTimer();
    try {
      const result = await this.analyzePhoto.execute(request, options.deadlineMs);
      end({ outcome: result.outcome });
      return result;
    } catch (error) {
      end({ outcome: 'error' });
      throw error;
    }
  }

  async getRating(photoId: string): Promise<PhotoRatingView | null> {
    // A photo id that is not a UUID cannot have a rating (and would fail the uuid column's cast).
    if (!z.uuid().safeParse(photoId).success) return null;
    const row = await this.ratings.findByPhotoId(photoId);
    return row ? toRatingView(row) : null;
  }
}
