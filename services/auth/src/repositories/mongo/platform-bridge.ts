// TEMPORARY until the platform's mongo helpers land on main (then these come from @wildframe/platform).
import { Schema } from 'mongoose';
import type { PendingEvent } from '@wildframe/platform';

export interface StoredEventDoc {
  id: string;
  topic: string;
  key: string;
  subject?: string;
  headers: Record<string, string>;
  payload: unknown;
}

export function storedEventsField() {
  return { type: [Schema.Types.Mixed], default: [] };
}

export function toStoredEvents(events: readonly PendingEvent[]): StoredEventDoc[] {
  return events.map((e) => ({ id: e.id, topic: e.topic, key: e.key, ...(e.subject === undefined ? {} : { subject: e.subject }), headers: e.headers ?? {}, payload: e.payload }));
}

export function isDuplicateKey(error: unknown): boolean {
  const e = error as { code?: number; message?: string; cause?: { code?: number } } | undefined;
  // FerretDB on SQLite reports a unique violation by an update as InternalError (code 1).
  return e?.code === 11000 || e?.cause?.code === 11000 || /E11000|UNIQUE constraint failed/.test(e?.message ?? '');
}
