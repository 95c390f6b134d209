import type { PendingEvent } from '@wildframe/platform';

/** Duplicate key (a unique index refused the write). FerretDB gives the code without `keyValue`. */
export function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}

/** An event as it waits in a document's `_outbox`. */
export function storedEvent(event: PendingEvent, at: Date = new Date()) {
  return { id: event.id, topic: event.topic, key: event.key, subject: event.subject ?? null, headers: event.headers ?? {}, payload: event.payload, createdAt: at };
}

/** A short random pause between retries of a conditional write, so competing writers spread out. */
export function backoff(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 + attempt * 5)));
}
