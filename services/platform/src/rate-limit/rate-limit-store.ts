/**
 * Where a `FixedWindowRateLimiter` keeps its counts. `DatabaseModule` provides the service's own
 * (`PostgresRateLimitStore`, `MongoRateLimitStore`), shared by every replica of the service.
 */
export abstract class RateLimitStore {
  /**
   * Counts one hit of `key` in the window that starts at `windowStart` and ends at `windowEnd`
   * (after which the count may be forgotten); resolves with the window's hits, this one included.
   */
  abstract hit(key: string, windowStart: Date, windowEnd: Date): Promise<number>;
}

/** Counts in this process's memory: each replica limits on its own (the gateway, tests). */
export class MemoryRateLimitStore extends RateLimitStore {
  private readonly windows = new Map<string, { start: number; end: number; hits: number }>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {
    super();
  }

  async hit(key: string, windowStart: Date, windowEnd: Date): Promise<number> {
    this.sweep();
    const start = windowStart.getTime();
    const window = this.windows.get(key);
    if (window?.start === start) return ++window.hits;
    this.windows.set(key, { start, end: windowEnd.getTime(), hits: 1 });
    return 1;
  }

  /** Forgets finished windows now and then, so the map does not grow with every address seen. */
  private sweep(): void {
    const now = this.now();
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (window.end <= now) this.windows.delete(key);
  }
}
