import type { EventPayloads, Topic } from '@wildframe/contracts';
import type { HealthCheck } from '../health/health';

/**
 * One delivered event. CloudEvents 1.0 attributes travel as Kafka headers (ce_id, ce_type,
 * ce_source, ce_time, ce_subject); the payload is the protobuf message named in the catalogue.
 */
export interface EventEnvelope<T extends Topic = Topic> {
  /** CloudEvents id: unique per event, the idempotency key for consumers. */
  id: string;
  /** CloudEvents type: the topic name, e.g. `photos.photo.uploaded.v1`. */
  type: T;
  /** CloudEvents source: the publishing service, e.g. `/services/photos`. */
  source: string;
  /** ISO-8601 time of publication. */
  time: string;
  /** CloudEvents subject, usually the aggregate id. */
  subject?: string;
  /** Partition key: the aggregate id. Events with one key are delivered in order. */
  key: string;
  /** Extra headers (request id for tracing, …). */
  headers: Record<string, string>;
  payload: EventPayloads[T];
}

export interface PublishOptions {
  /** Aggregate id: ordering is guaranteed per key. */
  key: string;
  subject?: string;
  headers?: Record<string, string>;
  /** Set to re-publish an event with a known id (e.g. from an outbox); otherwise a UUID. */
  id?: string;
}

export type EventHandler<T extends Topic> = (event: EventEnvelope<T>) => Promise<void>;

export interface SubscribeOptions {
  /** Attempts before the event is parked on `<topic>.dlq.<group>`. Default 5. */
  maxAttempts?: number;
  /** First retry delay in ms, doubled per attempt. Default 200. */
  retryDelayMs?: number;
}

/**
 * Event bus port with Kafka semantics: every consumer group receives every event at least once;
 * within a group one handler processes it; events with the same key reach a group in order.
 * Handlers must be idempotent (see `idempotent`). A handler that keeps failing has its event
 * parked on the dead-letter topic `<topic>.dlq.<group>` after bounded retries.
 */
export interface EventBus {
  publish<T extends Topic>(topic: T, payload: EventPayloads[T], options: PublishOptions): Promise<string>;
  /** Register before `start()`. */
  subscribe<T extends Topic>(topic: T, group: string, handler: EventHandler<T>, options?: SubscribeOptions): void;
  start(): Promise<void>;
  /** Stops consuming; in-flight handlers finish first. */
  stop(): Promise<void>;
  /**
   * A bus that depends on a server (Kafka) names the readiness check that holds while it has
   * never reached it; the platform registers it. A bus in the process has none.
   */
  readinessCheck?(): HealthCheck;
  /**
   * A bus that can lose its server calls `listener` each time it can publish again after it
   * could not (Kafka back after an outage): the outbox then publishes what waited meanwhile.
   */
  onAvailable?(listener: () => void): void;
}

/**
 * `publish` refused because the bus cannot reach its brokers right now (or did not get their
 * acknowledgement in time). Nothing was lost: the outbox keeps its events and publishes them
 * again when the brokers answer.
 */
export class EventBusUnavailableError extends Error {
  override readonly name = 'EventBusUnavailableError';
}

export const EVENT_BUS = Symbol('EVENT_BUS');

/** `<topic>.dlq.<group>`: the name is part of the topics' public interface (proto/ts/wire.ts). */
export { deadLetterTopic } from '@wildframe/contracts';
