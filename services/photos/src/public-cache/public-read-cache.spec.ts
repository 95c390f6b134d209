import { PublicReadCache } from './public-read-cache';

describe('PublicReadCache: whether a guest has liked anything', () => {
  it('asks the database once for a burst of requests from one guest, and answers them all', async () => {
    const cache = new PublicReadCache();
    let lookups = 0;
    let answer: (found: boolean) => void = () => undefined;
    const lookup = () => {
      lookups++;
      return new Promise<boolean>((resolve) => (answer = resolve));
    };
    const burst = Array.from({ length: 50 }, () => cache.guestHasLikes('203.0.113.7', lookup));
    answer(false);
    expect(await Promise.all(burst)).toEqual(Array(50).fill(false));
    expect(lookups).toBe(1);
    // Remembered: known without a query, and another guest is asked for on its own.
    expect(cache.guestKnownWithoutLikes('203.0.113.7')).toBe(true);
    await cache.guestHasLikes('203.0.113.8', async () => (lookups++, true));
    expect(lookups).toBe(2);
  });

  it('keeps a like made while the lookup ran, for every request that waited on it', async () => {
    const cache = new PublicReadCache();
    let answer: (found: boolean) => void = () => undefined;
    const lookup = () => new Promise<boolean>((resolve) => (answer = resolve));
    const first = cache.guestHasLikes('203.0.113.9', lookup);
    const second = cache.guestHasLikes('203.0.113.9', lookup);
    cache.viewerLiked('g:203.0.113.9', '203.0.113.9');
    answer(false);
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(cache.guestKnownWithoutLikes('203.0.113.9')).toBe(false);
  });

  it('lets the next request ask again when a lookup fails', async () => {
    const cache = new PublicReadCache();
    await expect(cache.guestHasLikes('203.0.113.10', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.guestHasLikes('203.0.113.10', async () => false)).toBe(false);
  });
});
