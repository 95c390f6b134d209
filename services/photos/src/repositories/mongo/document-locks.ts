import { randomUUID } from 'node:crypto';
import type { Model } from 'mongoose';
import { isDuplicateKey } from './mongo-support';
import type { LockDocument } from './schemas';

/** A lock older than this was left by a crashed process: it is broken. */
const STALE_AFTER_MS = 30_000;
/** How long a writer waits for a lock before giving up (the request then fails, changing nothing). */
const WAIT_MS = 15_000;

/**
 * Mutual exclusion per key by the one write FerretDB makes atomic: the insert of a unique `_id`.
 *
 * Why: FerretDB 1.24 applies an update by reading the document, changing it in Go and writing it
 * back, without isolation, so concurrent updates of one document lose each other's changes (20
 * parallel `$inc`s of one field leave it at 3) and a filter is no guard against a concurrent
 * writer. MongoDB itself applies each single-document update atomically; there the lock is only
 * a short wait. Writers of one photo (likes, views, flags, deletion) and of one quota subject take
 * its lock, so their read-then-write is applied one at a time.
 */
export class DocumentLocks {
  constructor(private readonly locks: Model<LockDocument>) {}

  async withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const token = await this.acquire(key);
    try {
      return await fn();
    } finally {
      await this.locks.deleteOne({ _id: key, token });
    }
  }

  private async acquire(key: string): Promise<string> {
    const token = randomUUID();
    const deadline = Date.now() + WAIT_MS;
    for (let round = 0; ; round++) {
      try {
        await this.locks.create({ _id: key, token, takenAt: new Date() });
        return token;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      const held = await this.locks.findById(key).lean();
      if (held && Date.now() - held.takenAt.getTime() > STALE_AFTER_MS) {
        await this.locks.deleteOne({ _id: key, token: held.token });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`lock '${key}' not obtained within ${WAIT_MS} ms`);
      // Short, growing, jittered waits: a holder usually needs a few milliseconds.
      await new Promise((resolve) => setTimeout(resolve, Math.min(2 + round * 2, 25) * (0.5 + Math.random())));
    }
  }
}
