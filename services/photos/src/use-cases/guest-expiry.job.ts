import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { CLOCK } from '@wildframe/platform';
import type { Clock } from '@wildframe/platform';
import { PhotosRepository } from '../repositories/photos.repository';
import { PhotoActions } from './photo-actions';

/** Guests' photos are temporary: deleted, with their files, 15 minutes after upload. */
@Injectable()
export class GuestExpiryJob {
  private readonly logger = new Logger('GuestExpiryJob');
  private running = false;

  constructor(
    private readonly photos: PhotosRepository,
    private readonly actions: PhotoActions,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Interval(60_000)
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.purgeExpired();
    } catch (error) {
      this.logger.error({ err: error }, 'purging expired guest photos failed; will retry');
    } finally {
      this.running = false;
    }
  }

  async purgeExpired(): Promise<number> {
    let purged = 0;
    for (;;) {
      const batch = await this.photos.expiredTemporary(this.clock.now(), 100);
      if (batch.length === 0) return purged;
      for (const photo of batch) await this.actions.remove(photo, 'guest photo expired');
      purged += batch.length;
    }
  }
}
