import type { mongo } from 'mongoose';
import type { MongoServiceDatabase } from '../database/mongo/mongo-service-database';
import type { ServiceDatabase } from '../database/service-database';
import { RateLimitStore } from './rate-limit-store';

/** How often a process deletes windows that have ended (any replica's). */
const SWEEP_EVERY_MS = 60_000;

/** Created by `ServiceDatabase.migrate()`: one row per key and window. */
export function rateLimitTableDdl(schema: string): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS "${schema}".rate_limits (
       key text NOT NULL,
       window_start timestamptz NOT NULL,
       window_end timestamptz NOT NULL,
       hits integer NOT NULL,
       PRIMARY KEY (key, window_start)
     )`,
    `CREATE INDEX IF NOT EXISTS rate_limits_window_end_idx ON "${schema}".rate_limits (window_end)`,
  ];
}

/**
 * Deletes ended windows at most once a minute per process, never in the caller's way. "Ended" is
 * by the limiter's clock (before the window being counted began), so a test's clock agrees.
 */
class Sweeper {
  private last = 0;

  constructor(private readonly sweep: (endedBy: Date) => Promise<unknown>) {}

  maybe(current: Date): void {
    const now = Date.now();
    if (now - this.last < SWEEP_EVERY_MS) return;
    this.last = now;
    // A failed sweep is retried a minute later; the counts stay right meanwhile.
    this.sweep(current).catch(() => undefined);
  }
}

/** Counts in `<schema>.rate_limits`; one upsert per hit, so concurrent replicas count every hit once. */
export class PostgresRateLimitStore extends RateLimitStore {
  private readonly sweeper = new Sweeper((endedBy) => this.database.pool.query(`DELETE FROM "${this.database.schema}".rate_limits WHERE window_end <= $1`, [endedBy]));

  constructor(private readonly database: ServiceDatabase) {
    super();
  }

  async hit(key: string, windowStart: Date, windowEnd: Date): Promise<number> {
    this.sweeper.maybe(windowStart);
    const { rows } = await this.database.pool.query<{ hits: number }>(
      `INSERT INTO "${this.database.schema}".rate_limits AS r (key, window_start, window_end, hits) VALUES ($1, $2, $3, 1)
       ON CONFLICT (key, window_start) DO UPDATE SET hits = r.hits + 1
       RETURNING hits`,
      [key, windowStart, windowEnd],
    );
    return Number(rows[0]?.hits ?? 1);
  }
}

/** Where MongoDB keeps the counts (one per service database). */
export const RATE_LIMITS_COLLECTION = 'rate_limits';

/** Created by `MongoServiceDatabase.ensureIndexes()`. */
export const rateLimitsIndexes: ReadonlyArray<{ keys: Record<string, mongo.IndexDirection>; options: mongo.CreateIndexesOptions }> = [
  { keys: { key: 1, windowStart: 1 }, options: { unique: true, name: 'rate_limits_key_window' } },
  { keys: { windowEnd: 1 }, options: { name: 'rate_limits_window_end' } },
];

interface RateLimitDocument {
  key: string;
  windowStart: Date;
  windowEnd: Date;
  hits: number;
}

/** Counts in `rate_limits`: one atomic `$inc` upsert per hit (single-document atomicity only). */
export class MongoRateLimitStore extends RateLimitStore {
  private readonly sweeper = new Sweeper(async (endedBy) => (await this.collection()).deleteMany({ windowEnd: { $lte: endedBy } }));

  constructor(private readonly database: MongoServiceDatabase) {
    super();
  }

  private collection(): Promise<mongo.Collection<RateLimitDocument>> {
    return this.database.collection<RateLimitDocument>(RATE_LIMITS_COLLECTION);
  }

  async hit(key: string, windowStart: Date, windowEnd: Date): Promise<number> {
    this.sweeper.maybe(windowStart);
    const filter = { key, windowStart };
    const update = { $inc: { hits: 1 }, $setOnInsert: { windowEnd } };
    for (let attempt = 0; ; attempt++) {
      try {
        const counted = await (await this.collection()).findOneAndUpdate(filter, update, { upsert: true, returnDocument: 'after' });
        return counted?.hits ?? 1;
      } catch (error) {
        // Two first hits of a window may both try to insert it: the loser counts on the winner's.
        if (attempt > 0 || (error as { code?: number }).code !== 11000) throw error;
      }
    }
  }
}
