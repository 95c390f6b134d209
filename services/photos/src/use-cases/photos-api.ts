import { Injectable, OnModuleInit } from '@nestjs/common';
import { isUuid, LocalServiceRegistry } from '@wildframe/platform';
import { PhotosRepository } from '../repositories/photos.repository';

/** What the gateway asks of photos to put link-preview tags in a photo page's HTML. */
export interface SocialPreview {
  title: string;
  description: string;
  imagePath: string;
}

/** The photos side of the PhotosApi contract, registered for in-process callers (the gateway). */
@Injectable()
export class PhotosApiService implements OnModuleInit {
  constructor(
    private readonly photos: PhotosRepository,
    private readonly registry: LocalServiceRegistry,
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
}
