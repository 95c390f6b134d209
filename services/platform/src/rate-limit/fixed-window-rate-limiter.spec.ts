import { FixedWindowRateLimiter } from './fixed-window-rate-limiter';

describe('FixedWindowRateLimiter', () => {
  it('allows the limit per window and key, then refuses until the window ends', () => {
    let now = 1_000;
    const limiter = new FixedWindowRateLimiter(2, 60_000, () => now);
    expect([limiter.tryHit('a'), limiter.tryHit('a'), limiter.tryHit('a')]).toEqual([true, true, false]);
    expect(limiter.tryHit('b')).toBe(true);
    now += 59_999;
    expect(limiter.tryHit('a')).toBe(false);
    now += 1;
    expect(limiter.tryHit('a')).toBe(true);
  });

  it('refuses nonsense settings', () => {
    expect(() => new FixedWindowRateLimiter(0, 1000)).toThrow(/integer >= 1/);
    expect(() => new FixedWindowRateLimiter(5, 0)).toThrow(/positive/);
  });
});
