import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { imageWorkPool, WorkJobError, WorkPoolError } from '@wildframe/platform';
import type { WorkPool } from '@wildframe/platform';
import { extname, join } from 'node:path';
import { photosErrors } from '../domain/photos.errors';
import { PHOTOS_CONFIG } from '../photos.config';
import type { PhotosConfig } from '../photos.config';
import type { AnalysisCopyReady, ImageKind, ImageRefusalCode, ProcessedImage } from './image-kinds';

const REFUSALS: Record<ImageRefusalCode, () => Error> = {
  TOO_MANY_PIXELS: photosErrors.tooManyPixels,
  TOO_SMALL: photosErrors.tooSmall,
  UNREADABLE: photosErrors.unreadable,
};

/**
 * Image processing in the pool of image worker processes (`image-worker.ts`): decoding (HEIC in
 * WebAssembly included) and derivatives never run on this process's event loop, and a decode
 * over its time or memory limit ends its worker and refuses the upload, with nothing stored.
 */
@Injectable()
export class ImageJobs implements OnApplicationShutdown {
  private readonly logger = new Logger('ImageJobs');
  private readonly pool: WorkPool;

  constructor(@Inject(PHOTOS_CONFIG) config: PhotosConfig) {
    this.pool = imageWorkPool(config, {
      name: 'images',
      // Beside this file: image-worker.js once built, image-worker.ts under the tests.
      script: join(__dirname, `image-worker${extname(__filename)}`),
      queueLength: config.UPLOAD_QUEUE_LENGTH,
      logger: { warn: (details, message) => this.logger.warn(details, message) },
    });
  }

  /**
   * The derivatives of the image at `path`; refuses it (photos errors) over `maxPixels`, when
   * unreadable, or over the worker's limits. `onAnalysisCopy` gets the analysis copy as soon as it
   * exists, before the other derivatives are made (and before this settles, which may still fail).
   */
  async process(path: string, kind: ImageKind, maxPixels: number, onAnalysisCopy?: (analysisCopy: Buffer) => void): Promise<ProcessedImage> {
    // Bytes cross the channel as a Uint8Array: seen as a Buffer without a copy.
    const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const onProgress = onAnalysisCopy && ((value: unknown) => onAnalysisCopy(asBuffer((value as AnalysisCopyReady).analysisCopy)));
    try {
      return await this.pool.run<ProcessedImage>('processImage', [path, kind, maxPixels], { onProgress });
    } catch (error) {
      if (error instanceof WorkJobError && error.name === 'ImageRefusal' && error.code && error.code in REFUSALS) throw REFUSALS[error.code as ImageRefusalCode]();
      if (error instanceof WorkPoolError && error.reason === 'busy') throw photosErrors.busy();
      if (error instanceof WorkPoolError) {
        this.logger.warn({ reason: error.reason, detail: error.message, kind }, 'an image job was ended; the upload is refused');
        throw photosErrors.processingLimit();
      }
      throw error;
    }
  }

  onApplicationShutdown(): Promise<void> {
    return this.pool.close();
  }
}
