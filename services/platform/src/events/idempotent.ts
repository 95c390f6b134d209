import type { Topic } from '@wildframe/contracts';
import type { EventEnvelope, EventHandler } from './event-bus';

/**
 * Remembers which events each consumer has processed, so at-least-once delivery has an
 * exactly-once effect.
 *
 * `runOnce(consumer, eventId, fn)` must:
 *  - run `fn` and record (consumer, eventId) when it is not recorded yet, and resolve `true`;
 *  - not run `fn` and resolve `false` when it is recorded;
 *  - record nothing when `fn` throws, and rethrow, so a retry runs `fn` again;
 *  - make the record and `fn`'s effects one unit: a database store runs `fn` inside the
 *    transaction that inserts the record and passes that transaction as `fn`'s argument (`Tx`),
 *    so a crash can neither lose the record of a committed effect nor keep the record of a
 *    rolled-back one;
 *  - let at most one of two concurrent calls for the same (consumer, eventId) run `fn` to
 *    success (PostgreSQL: insert the record first in the transaction; the unique key makes the
 *    second caller wait for the first to commit, then skip — or proceed if the first rolled back).
 * Records are per consumer: two consumers of one event each process it once.
 */
export interface ProcessedEventStore<Tx = undefined> {
  runOnce(consumer: string, eventId: string, fn: (tx: Tx) => Promise<void>): Promise<boolean>;
}

/** An idempotent handler: gets the store's transaction (if it has one) next to the event. */
export type IdempotentEventHandler<T extends Topic, Tx> = (event: EventEnvelope<T>, tx: Tx) => Promise<void>;

/**
 * Wraps a handler so an event whose id `consumer` has already processed is skipped. Use the
 * consumer group as `consumer`. A failure propagates unchanged (the bus retries it, then parks it).
 */
export function idempotent<T extends Topic, Tx>(
  store: ProcessedEventStore<Tx>,
  consumer: string,
  handler: IdempotentEventHandler<T, Tx>,
): EventHandler<T> {
  return async (event) => {
    await store.runOnce(consumer, event.id, (tx) => handler(event, tx));
  };
}

export interface InMemoryProcessedEventStoreOptions {
  /** Oldest records are forgotten beyond this many (the process forgets them all on exit anyway). Default 100 000. */
  capacity?: number;
}

/** For tests and the standalone shape: records live in memory, `fn` gets no transaction. */
export class InMemoryProcessedEventStore implements ProcessedEventStore<undefined> {
  private readonly processed = new Set<string>();
  private readonly running = new Map<string, Promise<unknown>>();
  private readonly capacity: number;

  constructor(options: InMemoryProcessedEventStoreOptions = {}) {
    this.capacity = options.capacity ?? 100_000;
    if (!Number.isInteger(this.capacity) || this.capacity < 1) throw new Error(`Invalid capacity ${this.capacity}`);
  }

  async runOnce(consumer: string, eventId: string, fn: (tx: undefined) => Promise<void>): Promise<boolean> {
    const id = JSON.stringify([consumer, eventId]);
    // Concurrent calls for one id run one after the other, so the second sees the first's record.
    for (let current = this.running.get(id); current !== undefined; current = this.running.get(id)) {
      await current.catch(() => undefined);
    }
    if (this.processed.has(id)) return false;
    const run = fn(undefined);
    this.running.set(id, run);
    try {
      await run;
    } finally {
      this.running.delete(id);
    }
    this.processed.add(id);
    if (this.processed.size > this.capacity) {
      const oldest = this.processed.values().next();
      if (oldest.done !== true) this.processed.delete(oldest.value);
    }
    return true;
  }

  /** Whether `consumer` has processed `eventId` (for tests and diagnostics). */
  has(consumer: string, eventId: string): boolean {
    return this.processed.has(JSON.stringify([consumer, eventId]));
  }
}
