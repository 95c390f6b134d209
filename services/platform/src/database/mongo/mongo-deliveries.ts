import type { mongo, Schema } from 'mongoose';
import type { ProcessedEventStore } from '../../events/idempotent';
import type { Delivery } from '../ports';
import type { MongoServiceDatabase } from './mongo-service-database';
import { isDuplicateKey } from './outbox-fields';

/** Where consumers record the deliveries they processed (one per service database). */
export const PROCESSED_EVENTS_COLLECTION = 'processed_events';

/** Created by `MongoServiceDatabase.ensureIndexes()`: one record per (consumer, event). */
export const processedEventsIndexes: ReadonlyArray<{ keys: Record<string, mongo.IndexDirection>; options: mongo.CreateIndexesOptions }> = [
  { keys: { consumer: 1, eventId: 1 }, options: { unique: true, name: 'processed_events_consumer_event' } },
];

interface ProcessedEventDocument {
  consumer: string;
  eventId: string;
  state: 'running' | 'done';
  leaseUntil?: Date;
  processedAt?: Date;
}

export interface MongoDeliveriesOptions {
  /** How long a claimed delivery is held by the consumer running it before another may take it over. Default 60 s. */
  leaseMs?: number;
  /** How often a concurrent duplicate looks whether the first delivery finished. Default 50 ms. */
  pollMs?: number;
}

/**
 * Idempotent consumers on MongoDB: `processed_events` with a unique index on (consumer, eventId).
 * Without a transaction the record and the effect cannot commit together, so the record is a
 * claim: inserted ('running', with a lease) before the effect, marked 'done' after it, deleted when
 * the effect fails (so a retry runs it again). A concurrent duplicate waits for the claim and then
 * skips. A process that dies between its effect and 'done' leaves a claim that expires, and the
 * redelivery runs the effect again: make such effects idempotent by themselves, with the guard in
 * the target document (`notApplied` / `markApplied`, effect and guard in one write) or by writing
 * keyed by the event (upsert by id), so "effect and record" agree after any crash.
 */
export class MongoDeliveries implements ProcessedEventStore<undefined> {
  private readonly leaseMs: number;
  private readonly pollMs: number;

  constructor(
    private readonly database: MongoServiceDatabase,
    options: MongoDeliveriesOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollMs = options.pollMs ?? 50;
  }

  /** Runs `effect` for a delivery not processed yet and records it; resolves false (and runs nothing) for a duplicate. */
  async once(delivery: Delivery, effect: () => Promise<void>): Promise<boolean> {
    const records = await this.database.collection(PROCESSED_EVENTS_COLLECTION);
    const filter = { consumer: delivery.consumer, eventId: delivery.eventId };
    const deadline = Date.now() + this.leaseMs * 2 + 5_000;
    let claimed = false;
    while (!claimed) {
      try {
        await records.insertOne({ ...filter, state: 'running', leaseUntil: new Date(Date.now() + this.leaseMs) } satisfies ProcessedEventDocument);
        claimed = true;
        break;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      const existing = (await records.findOne(filter)) as ProcessedEventDocument | null;
      if (existing === null) continue; // the run holding it failed and let go: claim it now
      if (existing.state === 'done') return false;
      if (existing.leaseUntil !== undefined && existing.leaseUntil.getTime() < Date.now()) {
        // Its consumer died while running it: take the claim over (conditionally: one taker wins).
        const taken = await records.updateOne(
          { ...filter, state: 'running', leaseUntil: existing.leaseUntil },
          { $set: { leaseUntil: new Date(Date.now() + this.leaseMs) } },
        );
        claimed = taken.matchedCount === 1;
        continue;
      }
      if (Date.now() > deadline) throw new Error(`delivery ${delivery.eventId} for ${delivery.consumer} is still being processed elsewhere`);
      await new Promise((resolve) => setTimeout(resolve, this.pollMs));
    }
    try {
      await effect();
    } catch (error) {
      await records.deleteOne({ ...filter, state: 'running' });
      throw error;
    }
    await records.updateOne(filter, { $set: { state: 'done', processedAt: new Date() }, $unset: { leaseUntil: '' } });
    return true;
  }

  runOnce(consumer: string, eventId: string, fn: (tx: undefined) => Promise<void>): Promise<boolean> {
    return this.once({ consumer, eventId }, () => fn(undefined));
  }

  /** Whether the delivery was processed to the end (for tests and diagnostics). */
  async processed(delivery: Delivery): Promise<boolean> {
    const records = await this.database.collection(PROCESSED_EVENTS_COLLECTION);
    const record = (await records.findOne({ consumer: delivery.consumer, eventId: delivery.eventId })) as ProcessedEventDocument | null;
    return record?.state === 'done';
  }
}

/** Field of the guard inside a target document: the deliveries whose effect it carries. */
export const APPLIED_FIELD = '_applied';

/** How many deliveries a document remembers (redeliveries come soon after the first, not weeks later). */
const APPLIED_KEPT = 200;

function deliveryTag(delivery: Delivery): string {
  return `${delivery.consumer}:${delivery.eventId}`;
}

/** Filter part: the document has not taken this delivery's effect yet. */
export function notApplied(delivery: Delivery): Record<string, unknown> {
  return { [APPLIED_FIELD]: { $ne: deliveryTag(delivery) } };
}

/** Update part: records the delivery in the same single-document write as its effect. */
export function markApplied(delivery: Delivery): Record<string, unknown> {
  return { $push: { [APPLIED_FIELD]: { $each: [deliveryTag(delivery)], $slice: -APPLIED_KEPT } } };
}

/** Adds the guard field to a schema whose documents take consumers' effects. */
export function withAppliedDeliveries<S extends Schema>(schema: S): S {
  schema.add({ [APPLIED_FIELD]: { type: [String], default: undefined } });
  return schema;
}
