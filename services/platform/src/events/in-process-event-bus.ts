import type { Span } from '@opentelemetry/api';
import { eventCodec, type EventCodec, type EventPayloads, type Topic } from '@wildframe/contracts';
import { deadLetterTopic, type EventBus, type EventHandler, type PublishOptions, type SubscribeOptions } from './event-bus';
import { defaultEventBusLogger, errorMessage, type EventBusLogger } from './event-bus-logger';
import { deliver, subscription, type Subscription } from './delivery';
import { eventsConsumed, eventsDeadLettered, eventsPublished } from '../metrics/metrics';
import { markEventFailed, withConsumeSpan, withPublishSpan } from '../tracing/event-spans';
import { buildRecord, deadLetterRecord, readDeadLetter, type DeadLetter, type EventRecord } from './event-record';

export interface InProcessEventBusOptions {
  logger?: EventBusLogger;
  codec?: EventCodec;
}

/** Events of one (topic, group, key), handled one after the other. */
interface KeyQueue {
  sub: Subscription;
  records: EventRecord[];
}

type State = 'created' | 'started' | 'stopping' | 'stopped';

/**
 * The event bus of the standalone shape, with Kafka's semantics so handlers behave the same on
 * both: every consumer group gets every event; within a group, events of one topic and key are
 * handled in publish order (Kafka orders per partition of one topic, so neither adapter promises
 * an order across topics), other keys run concurrently; payloads travel as protobuf bytes and are
 * decoded per delivery; failures are retried with back-off, then parked on `<topic>.dlq.<group>`.
 *
 * Nothing is durable: `stop()` drains every accepted event (retries included) instead of leaving
 * them for a next start that would never see them.
 */
export class InProcessEventBus implements EventBus {
  private readonly logger: EventBusLogger;
  private readonly codec: EventCodec;
  private readonly subscriptions = new Map<Topic, Map<string, Subscription>>();
  private readonly queues = new Map<string, KeyQueue>();
  private readonly parked: DeadLetter[] = [];
  private pending = 0;
  private idleWaiters: Array<() => void> = [];
  private state: State = 'created';

  constructor(options: InProcessEventBusOptions = {}) {
    this.logger = options.logger ?? defaultEventBusLogger();
    this.codec = options.codec ?? eventCodec();
  }

  async publish<T extends Topic>(topic: T, payload: EventPayloads[T], options: PublishOptions): Promise<string> {
    if (this.state !== 'started' && this.state !== 'stopping') {
      throw new Error(`Cannot publish to '${topic}': the event bus is ${this.state === 'created' ? 'not started' : 'stopped'}`);
    }
    return withPublishSpan(topic, options.headers, async (headers) => {
      const { id, record } = buildRecord(this.codec, topic, payload, { ...options, headers });
      for (const sub of this.subscriptions.get(topic)?.values() ?? []) this.enqueue(sub, record);
      eventsPublished.inc({ topic });
      return id;
    });
  }

  subscribe<T extends Topic>(topic: T, group: string, handler: EventHandler<T>, options?: SubscribeOptions): void {
    if (this.state !== 'created') {
      throw new Error(`Cannot subscribe group '${group}' to '${topic}': subscribe before start()`);
    }
    this.codec.typeOf(topic); // refuses a topic outside the catalogue
    const groups = this.subscriptions.get(topic) ?? new Map<string, Subscription>();
    if (groups.has(group)) {
      throw new Error(`Consumer group '${group}' already has a handler for '${topic}' (one handler per group and topic)`);
    }
    groups.set(group, subscription(topic, group, handler, options) as unknown as Subscription);
    this.subscriptions.set(topic, groups);
  }

  async start(): Promise<void> {
    if (this.state !== 'created') throw new Error(`Cannot start the event bus: it is already ${this.state}`);
    this.state = 'started';
  }

  /** Refuses new publications from outside once drained; waits for every accepted event. */
  async stop(): Promise<void> {
    if (this.state === 'created' || this.state === 'stopped') {
      this.state = 'stopped';
      return;
    }
    this.state = 'stopping';
    await this.idle();
    this.state = 'stopped';
  }

  /** Resolves when no delivery is queued, running or waiting to retry. For tests and shutdown. */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Events parked on dead-letter topics so far, oldest first (copies). */
  deadLetters(): DeadLetter[] {
    return this.parked.map((letter) => ({ ...letter, headers: { ...letter.headers }, value: Buffer.from(letter.value) }));
  }

  private enqueue(sub: Subscription, record: EventRecord): void {
    this.pending++;
    const queueId = JSON.stringify([sub.topic, sub.group, record.key]);
    const queue = this.queues.get(queueId);
    if (queue !== undefined) {
      queue.records.push(record);
      return;
    }
    const created: KeyQueue = { sub, records: [record] };
    this.queues.set(queueId, created);
    // Started on a later turn so publish() returns before any handler runs.
    setImmediate(() => {
      this.drain(queueId, created).catch((error: unknown) =>
        this.logger.error({ topic: sub.topic, group: sub.group, key: record.key }, `Event queue failed: ${errorMessage(error)}`),
      );
    });
  }

  private async drain(queueId: string, queue: KeyQueue): Promise<void> {
    try {
      for (let record = queue.records[0]; record !== undefined; record = queue.records[0]) {
        try {
          await this.deliverOne(queue.sub, record);
        } finally {
          queue.records.shift();
          this.settled();
        }
      }
    } finally {
      this.queues.delete(queueId);
      // Should the loop have died, give what is left to a fresh queue rather than lose it.
      for (const record of queue.records.splice(0)) {
        this.settled();
        this.enqueue(queue.sub, record);
      }
    }
  }

  private deliverOne(sub: Subscription, record: EventRecord): Promise<void> {
    return withConsumeSpan(sub.topic, sub.group, record.headers, (span) => this.deliverInSpan(sub, record, span));
  }

  private async deliverInSpan(sub: Subscription, record: EventRecord, span: Span): Promise<void> {
    const outcome = await deliver(this.codec, sub, record, this.logger);
    if (outcome.delivered) {
      eventsConsumed.inc({ topic: sub.topic, group: sub.group, outcome: 'handled' });
      return;
    }
    markEventFailed(span, outcome.error);
    eventsConsumed.inc({ topic: sub.topic, group: sub.group, outcome: 'dead_lettered' });
    eventsDeadLettered.inc({ topic: sub.topic, group: sub.group });
    const dlqTopic = deadLetterTopic(sub.topic, sub.group);
    const parked = deadLetterRecord(sub.topic, sub.group, record, {
      error: errorMessage(outcome.error),
      attempts: outcome.attempts,
      failedAt: new Date().toISOString(),
    });
    this.parked.push(readDeadLetter(dlqTopic, parked));
    this.logger.error(
      { topic: sub.topic, group: sub.group, key: record.key, eventId: record.headers['ce_id'], deadLetterTopic: dlqTopic },
      `Event parked on ${dlqTopic} after ${outcome.attempts} attempt(s)`,
    );
  }

  private settled(): void {
    this.pending--;
    if (this.pending > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
