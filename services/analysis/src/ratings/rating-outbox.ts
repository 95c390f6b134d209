import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { RatingRow } from '../db/schema';
import { RatingEventsPublisher } from '../repositories/rating-events.publisher';
import { RatingsRepository } from '../repositories/ratings.repository';

const SWEEP_EVERY_MS = 60_000;
const SWEEP_BATCH = 50;

/**
 * Publishes `analysis.photo.analyzed.v1` after the rating is committed. The rating row itself is
 * the outbox: `published_at` stays null until the bus took the event, and a periodic sweep
 * re-publishes what a crash or a bus outage left behind (same event id, so consumers dedupe).
 */
@Injectable()
export class RatingOutbox implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RatingOutbox.name);
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<number> | undefined;

  constructor(
    private readonly ratings: RatingsRepository,
    private readonly publisher: RatingEventsPublisher,
  ) {}

  /** Never throws: a failed publication is logged and left for the sweep. */
  async publish(row: RatingRow): Promise<boolean> {
    try {
      await this.publisher.publishAnalyzed(row);
      await this.ratings.markPublished(row.id);
      return true;
    } catch (error) {
      this.logger.warn({ err: error, photoId: row.photoId }, 'analysis.photo.analyzed.v1 not published yet; the sweep will retry');
      return false;
    }
  }

  /** Publishes ratings whose event has not gone out; returns how many went out now. */
  sweep(): Promise<number> {
    this.sweeping ??= (async () => {
      try {
        let published = 0;
        for (const row of await this.ratings.findUnpublished(SWEEP_BATCH)) if (await this.publish(row)) published++;
        return published;
      } finally {
        this.sweeping = undefined;
      }
    })();
    return this.sweeping;
  }

  onApplicationBootstrap(): void {
    // The bus starts in its own bootstrap hook; sweep on a later turn and then periodically.
    this.timer = setInterval(() => void this.sweep().catch((error: unknown) => this.logger.warn({ err: error }, 'outbox sweep failed')), SWEEP_EVERY_MS);
    this.timer.unref();
    setTimeout(() => void this.sweep().catch(() => undefined), 1000).unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping?.catch(() => undefined);
  }
}
