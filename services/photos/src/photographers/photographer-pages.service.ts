import { Inject, Injectable } from '@nestjs/common';
import { toCard } from '../domain/photo-view';
import { IMAGE_URLS, ImageUrls } from '../images/image-urls';
import type { PhotographerPage } from './photographers.dto';
import { photographersErrors } from './photographers.errors';
import { PhotographersRepository } from './photographers.repository';

/** The spec's gallery page size, kept on photographer pages. */
export const PHOTOGRAPHER_PAGE_SIZE = 12;

/** Public photographer pages, for members who turned on the publicProfile preference. */
@Injectable()
export class PhotographerPages {
  constructor(
    private readonly photographers: PhotographersRepository,
    @Inject(IMAGE_URLS) private readonly urls: ImageUrls,
  ) {}

  async page(userId: string, page: number): Promise<PhotographerPage> {
    const photographer = await this.photographers.findPublic(userId);
    if (!photographer) throw photographersErrors.notFound();
    const [totals, rows] = await Promise.all([this.photographers.totals(userId), this.photographers.publicPhotos(userId, page, PHOTOGRAPHER_PAGE_SIZE)]);
    const linked = new Set([userId]);
    return {
      id: photographer.userId,
      name: [photographer.firstName, photographer.lastName].filter(Boolean).join(' ').trim() || 'Wildframe member',
      firstName: photographer.firstName,
      lastName: photographer.lastName,
      avatarUrl: photographer.profileImageUrl || null,
      photoCount: totals.photos,
      likesReceived: totals.likes,
      views: totals.views,
      photos: rows.map((row) => toCard(row, this.urls, linked)),
      page,
      pageSize: PHOTOGRAPHER_PAGE_SIZE,
      totalPages: Math.max(1, Math.ceil(totals.photos / PHOTOGRAPHER_PAGE_SIZE)),
    };
  }
}
