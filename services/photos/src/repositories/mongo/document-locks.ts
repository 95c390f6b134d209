import { randomUUID } from 'node:crypto';
import type { Model } from 'mongoose';
import { isDuplicateKey } from '@wildframe/platform';
import type { LockDocument } from './schemas';

/** A lock older than this was left by a crashed process: it is broken. */
const STALE_AFTER_MS = 30_000;
/** How long a writer waits for a lock before giving up (the request then fails, changing nothing). */
const WAIT_MS = 15_000;

/**
 * Mutual exclusion per key, built on the insert of a unique `_id` (atomic on MongoDB and FerretDB
 * alike). The quota takes it per subject: the day's count and the storage (summed over the photos
 * stored) are checked and the upload counted and inserted one upload at a time, as the advisory
 * lock does on PostgreSQL, with no counter that could drift from the photos. A holder that died is
 * broken after 30 s.
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
