import type { Topic } from '@wildframe/contracts';
import { Schema } from 'mongoose';
import type { PendingEvent } from '../ports';

/**
 * The transactional outbox on MongoDB, without multi-document transactions: the events announcing
 * a change travel INSIDE the document that changes, written by the same single-document operation.
 *
 *   insert:  Model.create(withEvents({ ...doc }, events))
 *   update:  Model.updateOne({ _id, ...liveOnly, <condition> }, combineUpdates({ $set: ... }, pushEvents(events)))
 *   delete:  Model.updateOne({ _id, ...liveOnly }, tombstone(events, { email: freedValue(id) }))
 *
 * `MongoEventOutbox` (the relay) finds documents whose `_outbox` is not empty, publishes their
 * events in order with the stored ids, pops them one by one, and removes tombstones once their
 * outbox is empty. Schemas get the fields with `withOutbox(schema)` (mongoose would otherwise
 * drop `_outbox` from writes), and reads skip tombstones with `liveOnly`.
 */

/** Field of the pending events in a document. */
export const OUTBOX_FIELD = '_outbox';
/** Marks a deleted document whose deletion events are not published yet (then the relay removes it). */
export const DELETED_FIELD = '_deleted';
/** The relay replica that works on a document's outbox holds it until then (replicas never publish twice). */
export const OUTBOX_LEASE_FIELD = '_outboxLease';

/** An event as stored in a document's `_outbox`. */
export interface StoredEvent {
  id: string;
  topic: Topic;
  key: string;
  subject?: string;
  headers: Record<string, string>;
  payload: unknown;
  /**
   * Order of publication: increases with every event this process stores (microseconds since the
   * epoch, bumped to stay strictly increasing). Across processes it is as good as their clocks, as
   * the PostgreSQL outbox's `created_at` is.
   */
  seq: number;
  at: Date;
}

let lastSeq = 0;
function nextSeq(): number {
  lastSeq = Math.max(lastSeq + 1, Date.now() * 1000);
  return lastSeq;
}

/** The stored form of pending events, in the order given. */
export function storedEvents(events: readonly PendingEvent[]): StoredEvent[] {
  const at = new Date();
  return events.map((event) => ({
    id: event.id,
    topic: event.topic,
    key: event.key,
    ...(event.subject === undefined ? {} : { subject: event.subject }),
    headers: { ...(event.headers ?? {}) },
    payload: event.payload,
    seq: nextSeq(),
    at,
  }));
}

/** A new document carrying the events that announce its creation (insert it with one write). */
export function withEvents<T extends object>(document: T, events: readonly PendingEvent[]): T & { _outbox: StoredEvent[] } {
  return { ...document, _outbox: storedEvents(events) };
}

/** The `$push` that appends events to a document in the same update as its change. */
export function pushEvents(events: readonly PendingEvent[]): { $push?: { _outbox: { $each: StoredEvent[] } } } {
  return events.length === 0 ? {} : { $push: { _outbox: { $each: storedEvents(events) } } };
}

/** Filter part: documents that are not tombstones (every read and every update of live data uses it). */
export const liveOnly = { [DELETED_FIELD]: { $ne: true } } as const;

/**
 * The update that deletes a document and announces it: marks it deleted, pushes the events, and
 * rewrites values a unique index must give back (`freed`, e.g. `{ email: freedValue(id) }`). The
 * relay removes the document once its events are out. Use with `liveOnly` in the filter, so a
 * second delete matches nothing.
 */
export function tombstone(events: readonly PendingEvent[], freed: Record<string, unknown> = {}): Record<string, unknown> {
  return combineUpdates({ $set: { ...freed, [DELETED_FIELD]: true } }, pushEvents(events));
}

/**
 * A value that frees a unique index slot while the tombstone lives: unique per document, and never
 * a valid input (inputs are trimmed, so none starts with a space).
 */
export function freedValue(documentId: string): string {
  return ` deleted:${documentId}`;
}

type UpdateDocument = Record<string, unknown>;

/** Merges update documents operator by operator (`$set` with `$set`, `$push` with `$push`, ...). */
export function combineUpdates(...updates: UpdateDocument[]): UpdateDocument {
  const combined: Record<string, Record<string, unknown>> = {};
  for (const update of updates) {
    for (const [operator, fields] of Object.entries(update)) {
      if (fields === undefined) continue;
      if (!operator.startsWith('$') || typeof fields !== 'object' || fields === null) {
        throw new Error(`combineUpdates takes update operators only (got '${operator}')`);
      }
      const target = (combined[operator] ??= {});
      for (const [field, value] of Object.entries(fields)) {
        if (field in target) throw new Error(`combineUpdates: '${operator}.${field}' is given twice`);
        target[field] = value;
      }
    }
  }
  return combined;
}

const storedEventSchema = new Schema<StoredEvent>(
  {
    id: { type: String, required: true },
    topic: { type: String, required: true },
    key: { type: String, required: true },
    subject: { type: String },
    headers: { type: Schema.Types.Mixed, default: {} },
    payload: { type: Schema.Types.Mixed, required: true },
    seq: { type: Number, required: true },
    at: { type: Date, required: true },
  },
  { _id: false, minimize: false },
);

/**
 * Adds the outbox fields to a service's mongoose schema (call it on every schema whose documents
 * announce their changes) and the index the relay's scan uses.
 */
export function withOutbox<S extends Schema>(schema: S): S {
  schema.add({
    [OUTBOX_FIELD]: { type: [storedEventSchema], default: undefined },
    [DELETED_FIELD]: { type: Boolean },
    [OUTBOX_LEASE_FIELD]: { type: Date },
  });
  schema.index({ [`${OUTBOX_FIELD}.seq`]: 1 }, { name: 'outbox_seq', sparse: true });
  return schema;
}

/** Whether an error is a unique-index violation (code 11000; FerretDB gives no `keyValue`, so do not rely on it). */
export function isDuplicateKey(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as { code?: unknown; writeErrors?: unknown; cause?: unknown };
  if (candidate.code === 11000 || candidate.code === 11001) return true;
  // FerretDB 1.24 on SQLite reports a violation caused by an update (not an insert) as
  // InternalError (code 1) carrying SQLite's message: the message decides then.
  if (candidate.code === 1 && /E11000|UNIQUE constraint failed/.test(String((error as { message?: unknown }).message ?? ''))) return true;
  if (Array.isArray(candidate.writeErrors)) return candidate.writeErrors.some((entry: unknown) => isDuplicateKey(entry) || isDuplicateKey((entry as { err?: unknown })?.err));
  return candidate.cause !== undefined && candidate.cause !== error && isDuplicateKey(candidate.cause);
}
