import { Injectable } from '@nestjs/common';
import { PLANS } from '@wildframe/contracts';
import type { Identity } from '@wildframe/platform';
import { z } from 'zod';
import { analysisErrors } from '../domain/analysis.errors';
import { EditingTipsRepository } from '../repositories/editing-tips.repository';
import { PhotoAccessRepository } from '../repositories/photo-access.repository';
import { RatingsRepository } from '../repositories/ratings.repository';
import { EditingPlatform, composeEditingTips } from './editing-tips';

/**
 * Editing tips for one photo and app. Enthusiast and professional plans only (professional gets
 * the advanced tips); the owner, an admin, or anyone for a public photo may ask; others learn only
 * that there is no such photo. Tips are derived from the stored measurements and cached per
 * photo, platform and level.
 */
@Injectable()
export class EditingSuggestionsUseCase {
  constructor(
    private readonly access: PhotoAccessRepository,
    private readonly ratings: RatingsRepository,
    private readonly tips: EditingTipsRepository,
  ) {}

  async execute(identity: Identity, photoId: string, platform: EditingPlatform): Promise<{ suggestions: string }> {
    const level = PLANS[identity.plan]?.editingTips ?? 'none';
    if (level === 'none') throw analysisErrors.planRequired();
    if (!z.uuid().safeParse(photoId).success) throw analysisErrors.photoNotFound();
    const photo = await this.access.find(photoId);
    if (!photo || photo.deleted) throw analysisErrors.photoNotFound();
    const allowed = identity.isAdmin || photo.isPublic || (photo.ownerId !== null && photo.ownerId === identity.userId);
    if (!allowed) throw analysisErrors.photoNotFound();

    const key = { photoId, platform, level };
    const cached = await this.tips.find(key);
    if (cached !== undefined) return { suggestions: cached };
    const rating = await this.ratings.findByPhotoId(photoId);
    if (!rating?.measurements) throw analysisErrors.notAnalysed();
    const suggestions = composeEditingTips({ measurements: rating.measurements, platform, level, category: rating.category, subject: rating.subject });
    await this.tips.save(key, suggestions);
    return { suggestions };
  }
}
