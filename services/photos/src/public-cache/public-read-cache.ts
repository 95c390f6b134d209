import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { LruCache } from './lru-cache';

/** A response body serialised once, with its strong ETag, and the value it was made from. */
export interface CachedJson<T> {
  value: T;
  body: Buffer;
  etag: string;
}

export function cachedJson<T>(value: T): CachedJson<T> {
  const body = Buffer.from(JSON.stringify(value));
  return { value, body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/**
 * How long an entry may be served without a write in this process clearing it: the bound on how
 * late view counts (which do not clear the cache) and the writes of other replicas show up.
 */
export const PUBLIC_READ_TTL_MS = 5_000;
/** Whether a guest IP has liked anything: set at once by this process's likes, re-read after this. */
const GUEST_LIKES_TTL_MS = 30_000;

type Area = 'gallery' | 'total' | 'featured' | 'detail';

/**
 * What every anonymous visitor sees the same: gallery pages, their totals, the featured photos and
 * public photo pages, kept in memory (bounded, keyed by query). Every write that changes what
 * those show (likes, visibility, featured, deletion, upload, edits, ratings, uploader names)
 * calls {@link invalidate} after its commit; view counts do not, and lag by at most the TTL.
 * A load that started before an invalidation is not stored, so a stale read cannot outlive it.
 */
@Injectable()
export class PublicReadCache {
  private generation = 0;
  private readonly areas: Record<Area, LruCache<unknown>> = {
    gallery: new LruCache(1000, PUBLIC_READ_TTL_MS),
    total: new LruCache(1000, PUBLIC_READ_TTL_MS),
    featured: new LruCache(1, PUBLIC_READ_TTL_MS),
    detail: new LruCache(2000, PUBLIC_READ_TTL_MS),
  };
  /** Loads in flight, so a burst of misses for one key makes one query, not one per request. */
  private readonly loading = new Map<string, Promise<unknown>>();
  private readonly guestLikers = new LruCache<boolean>(10_000, GUEST_LIKES_TTL_MS);

  /** The cached value of `key`, or `load()`'s, stored unless the cache was invalidated meanwhile. */
  remember<T>(area: Area, key: string, load: () => Promise<T>): Promise<T> {
    const cache = this.areas[area] as LruCache<T>;
    const hit = cache.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const flightKey = `${this.generation}\u0000${area}\u0000${key}`;
    const inFlight = this.loading.get(flightKey) as Promise<T> | undefined;
    if (inFlight) return inFlight;
    const generation = this.generation;
    const loaded = load()
      .then((value) => {
        if (generation === this.generation) cache.set(key, value);
        return value;
      })
      .finally(() => this.loading.delete(flightKey));
    this.loading.set(flightKey, loaded);
    return loaded;
  }

  /** Forgets every public read: called after each committed write that changes one. */
  invalidate(): void {
    this.generation++;
    for (const cache of Object.values(this.areas)) cache.clear();
  }

  /** Whether this guest IP has liked any photo, remembered for a while (`lookup` on a miss). */
  async guestHasLikes(ip: string, lookup: () => Promise<boolean>): Promise<boolean> {
    const known = this.guestLikers.get(ip);
    if (known !== undefined) return known;
    const found = await lookup();
    // A like made here while the lookup ran has already said true; keep it.
    if (this.guestLikers.get(ip) === undefined) this.guestLikers.set(ip, found);
    return found || this.guestLikers.get(ip) === true;
  }

  /** A guest liked something here: their liked flags are needed from the next request on. */
  guestLiked(ip: string): void {
    this.guestLikers.set(ip, true);
  }
}
