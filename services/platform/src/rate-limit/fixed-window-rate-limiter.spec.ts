import { FixedWindowRateLimiter } from './fixed-window-rate-limiter';
import { MemoryRateLimitStore } from './rate-limit-store';

describe('FixedWindowRateLimiter', () => {
  it('allows the limit per clock-aligned window and key, then refuses until the window ends', async () => {
    let now = 120_000;
    const limiter = new FixedWindowRateLimiter('probe', 2, 60_000, new MemoryRateLimitStore(() => now), () => now);
    expect([await limiter.tryHit('a'), await limiter.tryHit('a'), await limiter.tryHit('a')]).toEqual([true, true, false]);
    expect(await limiter.tryHit('b')).toBe(true);
    now += 59_999;
    expect(await limiter.tryHit('a')).toBe(false);
    now += 1;
    expect(await limiter.tryHit('a')).toBe(true);
  });

  it('keeps the counts of two limiters on one store apart', async () => {
    const store = new MemoryRateLimitStore();
    const signups = new FixedWindowRateLimiter('signup', 1, 60_000, store);
    const views = new FixedWindowRateLimiter('page-view', 1, 60_000, store);
    expect(await signups.tryHit('10.0.0.1')).toBe(true);
    expect(await views.tryHit('10.0.0.1')).toBe(true);
    expect(await signups.tryHit('10.0.0.1')).toBe(false);
  });

  it('refuses nonsense settings', () => {
    expect(() => new FixedWindowRateLimiter('probe', 0, 1000)).toThrow(/integer >= 1/);
    expect(() => new FixedWindowRateLimiter('probe', 5, 0)).toThrow(/positive/);
    expect(() => new FixedWindowRateLimiter('Probe Limit', 5, 1000)).toThrow(/lower-case/);
  });
});
