/**
 * Counts hits per key in fixed windows, in memory. Good enough for modest abuse protection on one
 * replica; each replica counts on its own.
 */
export class FixedWindowRateLimiter {
  private readonly windows = new Map<string, { startedAt: number; hits: number }>();
  private lastSweep = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`Rate limit must be an integer >= 1, got ${limit}`);
    if (!(windowMs > 0)) throw new Error(`Rate limit window must be positive, got ${windowMs}`);
  }

  /** Records a hit; false when the key has used up its window. */
  tryHit(key: string): boolean {
    const now = this.now();
    this.sweep(now);
    const window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs) {
      this.windows.set(key, { startedAt: now, hits: 1 });
      return true;
    }
    if (window.hits >= this.limit) return false;
    window.hits += 1;
    return true;
  }

  /** Forgets finished windows now and then, so the map does not grow with every address seen. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= this.windowMs) this.windows.delete(key);
    }
  }
}
