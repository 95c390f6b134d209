import 'reflect-metadata';
import { Module } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { createHttpApp, InProcessEventBus, loadConfig, PlatformModule, startTracing, type Tracing } from '@wildframe/platform';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { storage as requestScope } from 'nestjs-pino/storage';
import request from 'supertest';
import { gatewayConfigSchema } from './gateway.config';
import { configureGatewayHttp } from './gateway.http';
import { GatewayModule } from './gateway.module';

/** Log lines written to a stream, parsed. */
const logged: Array<Record<string, unknown>> = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) logged.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';
const traceparent = `00-${TRACE_ID}-${CALLER_SPAN}-01`;

/**
 * The gateway process traces on the synchronous context manager (main.ts): no AsyncLocalStorage.
 * Whatever it does for a request after an `await` still belongs to the request's trace: the
 * proxied call, the auth lookup for its session, a page view's event, a page's photo lookup.
 */
describe('gateway tracing without AsyncLocalStorage', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  let gateway: NestExpressApplication;
  let upstream: Server;
  let webDir: string;
  const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];

  beforeAll(async () => {
    tracing = startTracing({ service: 'gateway-sync-spec', env: {}, context: 'synchronous', spanProcessors: [new SimpleSpanProcessor(exporter)] });
    upstream = createServer((req, res) => {
      seen.push({ url: req.url ?? '', headers: req.headers });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/api/auth/user') return res.end(JSON.stringify({ id: 'u-1', email: 'ada@example.com', firstName: 'Ada', lastName: 'B', plan: 'explorer', isAdmin: false }));
      if (req.url?.startsWith('/api/photos/heron')) {
        return res.end(JSON.stringify({ isPublic: true, title: 'Heron', description: 'At dawn.', socialImageUrl: '/api/photos/heron/image?size=social' }));
      }
      res.end('{}');
    });
    await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
    const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    webDir = mkdtempSync(join(tmpdir(), 'gateway-sync-trace-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><html><head><title>W</title></head><body></body></html>');
    const bus = new InProcessEventBus();
    @Module({
      imports: [
        // As the gateway process runs (main.ts): no AsyncLocalStorage in the request log either.
        PlatformModule.forRoot({ logging: { service: 'gateway', level: 'info', destination: logStream, asyncContext: false }, eventBus: bus }),
        GatewayModule.register(loadConfig('gateway', gatewayConfigSchema, {})),
      ],
    })
    class TestGatewayModule {}
    gateway = await createHttpApp(TestGatewayModule, {
      beforeBodyParsers: (app) =>
        configureGatewayHttp(app, {
          webDir,
          ownHosts: ['127.0.0.1'],
          identitySecret: 'a-test-secret-that-is-long-enough-1234',
          upstreams: { auth: upstreamUrl, photos: upstreamUrl },
        }),
    });
    await gateway.init();
  });

  afterAll(async () => {
    await gateway?.close();
    await new Promise<void>((done) => upstream.close(() => done()));
    await tracing?.shutdown();
    rmSync(webDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    exporter.reset();
    seen.splice(0);
  });

  const spans = (): ReadableSpan[] => exporter.getFinishedSpans();
  const gatewaySpan = (): ReadableSpan => {
    const found = spans().filter((span) => span.kind === SpanKind.SERVER);
    expect(found).toHaveLength(1);
    return found[0] as ReadableSpan;
  };
  /** The span id a call to the stand-in service continued (its traceparent), checked to be in the caller's trace. */
  const parentSeenAt = (url: string): string => {
    const header = seen.find((call) => call.url === url)?.headers['traceparent'];
    expect(header).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`));
    return String(header).split('-')[2] as string;
  };

  it('a proxied request, and the auth lookup for its session, continue the caller’s trace', async () => {
    const res = await request(gateway.getHttpServer()).get('/api/photos/heron').set('traceparent', traceparent).set('authorization', 'Bearer tok-1');
    expect(res.status).toBe(200);
    const server = gatewaySpan();
    expect(server.parentSpanContext?.spanId).toBe(CALLER_SPAN);
    const clients = spans().filter((span) => span.kind === SpanKind.CLIENT);
    for (const client of clients) expect(client.parentSpanContext?.spanId).toBe(server.spanContext().spanId);
    const proxied = clients.find((span) => span.attributes['peer.service'] === 'photos');
    expect(proxied?.spanContext().spanId).toBe(parentSeenAt('/api/photos/heron'));
    const lookup = clients.find((span) => String(span.attributes['url.full']).endsWith('/api/auth/user'));
    expect(lookup?.spanContext().spanId).toBe(parentSeenAt('/api/auth/user'));
  });

  it('a page view’s event is published in the request’s trace', async () => {
    const res = await request(gateway.getHttpServer()).post('/api/analytics/page-view').set('traceparent', traceparent).send({ path: '/', referrer: '', sessionId: 'sync-trace' });
    expect(res.status).toBe(202);
    const server = gatewaySpan();
    const publish = spans().find((span) => span.kind === SpanKind.PRODUCER);
    expect(publish?.spanContext().traceId).toBe(TRACE_ID);
    expect(publish?.parentSpanContext?.spanId).toBe(server.spanContext().spanId);
    // The request's log line, with its request id and trace, from the plain request logger.
    const line = logged.find((entry) => entry['msg'] === 'request completed' && (entry['req'] as { url?: string } | undefined)?.url === '/api/analytics/page-view');
    expect(line).toMatchObject({ trace_id: TRACE_ID, span_id: server.spanContext().spanId, req: { id: res.headers['x-request-id'] }, res: { statusCode: 202 } });
  });

  it('no request enters an AsyncLocalStorage scope (the request log is a plain middleware)', async () => {
    const entered = jest.spyOn(requestScope, 'run');
    try {
      await request(gateway.getHttpServer()).post('/api/analytics/page-view').send({ path: '/', referrer: '', sessionId: 'sync-trace' }).expect(202);
      await request(gateway.getHttpServer()).get('/api/health/live').expect(200);
      expect(entered).not.toHaveBeenCalled();
    } finally {
      entered.mockRestore();
    }
  });

  it('a photo page asks the photos service in the request’s trace', async () => {
    const res = await request(gateway.getHttpServer()).get('/photos/heron').set('traceparent', traceparent);
    expect(res.text).toContain('og:title');
    const server = gatewaySpan();
    const lookup = spans().find((span) => span.kind === SpanKind.CLIENT);
    expect(lookup?.parentSpanContext?.spanId).toBe(server.spanContext().spanId);
    expect(lookup?.spanContext().spanId).toBe(parentSeenAt('/api/photos/heron'));
  });
});
