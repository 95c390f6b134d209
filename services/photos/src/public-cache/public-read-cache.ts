import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import type { SharedRead } from '../use-cases/photo-queries';
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

/** A URL answered from a shared read, with the headers the stack had set before the body. */
export interface AnsweredUrl {
  read: SharedRead;
  headers: OutgoingHttpHeaders;
}

type Area = 'gallery' | 'total' | 'featured' | 'detail' | 'personal';

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
    // A viewer's copy of a shared read with their liked flags (most share the shared bytes).
    personal: new LruCache(2000, PUBLIC_READ_TTL_MS),
  };
  /** Bumped per viewer by their likes, so their personal copies are not reused after one. */
  private readonly likeVersions = new LruCache<number>(10_000, 60_000);
  private likeCounter = 0;
  /** Loads in flight, so a burst of misses for one key makes one query, not one per request. */
  private readonly loading = new Map<string, Promise<unknown>>();
  private readonly guestLikers = new LruCache<boolean>(10_000, GUEST_LIKES_TTL_MS);
  /** Guest lookups in flight, by IP: when an entry expires under load, one query answers them all. */
  private readonly guestLookups = new Map<string, Promise<boolean>>();
  /** Request URLs already answered with a shared read: the fast path serves them again. */
  private readonly byUrl = new LruCache<AnsweredUrl>(2000, PUBLIC_READ_TTL_MS);
  /** The generation each cached value was loaded in, so one loaded before an invalidation is not reused by URL. */
  private readonly loadedIn = new WeakMap<object, number>();

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
        if (typeof value === 'object' && value !== null) this.loadedIn.set(value, generation);
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
    this.byUrl.clear();
  }

  /**
   * Remembers that `url` answers with `read` (and the headers the stack set before it), unless
   * the read predates the last invalidation.
   */
  rememberUrl(url: string, read: SharedRead, headers: OutgoingHttpHeaders): void {
    if (this.loadedIn.get(read.page) === this.generation) this.byUrl.set(url, { read, headers });
  }

  /** The shared read a URL answered with, while still true. */
  atUrl(url: string): AnsweredUrl | undefined {
    return this.byUrl.get(url);
  }

  /** Whether a guest IP is known to have liked nothing (undefined: not known now). */
  guestKnownWithoutLikes(ip: string): boolean | undefined {
    const known = this.guestLikers.get(ip);
    return known === undefined ? undefined : !known;
  }

  /** Whether this guest IP has liked any photo, remembered for a while (`lookup` on a miss). */
  async guestHasLikes(ip: string, lookup: () => Promise<boolean>): Promise<boolean> {
    const known = this.guestLikers.get(ip);
    if (known !== undefined) return known;
    let inFlight = this.guestLookups.get(ip);
    if (!inFlight) {
      inFlight = lookup()
        .then((found) => {
          // A like made here while the lookup ran has already said true; keep it.
          if (this.guestLikers.get(ip) === undefined) this.guestLikers.set(ip, found);
          return found;
        })
        .finally(() => this.guestLookups.delete(ip));
      this.guestLookups.set(ip, inFlight);
    }
    const found = await inFlight;
    return found || this.guestLikers.get(ip) === true;
  }

  /** The key of a viewer's (`u:<id>` or `g:<ip>`) copy of a shared read, changed by their likes. */
  personalKey(viewer: string, sharedEtag: string): string {
    return `${viewer}\u0000${this.likeVersions.get(viewer) ?? 0}\u0000${sharedEtag}`;
  }

  /** A viewer liked or unliked something here: their copies are made again from the next request on. */
  viewerLiked(viewer: string, guestIp: string | null): void {
    this.likeVersions.set(viewer, ++this.likeCounter);
    if (guestIp !== null) this.guestLikers.set(guestIp, true);
  }
}
