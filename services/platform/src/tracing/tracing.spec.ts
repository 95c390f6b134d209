import { context, SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { examplePayload } from '@wildframe/contracts';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { ConfigError } from '../config/load-config';
import { pendingEvent } from '../database/ports';
import { RecordingLogger } from '../events/event-bus.contract';
import type { EventEnvelope } from '../events/event-bus';
import { InProcessEventBus } from '../events/in-process-event-bus';
import { KafkaEventBus } from '../events/kafka-event-bus';
import { createLogger } from '../logging/logging';
import { describeWithServer, kafkaTestServer } from '../testing/test-servers';
import { platformTracer, startTracing, traceHeaders } from './index';

function loggedLines(): { destination: Writable; lines: () => Array<Record<string, unknown>> } {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { destination, lines: () => chunks.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

async function eventually<T>(read: () => T | undefined, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not seen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('tracing setup from the OTEL_* environment', () => {
  it('exports nothing by default, yet the log lines of a trace carry its trace and span ids', async () => {
    const tracing = startTracing({ service: 'spec', env: {} });
    try {
      expect(tracing.exporters).toEqual([]);
      expect(tracing.enabled).toBe(true);
      const { destination, lines } = loggedLines();
      const logger = createLogger({ service: 'spec', level: 'info', destination });
      let ids: { traceId: string; spanId: string } | undefined;
      platformTracer().startActiveSpan('work', (span) => {
        ids = span.spanContext();
        logger.info('inside');
        span.end();
      });
      logger.info('outside');
      expect(lines()[0]).toMatchObject({ msg: 'inside', trace_id: ids?.traceId, span_id: ids?.spanId });
      expect(lines()[1]).not.toHaveProperty('trace_id');
    } finally {
      await tracing.shutdown();
    }
  });

  it('exports over OTLP when an endpoint is set, or as OTEL_TRACES_EXPORTER says', async () => {
    for (const [env, expected] of [
      [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }, ['otlp']],
      [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_TRACES_EXPORTER: 'none' }, []],
      [{ OTEL_TRACES_EXPORTER: 'otlp,console' }, ['otlp', 'console']],
    ] as const) {
      const tracing = startTracing({ service: 'spec', env });
      try {
        expect(tracing.exporters).toEqual(expected);
      } finally {
        await tracing.shutdown();
      }
    }
  });

  it('refuses an unknown exporter with a message naming the variable', () => {
    expect(() => startTracing({ service: 'spec', env: { OTEL_TRACES_EXPORTER: 'jaeger' } })).toThrow(ConfigError);
    expect(() => startTracing({ service: 'spec', env: { OTEL_TRACES_EXPORTER: 'jaeger' } })).toThrow(/OTEL_TRACES_EXPORTER/);
  });

  it('OTEL_SDK_DISABLED=true: no trace context at all', async () => {
    const tracing = startTracing({ service: 'spec', env: { OTEL_SDK_DISABLED: 'true' } });
    try {
      expect(tracing.enabled).toBe(false);
      platformTracer().startActiveSpan('work', (span) => {
        expect(traceHeaders()).toEqual({});
        span.end();
      });
    } finally {
      await tracing.shutdown();
    }
  });
});

describe('trace context on events', () => {
  const exporter = new InMemorySpanExporter();
  let shutdown: () => Promise<void>;

  beforeAll(() => {
    shutdown = startTracing({ service: 'spec', env: {}, spanProcessors: [new SimpleSpanProcessor(exporter)] }).shutdown;
  });
  afterAll(() => shutdown());
  beforeEach(() => exporter.reset());

  const spanOf = (kind: SpanKind, spans = exporter.getFinishedSpans()): ReadableSpan | undefined => spans.find((span) => span.kind === kind);

  it('an event stored during a request and relayed later continues the request trace (the outbox path)', async () => {
    const bus = new InProcessEventBus();
    const seen: Array<EventEnvelope<'photos.photo.viewed.v1'>> = [];
    bus.subscribe('photos.photo.viewed.v1', 'spec', async (event) => {
      seen.push(event);
    });
    await bus.start();
    // The use case, inside the request's span, hands the event to its repository (pendingEvent)...
    const request = platformTracer().startSpan('POST /api/photos/:id/view', { kind: SpanKind.SERVER });
    const stored = context.with(trace.setSpan(context.active(), request), () =>
      pendingEvent('photos.photo.viewed.v1', examplePayload('photos.photo.viewed.v1'), { key: 'p1' }),
    );
    request.end();
    expect(stored.headers?.['traceparent']).toBe(`00-${request.spanContext().traceId}-${request.spanContext().spanId}-01`);
    // ...and the relay publishes it later, outside any request.
    await bus.publish(stored.topic, stored.payload, { id: stored.id, key: stored.key, ...(stored.headers ? { headers: stored.headers } : {}) });
    await bus.stop();

    const producer = spanOf(SpanKind.PRODUCER);
    const consumer = spanOf(SpanKind.CONSUMER);
    expect(producer?.spanContext().traceId).toBe(request.spanContext().traceId);
    expect(producer?.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expect(consumer?.parentSpanContext?.spanId).toBe(producer?.spanContext().spanId);
    // The delivered record carries the producer's context, not the stored one.
    expect(seen[0]?.headers['traceparent']).toBe(`00-${request.spanContext().traceId}-${producer?.spanContext().spanId}-01`);
  });

  it('a consumer span ends as failed when its event is parked, and the dead-letter log line carries its trace', async () => {
    const { destination, lines } = loggedLines();
    const logger = createLogger({ service: 'spec', level: 'info', destination });
    const failing = new InProcessEventBus({ logger });
    failing.subscribe('photos.photo.viewed.v1', 'spec', async () => {
      throw new Error('always');
    }, { maxAttempts: 2, retryDelayMs: 1 });
    await failing.start();
    await failing.publish('photos.photo.viewed.v1', examplePayload('photos.photo.viewed.v1'), { key: 'p2' });
    await failing.stop();
    const consumer = spanOf(SpanKind.CONSUMER);
    expect(consumer?.status.code).toBe(2); // SpanStatusCode.ERROR
    const parked = lines().find((line) => String(line['msg']).startsWith('Event parked'));
    expect(parked).toMatchObject({ trace_id: consumer?.spanContext().traceId, span_id: consumer?.spanContext().spanId });
  });
});

const kafka = kafkaTestServer();

describeWithServer(`trace context over Kafka headers (${kafka.available ? kafka.facts.brokers.join(',') : 'a real broker'})`, kafka, ({ brokers }) => {
  const exporter = new InMemorySpanExporter();
  let shutdown: () => Promise<void>;
  const buses: KafkaEventBus[] = [];

  beforeAll(() => {
    shutdown = startTracing({ service: 'spec', env: {}, spanProcessors: [new SimpleSpanProcessor(exporter)] }).shutdown;
  });
  afterAll(async () => {
    for (const bus of buses) await bus.stop();
    await shutdown();
  }, 30_000);

  it('the record carries the producer span in traceparent; the consumer continues it', async () => {
    const group = `trace-spec-${randomUUID().slice(0, 8)}`;
    const consumer = new KafkaEventBus(
      { brokers, clientId: group, createTopics: { numPartitions: 1 }, consumer: { maxWaitTimeMs: 250 } },
      { logger: new RecordingLogger() },
    );
    buses.push(consumer);
    const seen: Array<EventEnvelope<'photos.photo.viewed.v1'>> = [];
    consumer.subscribe('photos.photo.viewed.v1', group, async (event) => {
      seen.push(event);
    });
    await consumer.start();
    const publisher = new KafkaEventBus({ brokers, clientId: `${group}-pub` }, { logger: new RecordingLogger() });
    buses.push(publisher);
    await publisher.start();

    const request = platformTracer().startSpan('request', { kind: SpanKind.SERVER });
    const id = await context.with(trace.setSpan(context.active(), request), () =>
      publisher.publish('photos.photo.viewed.v1', examplePayload('photos.photo.viewed.v1'), { key: group }),
    );
    request.end();

    const event = await eventually(() => seen.find((candidate) => candidate.id === id), 30_000);
    const producer = await eventually(() => spanOf(SpanKind.PRODUCER));
    const consumed = await eventually(() => exporter.getFinishedSpans().find((span) => span.kind === SpanKind.CONSUMER && span.attributes['messaging.message.id'] === id));
    expect(producer.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expect(event.headers['traceparent']).toBe(`00-${request.spanContext().traceId}-${producer.spanContext().spanId}-01`);
    expect(consumed.spanContext().traceId).toBe(request.spanContext().traceId);
    expect(consumed.parentSpanContext?.spanId).toBe(producer.spanContext().spanId);
    expect(consumed.attributes['messaging.consumer.group.name']).toBe(group);
  }, 60_000);

  function spanOf(kind: SpanKind): ReadableSpan | undefined {
    return exporter.getFinishedSpans().find((span) => span.kind === kind);
  }
});
