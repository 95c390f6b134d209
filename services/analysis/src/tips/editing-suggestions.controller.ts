import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { CurrentIdentity, idParam, SignedInGuard, valid } from '@wildframe/platform';
import { analysisErrors } from '../domain/analysis.errors';
import type { Identity } from '@wildframe/platform';
import { editingSuggestionsBody } from './editing-suggestions.dto';
import type { EditingSuggestionsBody } from './editing-suggestions.dto';
import { EditingSuggestionsUseCase } from './editing-suggestions.use-case';

/** POST /api/photos/{id}/editing-suggestions (the gateway routes it here ahead of the photos service). */
@Controller('photos')
export class EditingSuggestionsController {
  constructor(private readonly suggestions: EditingSuggestionsUseCase) {}

  @Post(':id/editing-suggestions')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  suggest(
    @CurrentIdentity() identity: Identity,
    @Param('id', idParam(analysisErrors.photoNotFound)) photoId: string,
    @Body(valid(editingSuggestionsBody)) body: EditingSuggestionsBody,
  ): Promise<{ suggestions: string }> {
    return this.suggestions.execute(identity, photoId, body.platform);
  }
}
