import { Logger } from '@nestjs/common';
import { eventCodec } from '@wildframe/contracts';
import type { mongo } from 'mongoose';
import type { EventBus } from '../../events/event-bus';
import { trackOutbox } from '../../metrics/metrics';
import type { EventOutboxLogger, EventOutboxOptions } from '../event-outbox';
import { EventOutbox } from '../ports';
import { PROCESSED_EVENTS_COLLECTION } from './mongo-deliveries';
import type { MongoServiceDatabase } from './mongo-service-database';
import { DELETED_FIELD, OUTBOX_FIELD, OUTBOX_LEASE_FIELD, type StoredEvent } from './outbox-fields';

export interface MongoEventOutboxOptions extends EventOutboxOptions {
  /**
   * How long a relay holds a document whose events it publishes; another replica takes it over
   * only after that (a relay that died mid-way). Default 30 s.
   */
  leaseMs?: number;
}

interface OutboxDocument {
  /** Whatever the service's documents use: a string (UUID) or an ObjectId. */
  _id: string | mongo.ObjectId;
  _outbox?: StoredEvent[];
  _deleted?: boolean;
}

interface Entry {
  collection: string;
  document: OutboxDocument;
  event: StoredEvent;
  /** Publication order: the event's seq, never below an earlier event of the same document. */
  order: number;
  index: number;
}

/** Collections the relay never scans. */
const NOT_SCANNED = new Set([PROCESSED_EVENTS_COLLECTION]);

/** Documents with pending events (FerretDB matches array positions, not `$size`/`$elemMatch` on them). */
const HAS_EVENTS = { [`${OUTBOX_FIELD}.0`]: { $exists: true } };
const EMPTY_OUTBOX = { [`${OUTBOX_FIELD}.0`]: { $exists: false } };

/**
 * The relay of one service's MongoDB outbox (see `outbox-fields.ts` for how events get there).
 *
 * A pass reads, in every collection of the service's database, the documents with pending events
 * (oldest first event first, `batchSize` per collection), and publishes their events in `seq`
 * order — within a document always in array order — with their stored ids. Before publishing a
 * document's events it takes a lease on the document (a conditional update), so two replicas never
 * publish the same event; after each publication it pops the event off the front of `_outbox`,
 * guarded by its id (FerretDB's `$pull` cannot match by a field of an array element). A tombstone
 * whose outbox is empty is deleted. An event the bus refuses stays, and later events of its key
 * and of its document wait with it, so an aggregate's events keep their order.
 *
 * Scheduling is the PostgreSQL relay's: `flush()` after a write, a first sweep shortly after
 * start-up and then periodic sweeps (which also delete tombstones left with an empty outbox).
 */
export class MongoEventOutbox extends EventOutbox {
  private readonly sweepIntervalMs: number;
  private readonly startupDelayMs: number;
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly logger: EventOutboxLogger;
  private current: Promise<number> | undefined;
  private next: Promise<number> | undefined;
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;
  private started = false;
  private untrackBacklog: (() => void) | undefined;

  constructor(
    private readonly database: MongoServiceDatabase,
    private readonly bus: EventBus,
    options: MongoEventOutboxOptions & { logger?: EventOutboxLogger } = {},
  ) {
    super();
    this.sweepIntervalMs = options.sweepIntervalMs ?? 30_000;
    this.startupDelayMs = options.startupDelayMs ?? 1_000;
    this.batchSize = options.batchSize ?? 100;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.logger = options.logger ?? new Logger(`EventOutbox:${database.schema}`);
  }

  /** Publishes what is waiting (everything committed before the call included). Never rejects. */
  flush(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    if (this.current === undefined) {
      this.current = this.drain().finally(() => {
        this.current = undefined;
      });
      return this.current;
    }
    // A running pass may have read the documents before the caller's write: run once more after it.
    this.next ??= this.current.then(() => {
      this.next = undefined;
      return this.flush();
    });
    return this.next;
  }

  async idle(): Promise<void> {
    while (this.current !== undefined || this.next !== undefined) await (this.next ?? this.current);
  }

  start(): void {
    if (this.stopped || this.timers.length > 0) return;
    this.started = true;
    const first = setTimeout(() => void this.sweep(), this.startupDelayMs);
    const every = setInterval(() => void this.sweep(), this.sweepIntervalMs);
    first.unref();
    every.unref();
    this.timers = [first, every];
    // Kafka back after an outage: what the requests stored meanwhile goes out now, not at the next sweep.
    this.bus.onAvailable?.(() => void this.flush());
    this.untrackBacklog ??= trackOutbox(this.database.schema, () => this.pending());
  }

  async stop(): Promise<void> {
    this.untrackBacklog?.();
    this.untrackBacklog = undefined;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    if (this.started && !this.stopped) await this.flush();
    this.stopped = true;
    await this.idle();
  }

  /** One sweep: publishes what waits, then deletes tombstones whose outbox is empty. */
  async sweep(): Promise<number> {
    const published = await this.flush();
    if (this.stopped) return published;
    try {
      for (const name of await this.scannedCollections()) {
        const collection = await this.database.collection(name);
        await collection.deleteMany({ [DELETED_FIELD]: true, ...EMPTY_OUTBOX, ...this.leaseFree(Date.now()) });
      }
    } catch (error) {
      this.logger.warn({ err: error, schema: this.database.schema }, 'outbox tombstone clean-up failed');
    }
    return published;
  }

  /** Events not published yet, over every collection (the outbox_backlog metric). */
  async pending(): Promise<number> {
    let total = 0;
    for (const name of await this.scannedCollections()) {
      const collection = await this.database.collection(name);
      const [counted] = await collection.aggregate<{ n: number }>([{ $match: HAS_EVENTS }, { $unwind: `$${OUTBOX_FIELD}` }, { $count: 'n' }]).toArray();
      total += counted?.n ?? 0;
    }
    return total;
  }

  private async scannedCollections(): Promise<string[]> {
    return (await this.database.collectionNames()).filter((name) => !NOT_SCANNED.has(name));
  }

  private leaseFree(now: number): Record<string, unknown> {
    return { $or: [{ [OUTBOX_LEASE_FIELD]: { $exists: false } }, { [OUTBOX_LEASE_FIELD]: { $lt: new Date(now) } }] };
  }

  private async drain(): Promise<number> {
    let total = 0;
    try {
      for (;;) {
        const { full, published, failed } = await this.relayPass();
        total += published;
        if (failed || !full || published === 0) return total;
      }
    } catch (error) {
      this.logger.warn({ err: error, schema: this.database.schema }, 'outbox relay failed; the sweep will retry');
      return total;
    }
  }

  /** Reads a batch of documents with events from each collection, publishes in order, pops what went out. */
  private async relayPass(): Promise<{ full: boolean; published: number; failed: boolean }> {
    const entries: Entry[] = [];
    let full = false;
    for (const name of await this.scannedCollections()) {
      const collection = await this.database.collection<OutboxDocument>(name);
      const documents = (await collection
        .find({ ...HAS_EVENTS, ...this.leaseFree(Date.now()) }, { projection: { [OUTBOX_FIELD]: 1, [DELETED_FIELD]: 1 } })
        .sort({ [`${OUTBOX_FIELD}.0.seq`]: 1 })
        .limit(this.batchSize)
        .toArray()) as unknown as OutboxDocument[];
      if (documents.length >= this.batchSize) full = true;
      for (const document of documents) {
        let order = Number.NEGATIVE_INFINITY;
        (document._outbox ?? []).forEach((event, index) => {
          order = Math.max(order, event.seq);
          entries.push({ collection: name, document, event, order, index });
        });
      }
    }
    entries.sort((a, b) => a.order - b.order || a.index - b.index);

    const blockedKeys = new Set<string>();
    const blockedDocuments = new Set<Entry['document']>();
    const held = new Map<OutboxDocument, string>();
    let published = 0;
    try {
      for (const entry of entries) {
        const { event, document } = entry;
        if (blockedDocuments.has(document) || blockedKeys.has(event.key)) {
          blockedDocuments.add(document);
          blockedKeys.add(event.key);
          continue;
        }
        const collection = await this.database.collection<OutboxDocument>(entry.collection);
        if (!held.has(document)) {
          const now = Date.now();
          const lease = await collection.updateOne(
            { _id: document._id, [`${OUTBOX_FIELD}.0.id`]: event.id, ...this.leaseFree(now) },
            { $set: { [OUTBOX_LEASE_FIELD]: new Date(now + this.leaseMs) } },
          );
          if (lease.matchedCount !== 1) {
            // Another replica holds it, or published its first event meanwhile: not ours this pass.
            blockedDocuments.add(document);
            blockedKeys.add(event.key);
            continue;
          }
          held.set(document, entry.collection);
        }
        try {
          await this.bus.publish(event.topic, eventCodec().withAddedFields(event.topic, event.payload), {
            id: event.id,
            key: event.key,
            headers: event.headers ?? {},
            ...(event.subject === undefined || event.subject === null ? {} : { subject: event.subject }),
          });
        } catch (error) {
          blockedDocuments.add(document);
          blockedKeys.add(event.key);
          this.logger.warn({ err: error, schema: this.database.schema, topic: event.topic, eventId: event.id }, 'event not published yet; the sweep will retry');
          continue;
        }
        const popped = await collection.updateOne({ _id: document._id, [`${OUTBOX_FIELD}.0.id`]: event.id }, { $pop: { [OUTBOX_FIELD]: -1 } });
        if (popped.matchedCount !== 1) {
          // Not at the front any more: someone else removed it. Leave the rest of the document for the next pass.
          blockedDocuments.add(document);
          this.logger.warn({ schema: this.database.schema, eventId: event.id }, 'published event was no longer first in its outbox');
        }
        published++;
      }
    } finally {
      for (const [document, name] of held) {
        const collection = await this.database.collection<OutboxDocument>(name);
        await collection.updateOne({ _id: document._id }, { $unset: { [OUTBOX_LEASE_FIELD]: '' } });
        if (document._deleted === true) await collection.deleteOne({ _id: document._id, [DELETED_FIELD]: true, ...EMPTY_OUTBOX });
      }
    }
    return { full, published, failed: blockedKeys.size > 0 };
  }
}
