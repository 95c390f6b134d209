import type { ConnectionOptions } from 'node:tls';
import {
  Kafka,
  logLevel,
  Partitioners,
  type Admin,
  type Consumer,
  type EachMessagePayload,
  type IHeaders,
  type LogEntry,
  type Producer,
  type SASLOptions,
} from 'kafkajs';
import type { Span } from '@opentelemetry/api';
import { eventCodec, TOPICS, type EventCodec, type EventPayloads, type Topic } from '@wildframe/contracts';
import type { HealthCheck } from '../health/health';
import { deadLetterTopic, EventBusUnavailableError, type EventBus, type EventHandler, type PublishOptions, type SubscribeOptions } from './event-bus';
import { defaultEventBusLogger, errorContext, errorMessage, type EventBusLogger } from './event-bus-logger';
import { deliver, subscription, type Subscription } from './delivery';
import { isConnectionProblem, kafkaProblem } from './kafka-problem';
import { buildRecord, deadLetterRecord, type EventRecord } from './event-record';
import { consumerLag, eventsConsumed, eventsDeadLettered, eventsPublished, kafkaUp } from '../metrics/metrics';
import { markEventFailed, withConsumeSpan, withPublishSpan } from '../tracing/event-spans';

export interface KafkaEventBusConfig {
  brokers: string[];
  clientId: string;
  ssl?: ConnectionOptions | boolean;
  sasl?: SASLOptions;
  /** kafkajs's retries of connections and requests (default 5 retries from 300 ms, doubling). */
  retry?: { retries?: number; initialRetryTimeMs?: number };
  /**
   * Longest a publish waits for the brokers' acknowledgement (default 3 000 ms). Past it the
   * publish fails with `EventBusUnavailableError` and later publishes fail at once until the
   * brokers answer a probe again: a request whose events go through the outbox never hangs on a
   * Kafka outage, and the outbox keeps the events for later.
   */
  publishTimeoutMs?: number;
  /**
   * How long `start()` waits for the first connection (default 10 000 ms). Unreachable brokers
   * do not stop the process: it keeps trying in the background (see `reconnect`), and the
   * readiness check `kafka` fails, with the reason, until the bus has connected once.
   */
  startupWaitMs?: number;
  /** Back-off of connection attempts and availability probes: from 1 000 ms, doubling, at most 10 000 ms. */
  reconnect?: { initialDelayMs?: number; maxDelayMs?: number };
  /**
   * Create every catalogue topic and the dead-letter topic of every subscription at start
   * (development, tests). Without it topics must exist (provisioned with the cluster) or the
   * broker must auto-create them.
   */
  createTopics?: { numPartitions?: number; replicationFactor?: number };
  consumer?: {
    /** Default 30 000. A handler may run longer: the bus heartbeats while it runs. */
    sessionTimeoutMs?: number;
    /** Default 3 000. */
    heartbeatIntervalMs?: number;
    /** Longest wait of a fetch for new records; stop() may take this long. Default 5 000. */
    maxWaitTimeMs?: number;
    /** Partitions of one group handled at the same time (each in order). Default 1. */
    partitionsConsumedConcurrently?: number;
    /**
     * Where a group with no committed offset starts. Default true: a consumer deployed after
     * its publisher still sees every retained event (handlers are idempotent anyway).
     */
    fromBeginning?: boolean;
  };
}

export interface KafkaEventBusDependencies {
  logger?: EventBusLogger;
  codec?: EventCodec;
}

interface GroupConsumer {
  group: string;
  subscriptions: Map<Topic, Subscription>;
  consumer?: Consumer;
}

type State = 'created' | 'started' | 'stopping' | 'stopped';

/**
 * Event bus on Kafka (kafkajs). Publishing: an idempotent producer (acks from all in-sync
 * replicas, one request in flight, so retries neither duplicate nor reorder), key = aggregate id,
 * value = protobuf bytes, headers = CloudEvents attributes. Consuming: one consumer per group;
 * each message is decoded and handled with retries and back-off while the consumer heartbeats;
 * a message that still fails is produced to `<topic>.dlq.<group>` with its original headers and
 * the error, and only then is its offset committed. If even that produce fails, the message is
 * not committed and Kafka delivers it again.
 *
 * Outages: `start()` does not fail when the brokers cannot be reached; it keeps connecting with
 * back-off while the readiness check says why it is not ready. Once connected, a publish the
 * brokers do not acknowledge within `publishTimeoutMs` fails, and later ones fail at once
 * (`EventBusUnavailableError`, nothing waits) until a metadata probe is answered again; kafkajs
 * reconnects its consumers by itself.
 */
export class KafkaEventBus implements EventBus {
  private readonly kafka: Kafka;
  private readonly producer: Producer;
  private readonly logger: EventBusLogger;
  private readonly codec: EventCodec;
  private readonly groups = new Map<string, GroupConsumer>();
  private readonly publishTimeoutMs: number;
  private readonly initialDelayMs: number;
  private readonly maxDelayMs: number;
  private state: State = 'created';
  /** The producer and every group's consumer came up once: the readiness check holds from then on. */
  private connected = false;
  private producerConnected = false;
  /** The brokers answered the last publish or probe; publishes fail at once while false. */
  private available = false;
  /** Why the bus is not connected or not available, without broker addresses (readiness is public on the gateway). */
  private problem = 'not connected to Kafka yet';
  private connecting: Promise<void> | undefined;
  private probing: Promise<void> | undefined;
  private pendingProbe: Promise<void> | undefined;
  private probeAdmin: Admin | undefined;
  /** Cuts the back-off sleeps short when the bus stops. */
  private readonly sleeping = new Set<() => void>();
  private readonly availableListeners: Array<() => void> = [];

  constructor(
    private readonly config: KafkaEventBusConfig,
    dependencies: KafkaEventBusDependencies = {},
  ) {
    if (!Array.isArray(config.brokers) || config.brokers.length === 0) {
      throw new Error('KafkaEventBus needs at least one broker address');
    }
    if (typeof config.clientId !== 'string' || config.clientId === '') {
      throw new Error('KafkaEventBus needs a clientId');
    }
    this.logger = dependencies.logger ?? defaultEventBusLogger();
    this.codec = dependencies.codec ?? eventCodec();
    this.publishTimeoutMs = config.publishTimeoutMs ?? 3_000;
    this.initialDelayMs = config.reconnect?.initialDelayMs ?? 1_000;
    this.maxDelayMs = config.reconnect?.maxDelayMs ?? 10_000;
    this.kafka = new Kafka({
      brokers: config.brokers,
      clientId: config.clientId,
      ssl: config.ssl,
      sasl: config.sasl,
      retry: { retries: config.retry?.retries ?? 5, initialRetryTime: config.retry?.initialRetryTimeMs ?? 300 },
      logLevel: logLevel.WARN,
      logCreator: () => (entry) => this.logKafka(entry),
    });
    this.producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      // Murmur2 like the Java client, so every client puts a key on the same partition.
      createPartitioner: Partitioners.DefaultPartitioner,
    });
  }

  async publish<T extends Topic>(topic: T, payload: EventPayloads[T], options: PublishOptions): Promise<string> {
    if (this.state !== 'started' && this.state !== 'stopping') {
      throw new Error(`Cannot publish to '${topic}': the event bus is ${this.state === 'stopped' ? 'stopped' : 'not started'}`);
    }
    return withPublishSpan(topic, options.headers, async (headers) => {
      const { id, record } = buildRecord(this.codec, topic, payload, { ...options, headers });
      if (!this.available) throw new EventBusUnavailableError(`Cannot publish to '${topic}': Kafka is unavailable (${this.problem})`);
      await this.sendWithin(topic, record);
      eventsPublished.inc({ topic });
      return id;
    });
  }

  /** Sends, but waits at most `publishTimeoutMs`: past it the brokers count as unavailable. */
  private async sendWithin(topic: string, record: EventRecord): Promise<void> {
    const sending = this.send(topic, record);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), this.publishTimeoutMs);
    });
    try {
      if ((await Promise.race([sending, late])) === 'late') {
        // kafkajs keeps trying; an acknowledgement that comes later means the brokers are back.
        sending.then(() => this.markAvailable(), () => undefined);
        const reason = `the brokers did not acknowledge within ${this.publishTimeoutMs} ms`;
        this.markUnavailable(reason);
        throw new EventBusUnavailableError(`Cannot publish to '${topic}': ${reason}`);
      }
    } catch (error) {
      if (!(error instanceof EventBusUnavailableError) && isConnectionProblem(error)) this.markUnavailable(kafkaProblem(error));
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  readinessCheck(): HealthCheck {
    return {
      name: 'kafka',
      check: async () => {
        if (!this.connected) throw new Error(this.problem);
      },
    };
  }

  subscribe<T extends Topic>(topic: T, group: string, handler: EventHandler<T>, options?: SubscribeOptions): void {
    if (this.state !== 'created') {
      throw new Error(`Cannot subscribe group '${group}' to '${topic}': subscribe before start()`);
    }
    this.codec.typeOf(topic); // refuses a topic outside the catalogue
    const entry = this.groups.get(group) ?? { group, subscriptions: new Map<Topic, Subscription>() };
    if (entry.subscriptions.has(topic)) {
      throw new Error(`Consumer group '${group}' already has a handler for '${topic}' (one handler per group and topic)`);
    }
    entry.subscriptions.set(topic, subscription(topic, group, handler, options) as unknown as Subscription);
    this.groups.set(group, entry);
  }

  /**
   * Connects the producer and every group's consumer. Waits for that at most `startupWaitMs`;
   * brokers that cannot be reached are retried in the background with back-off (the readiness
   * check fails until then), so a service starts, and answers its probes, during a Kafka outage.
   */
  async start(): Promise<void> {
    if (this.state !== 'created') throw new Error(`Cannot start the event bus: it is already ${this.state}`);
    this.state = 'started';
    let attempted: () => void = () => undefined;
    const firstAttempt = new Promise<void>((resolve) => (attempted = resolve));
    this.connecting = this.connectLoop(attempted);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([firstAttempt, new Promise<void>((resolve) => (timer = setTimeout(resolve, this.config.startupWaitMs ?? 10_000)))]);
    clearTimeout(timer);
  }

  /** Stops every consumer (kafkajs waits for the message in hand, retries included), then the producer. */
  async stop(): Promise<void> {
    if (this.state === 'stopped' || this.state === 'stopping') return;
    if (this.state === 'created') {
      this.state = 'stopped';
      return;
    }
    this.state = 'stopping';
    for (const wake of this.sleeping) wake();
    const disconnecting = Promise.all([this.disconnectAll(), this.probeAdmin?.disconnect().catch(() => undefined)]);
    if (this.available) await disconnecting;
    else {
      // Brokers that do not answer would hold a disconnect until kafkajs's request timeout (30 s):
      // nothing is left to hand over, so the shutdown does not wait for them.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([disconnecting, new Promise((resolve) => (timer = setTimeout(resolve, this.publishTimeoutMs)))]);
      clearTimeout(timer);
    }
    this.state = 'stopped';
    this.available = false;
  }

  /** Connects what is not connected yet (producer, consumers), with back-off, until it all is or the bus stops. */
  private async connectLoop(attempted: () => void): Promise<void> {
    let delayMs = this.initialDelayMs;
    try {
      for (let attempt = 1; this.state === 'started'; attempt++) {
        try {
          await this.connectOnce();
          if (this.state !== 'started') {
            await this.disconnectAll(); // stop() came while connecting
            return;
          }
          if (attempt > 1) this.logger.info({ brokers: this.config.brokers, attempt }, 'Connected to Kafka');
          this.markAvailable();
          this.connected = true;
          return;
        } catch (error) {
          if (this.state !== 'started') return; // stopped meanwhile: the failure is the stop's
          this.problem = kafkaProblem(error);
          this.logger.error(
            { brokers: this.config.brokers, attempt, retryInMs: delayMs, ...errorContext(error) },
            `Cannot connect to Kafka (${this.problem}); trying again in ${Math.round(delayMs / 1000)} s`,
          );
          if (!this.connected) await this.disconnectAll();
        } finally {
          attempted();
        }
        await this.sleep(delayMs);
        delayMs = Math.min(delayMs * 2, this.maxDelayMs);
      }
    } finally {
      this.connecting = undefined;
    }
  }

  private async connectOnce(): Promise<void> {
    if (!this.producerConnected) {
      await this.producer.connect();
      this.producerConnected = true;
    }
    if (this.config.createTopics !== undefined && !this.connected) await this.createTopics(this.config.createTopics);
    for (const entry of this.groups.values()) if (entry.consumer === undefined) await this.startConsumer(entry);
  }

  onAvailable(listener: () => void): void {
    this.availableListeners.push(listener);
  }

  /** The brokers answer again: publishing resumes, and the listeners (the outbox) send what waited. */
  private markAvailable(): void {
    kafkaUp.set(1);
    if (this.available || this.state !== 'started') return;
    this.available = true;
    this.problem = '';
    if (!this.connected) return; // the first connection: nothing waited yet
    this.logger.info({ brokers: this.config.brokers }, 'Kafka answers again; publishing resumes');
    for (const listener of this.availableListeners) listener();
  }

  private markUnavailable(reason: string): void {
    kafkaUp.set(0);
    if (!this.available) return;
    this.available = false;
    this.problem = reason;
    this.logger.error(
      { brokers: this.config.brokers },
      `Kafka is unavailable (${reason}): publishes fail at once until it answers again; the outbox keeps the events`,
    );
    this.probing ??= this.probeLoop().finally(() => (this.probing = undefined));
  }

  /**
   * While unavailable: a metadata request, again and again with back-off (at most 5 s apart, a
   * cheap request); the first answer makes the bus available. One request at a time: on a frozen
   * broker a request hangs until kafkajs times it out, and its late answer counts too.
   */
  private async probeLoop(): Promise<void> {
    let delayMs = this.initialDelayMs;
    while (this.state === 'started' && !this.available) {
      await this.sleep(delayMs);
      if (this.state !== 'started' || this.available) return;
      this.pendingProbe ??= this.probe().then(
        () => this.markAvailable(),
        () => undefined,
      ).finally(() => (this.pendingProbe = undefined));
      delayMs = Math.min(delayMs * 2, this.maxDelayMs, 5_000);
    }
  }

  private async probe(): Promise<void> {
    this.probeAdmin ??= this.kafka.admin();
    await this.probeAdmin.connect();
    await this.probeAdmin.describeCluster();
  }

  /** Resolves after `ms`, or at once when the bus stops. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        this.sleeping.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleeping.add(wake);
    });
  }

  private async disconnectAll(): Promise<void> {
    this.producerConnected = false;
    for (const entry of this.groups.values()) {
      const consumer = entry.consumer;
      entry.consumer = undefined;
      if (consumer === undefined) continue;
      await consumer.disconnect().catch((error: unknown) =>
        this.logger.error({ group: entry.group, ...errorContext(error) }, 'Consumer failed to disconnect'),
      );
    }
    await this.producer
      .disconnect()
      .catch((error: unknown) => this.logger.error(errorContext(error), 'Producer failed to disconnect'));
  }

  private async send(topic: string, record: EventRecord): Promise<void> {
    await this.producer.send({
      topic,
      acks: -1,
      messages: [{ key: record.key, value: record.value, headers: record.headers }],
    });
  }

  private async createTopics(options: { numPartitions?: number; replicationFactor?: number }): Promise<void> {
    const names = new Set<string>(TOPICS);
    for (const entry of this.groups.values()) {
      for (const topic of entry.subscriptions.keys()) names.add(deadLetterTopic(topic, entry.group));
    }
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      const existing = new Set(await admin.listTopics());
      const missing = [...names].filter((name) => !existing.has(name));
      if (missing.length === 0) return;
      await admin.createTopics({
        waitForLeaders: true,
        topics: missing.map((topic) => ({
          topic,
          numPartitions: options.numPartitions ?? 1,
          replicationFactor: options.replicationFactor ?? 1,
        })),
      });
    } finally {
      await admin.disconnect();
    }
  }

  private async startConsumer(entry: GroupConsumer): Promise<void> {
    const settings = this.config.consumer ?? {};
    const consumer = this.kafka.consumer({
      groupId: entry.group,
      sessionTimeout: settings.sessionTimeoutMs ?? 30_000,
      heartbeatInterval: settings.heartbeatIntervalMs ?? 3_000,
      maxWaitTimeInMs: settings.maxWaitTimeMs ?? 5_000,
    });
    entry.consumer = consumer;
    consumer.on(consumer.events.CRASH, (event) => {
      this.logger.error(
        { group: entry.group, restart: event.payload.restart, ...errorContext(event.payload.error) },
        'Kafka consumer crashed',
      );
      // kafkajs restarts a consumer after a retriable error; after any other, a new one is started here.
      if (!event.payload.restart && entry.consumer === consumer && this.state === 'started') {
        entry.consumer = undefined;
        void consumer.disconnect().catch(() => undefined);
        this.connecting ??= this.connectLoop(() => undefined);
      }
    });
    // Lag after each batch: what the group still has to read of the partition.
    consumer.on(consumer.events.END_BATCH_PROCESS, ({ payload }) =>
      consumerLag.set({ topic: payload.topic, group: entry.group, partition: String(payload.partition) }, Number(payload.offsetLag)),
    );
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: [...entry.subscriptions.keys()], fromBeginning: settings.fromBeginning ?? true });
      await consumer.run({
        partitionsConsumedConcurrently: settings.partitionsConsumedConcurrently ?? 1,
        // Commit each offset as soon as its message is handled or parked.
        autoCommit: true,
        autoCommitThreshold: 1,
        eachMessage: (payload) => this.handleMessage(entry, payload),
      });
    } catch (error) {
      // Not started: the next connection attempt makes a new one.
      entry.consumer = undefined;
      await consumer.disconnect().catch(() => undefined);
      throw error;
    }
  }

  private handleMessage(entry: GroupConsumer, payload: EachMessagePayload): Promise<void> {
    const headers = headersToStrings(payload.message.headers);
    // The publisher's trace continues here (kafkajs's own context is not the event's).
    return withConsumeSpan(payload.topic, entry.group, headers, (span) => this.handleInSpan(entry, payload, headers, span));
  }

  private async handleInSpan(entry: GroupConsumer, { topic, partition, message, heartbeat }: EachMessagePayload, headers: Record<string, string>, span: Span): Promise<void> {
    const record: EventRecord = {
      key: message.key?.toString('utf8') ?? '',
      value: message.value ?? Buffer.alloc(0),
      headers,
    };
    const context = { partition, offset: message.offset };
    const sub = entry.subscriptions.get(topic as Topic);
    if (sub === undefined) {
      // Cannot happen while the group only subscribes to its own topics; refuse rather than commit.
      throw new Error(`Group '${entry.group}' received '${topic}', which it has no handler for`);
    }
    // Keep the group membership alive while a slow handler or a back-off runs.
    const heartbeatMs = Math.max(500, Math.floor((this.config.consumer?.heartbeatIntervalMs ?? 3_000) / 2));
    const timer = setInterval(() => {
      heartbeat().catch((error: unknown) =>
        this.logger.warn({ topic, group: entry.group, ...context, ...errorContext(error) }, 'Heartbeat failed'),
      );
    }, heartbeatMs);
    try {
      const outcome = await deliver(this.codec, sub, record, this.logger, context);
      if (outcome.delivered) {
        eventsConsumed.inc({ topic, group: entry.group, outcome: 'handled' });
        return;
      }
      markEventFailed(span, outcome.error);
      const dlqTopic = deadLetterTopic(topic, entry.group);
      const parked = deadLetterRecord(topic, entry.group, record, {
        error: errorMessage(outcome.error),
        attempts: outcome.attempts,
        failedAt: new Date().toISOString(),
        partition,
        offset: message.offset,
      });
      try {
        await this.producer.send({
          topic: dlqTopic,
          acks: -1,
          // The original raw headers (every value, byte for byte) plus the failure headers.
          messages: [{ key: message.key, value: message.value, headers: { ...message.headers, ...dlqHeadersOnly(parked.headers) } }],
        });
      } catch (error) {
        this.logger.error(
          { topic, group: entry.group, ...context, deadLetterTopic: dlqTopic, ...errorContext(error) },
          'Cannot park event on the dead-letter topic; it will be delivered again',
        );
        throw error;
      }
      eventsConsumed.inc({ topic, group: entry.group, outcome: 'dead_lettered' });
      eventsDeadLettered.inc({ topic, group: entry.group });
      this.logger.error(
        { topic, group: entry.group, key: record.key, eventId: record.headers['ce_id'], ...context, deadLetterTopic: dlqTopic },
        `Event parked on ${dlqTopic} after ${outcome.attempts} attempt(s)`,
      );
    } finally {
      clearInterval(timer);
    }
  }

  private logKafka({ namespace, level, log }: LogEntry): void {
    // After stop(), a connection attempt kafkajs still retries is of no interest.
    if (this.state === 'stopped') return;
    const { message, timestamp: _timestamp, ...extra } = log;
    const context = { kafkajs: namespace, ...extra };
    if (level === logLevel.ERROR) this.logger.error(context, message);
    else if (level === logLevel.WARN) this.logger.warn(context, message);
    else this.logger.info(context, message);
  }
}

/** Kafka header values are bytes (or several values under one name); the envelope uses the first, as text. */
function headersToStrings(headers: IHeaders | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers ?? {})) {
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value !== undefined) result[name] = value.toString();
  }
  return result;
}

function dlqHeadersOnly(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith('x-dlq-')));
}

