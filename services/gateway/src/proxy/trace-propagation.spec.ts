import 'reflect-metadata';
import { Controller, HttpCode, Inject, Module, Param, Post } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { examplePayload } from '@wildframe/contracts';
import { answerBeforeExpress, createHttpApp, createLogger, EVENT_BUS, InProcessEventBus, PlatformModule, startTracing, type EventBus, type Tracing } from '@wildframe/platform';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import request from 'supertest';
import { ApiProxy } from './api-proxy';

/** Log lines written to a stream, parsed. */
function captured(): { destination: Writable; lines: () => Array<Record<string, unknown>> } {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { destination, lines: () => chunks.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

@Controller('photos')
class LikeController {
  constructor(@Inject(EVENT_BUS) private readonly bus: EventBus) {}

  // Stands in for a use case: the request publishes an event another group consumes.
  @Post(':id/like')
  @HttpCode(200)
  async like(@Param('id') id: string): Promise<{ ok: true }> {
    await this.bus.publish('photos.photo.liked.v1', examplePayload('photos.photo.liked.v1', { photoId: id }), { key: id });
    return { ok: true };
  }
}

/**
 * W3C trace context through the distributed path, in one process with an in-memory exporter:
 * client → gateway (createHttpApp + the real proxy) → a service (createHttpApp) → the event bus →
 * a consumer. Every span is in the caller's trace, each the child of the one before, and the
 * consumer's log line carries the trace and span ids.
 */
describe('trace propagation: gateway → service → event consumer', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  let service: NestExpressApplication;
  let gateway: NestExpressApplication;
  let bus: InProcessEventBus;
  const serviceLog = captured();
  const consumerLog = captured();

  beforeAll(async () => {
    tracing = startTracing({ service: 'trace-spec', env: {}, spanProcessors: [new SimpleSpanProcessor(exporter)] });
    bus = new InProcessEventBus();
    const consumerLogger = createLogger({ service: 'analytics', level: 'info', destination: consumerLog.destination });
    bus.subscribe('photos.photo.liked.v1', 'trace-spec', async (event) => {
      consumerLogger.info({ photoId: event.payload.photoId }, 'like counted');
    });
    @Module({
      imports: [PlatformModule.forRoot({ logging: { service: 'photos', level: 'info', destination: serviceLog.destination }, eventBus: bus })],
      controllers: [LikeController],
    })
    class ServiceModule {}
    service = await createHttpApp(ServiceModule);
    await service.listen(0, '127.0.0.1');
    const serviceUrl = `http://127.0.0.1:${((service.getHttpServer() as Server).address() as AddressInfo).port}`;

    @Module({
      imports: [PlatformModule.forRoot({ logging: { service: 'gateway', level: 'warn', destination: captured().destination }, eventBus: new InProcessEventBus() })],
    })
    class GatewayModule {}
    gateway = await createHttpApp(GatewayModule, {
      beforeBodyParsers: (app) => {
        const proxy = new ApiProxy({ upstreams: { photos: serviceUrl } });
        answerBeforeExpress(app, (req, res) => proxy.handle(req, res));
      },
    });
    await gateway.init();
  });

  afterAll(async () => {
    await gateway?.close();
    await service?.close();
    await tracing?.shutdown();
  });

  beforeEach(() => exporter.reset());

  const parentOf = (span: ReadableSpan): string | undefined => span.parentSpanContext?.spanId;
  const only = (spans: ReadableSpan[], kind: SpanKind, name: RegExp): ReadableSpan => {
    const found = spans.filter((span) => span.kind === kind && name.test(span.name));
    expect(found.map((span) => span.name)).toHaveLength(1);
    return found[0] as ReadableSpan;
  };

  async function spansOnceConsumed(): Promise<ReadableSpan[]> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      await bus.idle();
      const spans = exporter.getFinishedSpans();
      if (spans.some((span) => span.kind === SpanKind.CONSUMER) || Date.now() > deadline) return spans;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it("continues the caller's traceparent through the proxy, the service, the publication and the consumer", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpanId = '00f067aa0ba902b7';
    const photoId = '9d0e6a4b-1c2f-4e3a-8b5d-7f6e5d4c3b2a';
    const res = await request(gateway.getHttpServer()).post(`/api/photos/${photoId}/like`).set('traceparent', `00-${traceId}-${callerSpanId}-01`);
    expect(res.status).toBe(200);

    const spans = await spansOnceConsumed();
    expect(new Set(spans.map((span) => span.spanContext().traceId))).toEqual(new Set([traceId]));
    const gatewaySpan = only(spans, SpanKind.SERVER, /^POST$/); // the gateway's: no Nest route matched there
    const proxySpan = only(spans, SpanKind.CLIENT, /^POST$/);
    const serviceSpan = only(spans, SpanKind.SERVER, /^POST \/api\/photos\/:id\/like$/);
    const publishSpan = only(spans, SpanKind.PRODUCER, /^publish photos\.photo\.liked\.v1$/);
    const consumeSpan = only(spans, SpanKind.CONSUMER, /^process photos\.photo\.liked\.v1$/);
    expect(parentOf(gatewaySpan)).toBe(callerSpanId);
    expect(parentOf(proxySpan)).toBe(gatewaySpan.spanContext().spanId);
    expect(parentOf(serviceSpan)).toBe(proxySpan.spanContext().spanId);
    expect(parentOf(publishSpan)).toBe(serviceSpan.spanContext().spanId);
    expect(parentOf(consumeSpan)).toBe(publishSpan.spanContext().spanId);
    expect(consumeSpan.attributes['messaging.consumer.group.name']).toBe('trace-spec');
    expect(serviceSpan.attributes['http.response.status_code']).toBe(200);

    const counted = consumerLog.lines().find((line) => line['msg'] === 'like counted' && line['photoId'] === photoId);
    expect(counted).toMatchObject({ trace_id: traceId, span_id: consumeSpan.spanContext().spanId });
    const completed = serviceLog.lines().find((line) => line['msg'] === 'request completed');
    expect(completed).toMatchObject({ trace_id: traceId, span_id: serviceSpan.spanContext().spanId });
  });

  it('starts a trace at the gateway when the caller sends none, and the service joins it', async () => {
    const res = await request(gateway.getHttpServer()).post('/api/photos/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed/like');
    expect(res.status).toBe(200);
    const spans = await spansOnceConsumed();
    const gatewaySpan = only(spans, SpanKind.SERVER, /^POST$/);
    expect(parentOf(gatewaySpan)).toBeUndefined();
    expect(new Set(spans.map((span) => span.spanContext().traceId))).toEqual(new Set([gatewaySpan.spanContext().traceId]));
    expect(spans.filter((span) => span.kind === SpanKind.CONSUMER)).toHaveLength(1);
  });

  it('ignores a malformed traceparent (a new trace, no error)', async () => {
    const res = await request(gateway.getHttpServer()).post('/api/photos/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed/like').set('traceparent', '00-zzzz-yyyy-01');
    expect(res.status).toBe(200);
    const spans = await spansOnceConsumed();
    expect(parentOf(only(spans, SpanKind.SERVER, /^POST$/))).toBeUndefined();
  });
});
