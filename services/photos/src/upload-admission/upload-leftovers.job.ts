import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CLOCK, EventOutbox, pendingEvent } from '@wildframe/platform';
import type { Clock } from '@wildframe/platform';
import { utcDay } from '../domain/upload-limits';
import { PHOTOS_CONFIG } from '../photos.config';
import type { PhotosConfig } from '../photos.config';
import { PhotosRepository } from '../repositories/photos.repository';
import { UploadAttemptsRepository } from './upload-attempts.repository';
import { removeStaleUploadFiles } from './upload-temp-files';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

export interface UploadLeftoversReport {
  /** Upload files left in the temporary folder. */
  tempFiles: number;
  /** Uploads a crash cut short: their end announced, so analysis removes the critique it kept. */
  abandoned: number;
}

/**
 * Clears what a crash during uploads leaves, once at start and then with the orphan sweep (every
 * ORPHAN_SWEEP_INTERVAL_MS): upload files in the temporary folder, and uploads whose critique was
 * asked for but whose photo was never stored (announced as `photos.photo.deleted.v1`, on which
 * analysis removes the rating). Only what is older than ORPHAN_MIN_AGE_MS: an upload takes
 * minutes at most, so nothing in progress, here or on another replica, is touched. Stored files
 * no row names are the orphan sweep's (PhotoOrphansJob).
 */
@Injectable()
export class UploadLeftoversJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('UploadLeftovers');
  private running: Promise<UploadLeftoversReport> | undefined;

  constructor(
    private readonly attempts: UploadAttemptsRepository,
    private readonly photos: PhotosRepository,
    private readonly outbox: EventOutbox,
    private readonly scheduler: SchedulerRegistry,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PHOTOS_CONFIG) private readonly config: PhotosConfig,
  ) {}

  onApplicationBootstrap(): void {
    const tick = (): void => void this.run().catch((error: unknown) => this.logger.warn({ err: error }, 'clearing upload leftovers failed; the next sweep retries'));
    // At start, after start-up: leftovers of the last run never wait for the first sweep.
    setImmediate(tick).unref();
    const interval = this.config.ORPHAN_SWEEP_INTERVAL_MS;
    if (interval <= 0) return;
    const timer = setInterval(tick, interval);
    timer.unref();
    this.scheduler.addInterval('upload-leftovers', timer);
  }

  // Before the database closes: a run in progress finishes its queries.
  async beforeApplicationShutdown(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  /** One run (tests, operators); a run asked for while one is going joins it. */
  run(): Promise<UploadLeftoversReport> {
    this.running ??= this.runOnce().finally(() => (this.running = undefined));
    return this.running;
  }

  private async runOnce(): Promise<UploadLeftoversReport> {
    const now = this.clock.now();
    const minAgeMs = this.config.ORPHAN_MIN_AGE_MS;
    const report: UploadLeftoversReport = { tempFiles: await removeStaleUploadFiles(minAgeMs), abandoned: 0 };
    const cutoff = new Date(now.getTime() - minAgeMs);
    for (let batch = await this.attempts.begunBefore(cutoff, BATCH); batch.length > 0; batch = await this.attempts.begunBefore(cutoff, BATCH)) {
      for (const photoId of batch) {
        // Stored, then the process died before it said so: nothing to undo.
        if (await this.photos.findById(photoId)) {
          await this.attempts.end(photoId);
          continue;
        }
        const event = pendingEvent('photos.photo.deleted.v1', { photoId, userId: '', reason: 'upload never completed', deletedAt: now.toISOString() }, { key: photoId, subject: photoId });
        await this.attempts.abandon(photoId, [event]);
        report.abandoned++;
      }
    }
    if (report.abandoned > 0) await this.outbox.flush();
    // Yesterday's tries still show until midnight UTC somewhere; older days count for nothing.
    await this.attempts.forgetTriesBefore(utcDay(new Date(now.getTime() - DAY_MS)));
    if (report.tempFiles + report.abandoned > 0) this.logger.log(report, 'cleared what interrupted uploads left');
    return report;
  }
}
