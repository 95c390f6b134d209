import express from 'express';
import { createServer, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { proxyMiddleware } from './proxy.middleware';

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
    app.use(proxyMiddleware({ photos }));
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

  it('answers 502 in the error envelope when the service is down', async () => {
    const res = await request(gateway('http://127.0.0.1:1')).get('/api/photos?public=true');
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ statusCode: 502, message: 'The photos service is unavailable. Please try again shortly.' });
  });
});
