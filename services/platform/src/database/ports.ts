import { eventCodec, type EventPayloads, type Topic } from '@wildframe/contracts';
import { randomUUID } from 'node:crypto';
import type { PublishOptions } from '../events/event-bus';
import { buildRecord } from '../events/event-record';
import { traceHeaders } from '../tracing/trace-context';

/**
 * The options with the active trace context added to the headers: a stored event is published
 * later, by the relay, yet continues the trace of the request (or event) that caused it.
 */
export function withTraceContext(options: PublishOptions): PublishOptions {
  const trace = traceHeaders();
  return Object.keys(trace).length === 0 ? options : { ...options, headers: { ...trace, ...options.headers } };
}

/**
 * What the use cases of every service see of persistence, whatever the backend.
 *
 * A use case never holds a transaction. A change and the events announcing it are handed to ONE
 * repository method together (`announce`), and the adapter makes them one unit:
 *  - PostgreSQL (`repositories/postgres/`): one transaction writes the rows and the outbox rows
 *    (`storeEvents`), so both commit or neither does;
 *  - MongoDB (`repositories/mongo/`): no multi-document transactions (FerretDB has none, MongoDB
 *    only on replica sets), so the events travel in the document whose change they announce
 *    (`_outbox`, pushed by the same single-document write) and the relay publishes then pulls them.
 * After the method returns, the use case calls `EventOutbox.flush()`.
 */

/** An event to commit with the change that announces it. Its id is fixed up front (consumers dedupe by it). */
export interface PendingEvent<T extends Topic = Topic> {
  readonly id: string;
  readonly topic: T;
  readonly payload: EventPayloads[T];
  /** Aggregate id: ordering is guaranteed per key. */
  readonly key: string;
  readonly subject?: string;
  readonly headers?: Record<string, string>;
}

/**
 * Builds a pending event, checking its payload as `EventBus.publish` would, so an invalid event
 * fails the use case before anything is written instead of sitting in an outbox.
 */
export function pendingEvent<T extends Topic>(topic: T, payload: EventPayloads[T], given: PublishOptions): PendingEvent<T> {
  const options = withTraceContext(given);
  const id = options.id ?? randomUUID();
  buildRecord(eventCodec(), topic, payload, { ...options, id });
  return {
    id,
    topic,
    payload,
    key: options.key,
    ...(options.subject === undefined ? {} : { subject: options.subject }),
    ...(options.headers === undefined ? {} : { headers: options.headers }),
  };
}

/**
 * Which delivery of an event a consumer's write answers. A repository method given one records it
 * atomically with its effect, and does nothing (returns as a duplicate) when it is recorded already,
 * so at-least-once delivery has an exactly-once effect on either backend.
 */
export interface Delivery {
  /** The consumer group. */
  readonly consumer: string;
  readonly eventId: string;
}

/**
 * The relay of one service's outbox: publishes what the adapters committed with their changes, in
 * order per key, with the stored event ids. Use cases call `flush()` after a change; the database
 * module starts and stops it. Implemented by `PostgresEventOutbox` and `MongoEventOutbox`.
 */
export abstract class EventOutbox {
  /** Publishes what is waiting; resolves with how many went out. Never rejects. */
  abstract flush(): Promise<number>;
  /** Resolves once no flush is running or queued. */
  abstract idle(): Promise<void>;
  /** Starts the periodic sweep (events a crash or a bus outage left behind). */
  abstract start(): void;
  /** Stops the sweep after publishing what the last requests committed. */
  abstract stop(): Promise<void>;
  /** Events not published yet (the outbox_backlog metric). */
  abstract pending(): Promise<number>;

}

export type DatabaseDriver = 'postgres' | 'mongo';

/** The backend a `DATABASE_URL` names, by its scheme. */
export function databaseDriver(url: string): DatabaseDriver {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'postgres' || scheme === 'postgresql') return 'postgres';
  if (scheme === 'mongodb' || scheme === 'mongodb+srv') return 'mongo';
  throw new Error(`DATABASE_URL must start with postgres://, postgresql://, mongodb:// or mongodb+srv:// (got '${scheme ?? url.slice(0, 12)}')`);
}
