import { Injectable, OnModuleInit } from '@nestjs/common';
import type { PhotoGalleryAnswer, PhotosApi } from '@wildframe/contracts';
import { isUuid, LocalServiceRegistry } from '@wildframe/platform';
import { galleryQuery } from '../dto/photos.dto';
import { PhotosRepository } from '../repositories/photos.repository';
import { PhotoQueries } from './photo-queries';

/** What the gateway asks of photos to put link-preview tags in a photo page's HTML. */
export interface SocialPreview {
  title: string;
  description: string;
  imagePath: string;
}

/** The photos side of the PhotosApi contract, registered for in-process callers (the gateway). */
@Injectable()
export class PhotosApiService implements OnModuleInit, PhotosApi {
  constructor(
    private readonly photos: PhotosRepository,
    private readonly registry: LocalServiceRegistry,
    private readonly queries: PhotoQueries,
  ) {}

  onModuleInit(): void {
    this.registry.register('photos', this);
  }

  /** Public photos only: a private or missing photo has no preview. */
  async socialPreview(slugOrId: string): Promise<SocialPreview | null> {
    const row = (isUuid(slugOrId) ? await this.photos.findByIdWithUploader(slugOrId) : undefined) ?? (await this.photos.findBySlug(slugOrId));
    if (!row || !row.photo.isPublic) return null;
    return { title: row.photo.title, description: row.photo.description, imagePath: `/api/photos/${row.photo.id}/image?size=social` };
  }

  /**
   * A gallery page as GET /api/photos?{query} answers an anonymous visitor from `clientIp` (the
   * same query rules and the same cached page). A query the endpoint would refuse rejects.
   */
  async publicGallery(query: string, clientIp: string): Promise<PhotoGalleryAnswer> {
    const filter = galleryQuery.parse(Object.fromEntries(new URLSearchParams(query)));
    const answer = await this.queries.gallery(filter, null, clientIp);
    return { body: answer.body.toString('utf8'), shared: answer.shared };
  }
}
