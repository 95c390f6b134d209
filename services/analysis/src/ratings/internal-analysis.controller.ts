import { Controller, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { InternalTokenGuard } from '@wildframe/platform';
import type { AnalyzePhotoResult, PhotoRatingView } from '@wildframe/contracts';
import type { Request } from 'express';
import { analysisErrors } from '../domain/analysis.errors';
import { LocalAnalysisApi } from './local-analysis-api';

/** Used when the caller gives no deadlineMs (its own HTTP timeout then bounds the wait anyway). */
const DEFAULT_DEADLINE_MS = 10_000;
/** The photos service sends ≤ 2048 px copies; anything far larger is not one. */
const MAX_IMAGE_BYTES = 25 * 1024 * 1024;

/** Reads the raw request body (the JSON parser leaves application/octet-stream alone). */
async function readBody(req: Request, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw analysisErrors.imageTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The `AnalysisApi` over HTTP for the distributed shape (`createAnalysisHttpClient` in
 * @wildframe/contracts is its client). Mounted only when the module is registered with
 * `exposeInternalApi`; the gateway does not route /api/internal to it.
 */
@Controller('internal/analysis')
@UseGuards(InternalTokenGuard)
export class InternalAnalysisController {
  constructor(private readonly api: LocalAnalysisApi) {}

  @Post('analyze')
  @HttpCode(200)
  async analyze(@Req() req: Request, @Query() query: Record<string, string | undefined>): Promise<AnalyzePhotoResult> {
    if (query['isPublic'] !== 'true' && query['isPublic'] !== 'false') throw analysisErrors.invalidRequest('isPublic must be true or false');
    const deadlineMs = query['deadlineMs'] === undefined ? DEFAULT_DEADLINE_MS : Number(query['deadlineMs']);
    if (!Number.isInteger(deadlineMs)) throw analysisErrors.invalidRequest('deadlineMs must be a whole number');
    const image = await readBody(req, MAX_IMAGE_BYTES);
    return this.api.analyze(
      {
        photoId: query['photoId'] ?? '',
        userId: query['userId'] || null,
        title: query['title'] ?? '',
        description: query['description'] ?? '',
        isPublic: query['isPublic'] === 'true',
        image,
      },
      { deadlineMs },
    );
  }

  @Get('ratings/:photoId')
  async rating(@Param('photoId') photoId: string): Promise<PhotoRatingView> {
    const rating = await this.api.getRating(photoId);
    if (!rating) throw analysisErrors.photoNotFound();
    return rating;
  }
}
