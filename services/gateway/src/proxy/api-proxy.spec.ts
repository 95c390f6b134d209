import express from 'express';
import { createServer, IncomingMessage, request as httpRequest, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { decodeIdentityHeader, encodeIdentityHeader, IDENTITY_HEADER, startTracing, type Tracing } from '@wildframe/platform';
import { ApiProxy, type ApiProxyOptions } from './api-proxy';

/** The proxy in front of an Express app, as the gateway installs it in front of its own. */
function inFront(options: ApiProxyOptions): express.RequestHandler {
  const proxy = new ApiProxy(options);
  return (req, res, next) => {
    if (!proxy.handle(req, res)) next();
  };
}

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  bodyBytes: number;
}

describe('gateway proxy', () => {
  let upstream: Server;
  let upstreamUrl: string;
  const seen: Seen[] = [];

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      let bodyBytes = 0;
      req.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, bodyBytes });
        res.setHeader('x-upstream', 'photos');
        res.setHeader('content-type', 'application/json');
        res.setHeader('connection', 'close');
        res.statusCode = req.url?.includes('missing') ? 404 : 201;
        res.end(JSON.stringify({ bodyBytes }));
      });
    });
    await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((done) => upstream.close(() => done())));

  function gateway(photos: string): express.Express {
    const app = express();
    app.use(inFront({ upstreams: { photos } }));
    app.use((_req, res) => res.status(418).json({ statusCode: 418, message: 'gateway itself' }));
    return app;
  }

  it('forwards method, path, query, headers and a streamed body to the owning service', async () => {
    const body = Buffer.alloc(3 * 1024 * 1024, 7);
    const res = await request(gateway(upstreamUrl))
      .post('/api/photos/upload?x=1')
      .set('authorization', 'Bearer t0k')
      .set('content-type', 'application/octet-stream')
      .send(body);
    expect(res.status).toBe(201);
    expect(res.headers['x-upstream']).toBe('photos');
    expect(res.body).toEqual({ bodyBytes: body.length });
    const last = seen[seen.length - 1];
    expect(last).toMatchObject({ method: 'POST', url: '/api/photos/upload?x=1', bodyBytes: body.length });
    expect(last?.headers['authorization']).toBe('Bearer t0k');
    expect(last?.headers['x-forwarded-for']).toBeDefined();
  });

  it('passes the service status through', async () => {
    expect((await request(gateway(upstreamUrl)).get('/api/photos/missing')).status).toBe(404);
  });

  it('leaves routes it does not own to the gateway', async () => {
    expect((await request(gateway(upstreamUrl)).get('/api/health')).status).toBe(418);
    expect((await request(gateway(upstreamUrl)).get('/api/auth/user')).status).toBe(418);
  });

  it('never forwards /api/internal/** from outside: 404 in the error envelope', async () => {
    const before = seen.length;
    const app = express();
    app.use(inFront({ upstreams: { auth: upstreamUrl, photos: upstreamUrl, analysis: upstreamUrl, billing: upstreamUrl } }));
    app.use((_req, res) => res.status(418).json({ statusCode: 418, message: 'gateway itself' }));
    for (const path of [
      '/api/internal/accounts/pending',
      '/api/internal/analysis/ratings/1',
      '/API/INTERNAL/accounts/pending',
      '/api/auth/../internal/accounts/pending',
      '/api/auth/%2e%2e/internal/accounts/pending',
      '/api/photos/%2E%2E/internal/analysis/analyze',
    ]) {
      const res = await request(app).post(path).set('x-internal-token', 'guessed').send({ email: 'a@b.c' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, message: `Cannot POST ${path}` });
    }
    expect(seen.length).toBe(before);
  });

  it('answers 502 in the error envelope when the service is down', async () => {
    const res = await request(gateway('http://127.0.0.1:1')).get('/api/photos?public=true');
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ statusCode: 502, message: 'The photos service is unavailable. Please try again shortly.' });
  });
});

describe('gateway proxy identity', () => {
  const secret = 'a-test-secret-that-is-long-enough-1234';
  let upstream: Server;
  let upstreamUrl: string;
  let lastHeaders: IncomingMessage['headers'] = {};

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      lastHeaders = req.headers;
      res.end('ok');
    });
    await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => upstream.close(() => done())));

  const ada = { userId: 'u-1', email: 'ada@example.com', firstName: 'Ada', lastName: 'B', plan: 'enthusiast' as const, isAdmin: false };

  function gateway(resolve: (token: string) => Promise<typeof ada | null>): express.Express {
    const app = express();
    app.use(inFront({ upstreams: { photos: upstreamUrl }, identity: { secret, resolve } }));
    return app;
  }

  it('resolves the bearer once and passes the caller signed; services can verify it', async () => {
    const seen: string[] = [];
    await request(gateway(async (token) => (seen.push(token), ada))).get('/api/photos').set('authorization', 'Bearer tok-1');
    expect(seen).toEqual(['tok-1']);
    const header = lastHeaders[IDENTITY_HEADER] as string;
    expect(decodeIdentityHeader(header, secret, new Date())).toEqual(ada);
    expect(decodeIdentityHeader(header, 'another-secret-that-is-long-enough-12', new Date())).toBeNull();
    expect(decodeIdentityHeader(header, secret, new Date(Date.now() + 10 * 60_000))).toBeNull();
  });

  it('drops an identity header forged by the client', async () => {
    const forged = encodeIdentityHeader({ ...ada, isAdmin: true }, 'guessed-secret-guessed-secret-guessed', new Date());
    await request(gateway(async () => null)).get('/api/photos').set(IDENTITY_HEADER, forged);
    expect(lastHeaders[IDENTITY_HEADER]).toBeUndefined();
    await request(gateway(async () => null)).get('/api/photos').set(IDENTITY_HEADER, forged).set('authorization', 'Bearer unknown');
    expect(lastHeaders[IDENTITY_HEADER]).toBeUndefined();
  });

  it('goes on as anonymous when auth cannot be asked', async () => {
    const res = await request(
      gateway(async () => {
        throw new Error('auth down');
      }),
    )
      .get('/api/photos')
      .set('authorization', 'Bearer tok');
    expect(res.status).toBe(200);
    expect(lastHeaders[IDENTITY_HEADER]).toBeUndefined();
  });
});

describe('gateway proxy connections and streaming', () => {
  let upstream: Server;
  let upstreamUrl: string;
  const connections = new Set<unknown>();
  let release: (() => void) | undefined;
  let upstreamClosed: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      if (req.url === '/api/photos/slow') {
        // Sends the first half, then waits for the test before sending the rest.
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('first half;');
        release = () => res.end('second half');
        upstreamClosed = new Promise((done) => res.once('close', () => done()));
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.setHeader('x-frame-options', 'DENY');
      res.end(JSON.stringify({ proto: req.headers['x-forwarded-proto'], forwardedFor: req.headers['x-forwarded-for'] }));
    });
    upstream.on('connection', (socket) => connections.add(socket));
    await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => upstream.close(() => done())));

  const headers = [['X-Frame-Options', 'SAMEORIGIN'], ['X-Content-Type-Options', 'nosniff']] as const;

  function gateway(trustLoopback = false): { app: express.Express; proxy: ApiProxy } {
    const proxy = new ApiProxy({ upstreams: { photos: upstreamUrl }, responseHeaders: headers, trustProxy: () => (address) => trustLoopback && address === '127.0.0.1' });
    const app = express();
    app.use((req, res, next) => {
      if (!proxy.handle(req, res)) next();
    });
    return { app, proxy };
  }

  it('keeps one upstream connection for requests one after another', async () => {
    const { app, proxy } = gateway();
    const server = createServer(app);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const before = connections.size;
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/photos/x`;
      for (let i = 0; i < 5; i++) expect((await fetch(url)).status).toBe(200);
      expect(connections.size - before).toBe(1);
    } finally {
      proxy.close();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    }
  });

  it('adds the gateway’s security headers unless the service set its own, and says which scheme the client used', async () => {
    const plain = await request(gateway().app).get('/api/photos/x');
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.headers['x-frame-options']).toBe('DENY');
    expect(plain.body.proto).toBe('http');
    // The client's own header is believed only from a trusted proxy.
    expect((await request(gateway().app).get('/api/photos/x').set('x-forwarded-proto', 'https')).body.proto).toBe('http');
    expect((await request(gateway(true).app).get('/api/photos/x').set('x-forwarded-proto', 'https')).body.proto).toBe('https');
  });

  it('answers a malformed Host with 400 and forwards nothing', async () => {
    const { app } = gateway();
    const res = await request(app).get('/api/photos/x').set('Host', 'bad host');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, message: 'Invalid Host header' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('streams the answer as it comes, and stops the service’s work when the client leaves', async () => {
    const { app, proxy } = gateway();
    const server = createServer(app);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/photos/slow`);
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      // The first half arrives while the service has not finished.
      expect(new TextDecoder().decode((await reader.read()).value)).toBe('first half;');
      await reader.cancel();
      await upstreamClosed;
      release?.();
    } finally {
      proxy.close();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    }
  });
});

describe('gateway proxy upstream connections closed by the service, and large uploads', () => {
  let upstream: Server;
  let upstreamUrl: string;
  const requestsOnSocket = new WeakMap<object, number>();
  let received: Array<{ method: string; bodyBytes: number; expect: string | undefined }> = [];

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      const count = (requestsOnSocket.get(req.socket) ?? 0) + 1;
      requestsOnSocket.set(req.socket, count);
      // As a service closing a kept connection just as the gateway reuses it: the second request on it is dropped unanswered.
      if (req.url?.startsWith('/api/photos/drops-reused') && count > 1) return void req.socket.destroy();
      let bodyBytes = 0;
      req.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
      req.on('end', () => {
        received.push({ method: req.method ?? '', bodyBytes, expect: req.headers['expect'] });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ bodyBytes, requestOnConnection: count }));
      });
    });
    await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => upstream.close(() => done())));
  beforeEach(() => (received = []));

  async function withGateway(fn: (url: string) => Promise<void>): Promise<void> {
    const proxy = new ApiProxy({ upstreams: { photos: upstreamUrl } });
    const server = createServer((req, res) => {
      if (!proxy.handle(req, res)) res.writeHead(418).end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      await fn(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    } finally {
      proxy.close();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    }
  }

  it('sends a request without a body again, once, on a new connection when the kept one was closed', async () => {
    await withGateway(async (url) => {
      expect((await fetch(`${url}/api/photos/drops-reused`)).status).toBe(200);
      const again = await fetch(`${url}/api/photos/drops-reused`);
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ bodyBytes: 0, requestOnConnection: 1 });
    });
  });

  it('does not send a body twice: an upload on a connection the service closed answers 502', async () => {
    await withGateway(async (url) => {
      expect((await fetch(`${url}/api/photos/drops-reused`)).status).toBe(200);
      const res = await fetch(`${url}/api/photos/drops-reused`, { method: 'POST', body: Buffer.alloc(1024, 1), headers: { 'content-type': 'application/octet-stream' } });
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ statusCode: 502, message: 'The photos service is unavailable. Please try again shortly.' });
      expect(received.filter((r) => r.method === 'POST')).toEqual([]);
    });
  });

  it('streams a 30 MB upload sent with Expect: 100-continue (as curl sends large bodies)', async () => {
    await withGateway(async (url) => {
      const body = Buffer.alloc(30 * 1024 * 1024, 3);
      const { port } = new URL(url);
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/api/photos/upload', headers: { expect: '100-continue', 'content-type': 'application/octet-stream', 'content-length': body.length } });
        req.on('continue', () => req.end(body));
        req.on('response', (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        req.on('error', reject);
      });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ bodyBytes: body.length });
      // The gateway answered the client's 100-continue itself; the service gets the body without the expectation.
      expect(received).toEqual([{ method: 'POST', bodyBytes: body.length, expect: undefined }]);
    });
  });
});

describe('gateway proxy spans', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  let upstream: Server;
  let upstreamUrl: string;

  beforeAll(async () => {
    tracing = startTracing({ service: 'proxy-spec', env: {}, spanProcessors: [new SimpleSpanProcessor(exporter)] });
    // Never answers: the client gives up first.
    upstream = createServer(() => undefined);
    await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    upstream.closeAllConnections();
    await new Promise<void>((done) => upstream.close(() => done()));
    await tracing.shutdown();
  });

  it('ends the CLIENT span (as an error) and the SERVER span when the client leaves before the service answers', async () => {
    const proxy = new ApiProxy({ upstreams: { photos: upstreamUrl } });
    const server = createServer((req, res) => {
      if (!proxy.handle(req, res)) res.writeHead(418).end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const gone = new AbortController();
      const call = fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/photos/waits`, { signal: gone.signal });
      await new Promise((done) => setTimeout(done, 200));
      gone.abort();
      await expect(call).rejects.toThrow();
      const ended = async (kind: SpanKind): Promise<ReadableSpan | undefined> => {
        for (let i = 0; i < 50; i++) {
          const span = exporter.getFinishedSpans().find((s) => s.kind === kind);
          if (span) return span;
          await new Promise((done) => setTimeout(done, 20));
        }
        return undefined;
      };
      expect((await ended(SpanKind.CLIENT))?.status.code).toBe(SpanStatusCode.ERROR);
      expect((await ended(SpanKind.SERVER))?.status.code).toBe(SpanStatusCode.ERROR);
    } finally {
      proxy.close();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    }
  });
});
