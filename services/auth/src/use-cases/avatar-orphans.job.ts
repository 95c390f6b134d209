import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { OBJECT_STORAGE, OrphanSweep } from '@wildframe/platform';
import type { ObjectStorage, OrphanSweepResult } from '@wildframe/platform';
import { AUTH_CONFIG } from '../auth.config';
import type { AuthConfig } from '../auth.config';
import { AVATAR_PREFIXES, AvatarReferences } from '../repositories/avatar-references';

/**
 * Removes avatars no user row points to, older than ORPHAN_MIN_AGE_MS, every
 * ORPHAN_SWEEP_INTERVAL_MS: what a crash between storing a new avatar and its commit, or between
 * the commit and the removal of the previous one (or of a deleted user's), leaves behind.
 */
@Injectable()
export class AvatarOrphansJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly sweep: OrphanSweep;

  constructor(
    @Inject(OBJECT_STORAGE) storage: ObjectStorage,
    references: AvatarReferences,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {
    const logger = new Logger('AvatarOrphans');
    this.sweep = new OrphanSweep({
      service: 'auth',
      storage,
      prefixes: AVATAR_PREFIXES,
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
