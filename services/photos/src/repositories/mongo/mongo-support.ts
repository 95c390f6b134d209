import type { Delivery, PendingEvent } from '@wildframe/platform';
import type { Model } from 'mongoose';
import type { OutboxEntry, ProcessedEventDocument } from './schemas';

/** The `_outbox` entries of events, pushed by the write that makes the change they announce. */
export function outboxEntries(events: readonly PendingEvent[]): OutboxEntry[] {
  const createdAt = new Date();
  return events.map((event) => ({
    id: event.id,
    topic: event.topic,
    key: event.key,
    ...(event.subject === undefined ? {} : { subject: event.subject }),
    headers: event.headers ?? {},
    payload: event.payload,
    createdAt,
  }));
}

/** A unique index refused the write (FerretDB gives no `keyValue`: only the code says it). */
export function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}

/**
 * Applies an idempotent effect for a delivery once: skipped when the delivery is recorded, else
 * applied, then recorded (unique index on consumer + event id). A crash between the two re-applies
 * the same effect at redelivery, which changes nothing more; of two concurrent deliveries only the
 * one whose record is inserted answers true.
 */
export async function applyOnce(processed: Model<ProcessedEventDocument>, delivery: Delivery, effect: () => Promise<void>): Promise<boolean> {
  if (await processed.exists({ consumer: delivery.consumer, eventId: delivery.eventId })) return false;
  await effect();
  try {
    await processed.create({ consumer: delivery.consumer, eventId: delivery.eventId, processedAt: new Date() });
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

/** Two first upserts of one `_id` race to insert it; the loser's write is applied as an update on retry. */
export async function upsertRetried(write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    await write();
  }
}
