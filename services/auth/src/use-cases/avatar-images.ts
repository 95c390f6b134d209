import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { imageWorkPool, WorkJobError, WorkPoolError } from '@wildframe/platform';
import type { WorkPool } from '@wildframe/platform';
import { extname, join } from 'node:path';
import { AUTH_CONFIG } from '../auth.config';
import type { AuthConfig } from '../auth.config';
import { authErrors } from '../domain/auth.errors';
import type { AvatarKind } from './avatar-image';

/** Profile photos waiting for a worker; they are small and rare, so a short queue. */
const AVATAR_QUEUE_LENGTH = 4;

/** Avatar images made in the avatar worker processes (`avatar-worker.ts`), off the event loop. */
@Injectable()
export class AvatarImages implements OnApplicationShutdown {
  private readonly logger = new Logger('AvatarImages');
  private readonly pool: WorkPool;

  constructor(@Inject(AUTH_CONFIG) config: AuthConfig) {
    this.pool = imageWorkPool(config, {
      name: 'avatars',
      script: join(__dirname, `avatar-worker${extname(__filename)}`),
      queueLength: AVATAR_QUEUE_LENGTH,
      logger: { warn: (details, message) => this.logger.warn(details, message) },
    });
  }

  /** The 256 px WebP of an upload; refuses it (auth errors) when unreadable, too large, or over the worker's limits. */
  async make(upload: Buffer, kind: AvatarKind): Promise<Buffer> {
    try {
      return await this.pool.run<Buffer>('makeAvatar', [upload, kind]);
    } catch (error) {
      if (error instanceof WorkJobError && error.name === 'AvatarRefusal') throw error.code === 'TOO_MANY_PIXELS' ? authErrors.imageDimensionsTooLarge() : authErrors.invalidImage();
      if (error instanceof WorkPoolError && error.reason === 'busy') throw authErrors.imagesBusy();
      if (error instanceof WorkPoolError) {
        this.logger.warn({ reason: error.reason, detail: error.message, kind }, 'an avatar job was ended; the upload is refused');
        throw authErrors.imageProcessingLimit();
      }
      throw error;
    }
  }

  onApplicationShutdown(): Promise<void> {
    return this.pool.close();
  }
}
