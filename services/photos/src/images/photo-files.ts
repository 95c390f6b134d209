import { Inject, Injectable } from '@nestjs/common';
import { OBJECT_STORAGE } from '@wildframe/platform';
import type { ObjectStorage, StoredObject } from '@wildframe/platform';
import { createReadStream } from 'node:fs';
import type { Photo } from '../domain/photo';
import { EXTENSIONS, ImageKind, MIME_TYPES, ProcessedImage } from './image-kinds';

export type ImageSize = 'thumb' | 'display' | 'social';
export const IMAGE_SIZES: readonly ImageSize[] = ['thumb', 'display', 'social'];

const DERIVATIVE: Record<ImageSize, { file: string; contentType: string }> = {
  thumb: { file: 'thumb.webp', contentType: 'image/webp' },
  display: { file: 'display.webp', contentType: 'image/webp' },
  social: { file: 'social.jpg', contentType: 'image/jpeg' },
};

function derivativeKey(photoId: string, size: ImageSize): string {
  return `derivatives/${photoId}/${DERIVATIVE[size].file}`;
}

/** Where a photo's bytes live in object storage: the private original and its derivatives. */
@Injectable()
export class PhotoFiles {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  /** The original is streamed from disk; derivatives are small buffers. */
  async store(photoId: string, originalPath: string, kind: ImageKind, processed: ProcessedImage): Promise<{ originalKey: string; thumbnailKey: string; displayKey: string }> {
    const originalKey = `originals/${photoId}.${EXTENSIONS[kind]}`;
    await this.storage.put(originalKey, createReadStream(originalPath), { contentType: MIME_TYPES[kind] });
    await Promise.all([
      this.storage.put(derivativeKey(photoId, 'thumb'), processed.thumbnail, { contentType: DERIVATIVE.thumb.contentType }),
      this.storage.put(derivativeKey(photoId, 'display'), processed.display, { contentType: DERIVATIVE.display.contentType }),
      this.storage.put(derivativeKey(photoId, 'social'), processed.social, { contentType: DERIVATIVE.social.contentType }),
    ]);
    return { originalKey, thumbnailKey: derivativeKey(photoId, 'thumb'), displayKey: derivativeKey(photoId, 'display') };
  }

  derivative(photoId: string, size: ImageSize): Promise<StoredObject> {
    return this.storage.get(derivativeKey(photoId, size));
  }

  original(photo: Photo): Promise<StoredObject> {
    return this.storage.get(photo.storageKey);
  }

  async remove(photoId: string, originalKey: string): Promise<void> {
    await Promise.all([this.storage.delete(originalKey), ...IMAGE_SIZES.map((size) => this.storage.delete(derivativeKey(photoId, size)))]);
  }
}
