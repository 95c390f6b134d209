import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { OBJECT_STORAGE, OrphanSweep } from '@wildframe/platform';
import type { ObjectStorage, OrphanSweepResult } from '@wildframe/platform';
import { PHOTOS_CONFIG } from '../photos.config';
import type { PhotosConfig } from '../photos.config';
import { PHOTO_FILE_PREFIXES, PhotoFileReferences } from '../repositories/photo-file-references';

/**
 * Removes photo files no photo row points to, older than ORPHAN_MIN_AGE_MS, every
 * ORPHAN_SWEEP_INTERVAL_MS: what a crash between an upload's files and its commit, or between a
 * delete's commit and its file removal, leaves behind. Site assets are not swept.
 */
@Injectable()
export class PhotoOrphansJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly sweep: OrphanSweep;

  constructor(
    @Inject(OBJECT_STORAGE) storage: ObjectStorage,
    references: PhotoFileReferences,
    @Inject(PHOTOS_CONFIG) private readonly config: PhotosConfig,
  ) {
    const logger = new Logger('PhotoOrphans');
    this.sweep = new OrphanSweep({
      service: 'photos',
      storage,
      prefixes: PHOTO_FILE_PREFIXES,
      references,
      minAgeMs: config.ORPHAN_MIN_AGE_MS,
      logger: { info: (details, message) => logger.log(details, message), warn: (details, message) => logger.warn(details, message) },
    });
  }

  onApplicationBootstrap(): void {
    this.sweep.start(this.config.ORPHAN_SWEEP_INTERVAL_MS);
  }

  // Before the database closes: a sweep in progress finishes its query.
  async beforeApplicationShutdown(): Promise<void> {
    await this.sweep.stop();
  }

  /** One sweep now (tests, operators). */
  run(): Promise<OrphanSweepResult> {
    return this.sweep.run();
  }
}
