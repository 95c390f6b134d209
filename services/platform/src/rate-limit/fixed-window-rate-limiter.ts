import { MemoryRateLimitStore, RateLimitStore } from './rate-limit-store';

/**
 * Counts hits per key in fixed windows (aligned on the clock, so every replica agrees on them).
 * Where the counts live decides what the limit covers: the service's database
 * (`RateLimitStore` from `DatabaseModule`: one limit across every replica and restart) or this
 * process's memory (`MemoryRateLimitStore`: each replica counts on its own; for a process with no
 * database, the gateway).
 */
export class FixedWindowRateLimiter {
  constructor(
    /** Names the counts in a shared store (`paid-signup`): two limiters never share a key. */
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly store: RateLimitStore = new MemoryRateLimitStore(),
    private readonly now: () => number = Date.now,
  ) {
    if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`Rate limiter name must be lower-case words joined by -, got '${name}'`);
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`Rate limit must be an integer >= 1, got ${limit}`);
    if (!(windowMs > 0)) throw new Error(`Rate limit window must be positive, got ${windowMs}`);
  }

  /** Records a hit; false when the key has used up its window. */
  async tryHit(key: string): Promise<boolean> {
    const now = this.now();
    const start = Math.floor(now / this.windowMs) * this.windowMs;
    const hits = await this.store.hit(`${this.name}:${key}`, new Date(start), new Date(start + this.windowMs));
    return hits <= this.limit;
  }
}
