import 'reflect-metadata';
import { Module } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createHttpApp, InProcessEventBus, loadConfig, PlatformModule } from '@wildframe/platform';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import request from 'supertest';
import { gatewayConfigSchema } from '../gateway.config';
import { configureGatewayHttp } from '../gateway.http';
import { GatewayModule } from '../gateway.module';
import { remoteSocialPreview } from './remote-photos';

const INDEX_HTML = '<!doctype html>\n<html>\n  <head>\n    <title>Wildframe</title>\n  </head>\n  <body></body>\n</html>\n';
const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
const HERON_ID = '3f1c2a9e-0000-4000-8000-000000000001';

/** The photos service's public GET /api/photos/:slugOrId, as an anonymous caller sees it. */
const PHOTOS: Record<string, { status: number; body?: unknown; delayMs?: number }> = {
  'grey-heron': {
    status: 200,
    body: {
      id: HERON_ID,
      slug: 'grey-heron',
      title: 'Grey heron & "dawn"',
      description: 'Standing still in the reeds.',
      isPublic: true,
      socialImageUrl: `/api/photos/${HERON_ID}/image?size=social`,
      imageUrl: `/api/photos/${HERON_ID}/image?size=display`,
    },
  },
  [HERON_ID]: { status: 200, body: { title: 'Grey heron', description: '', isPublic: true, socialImageUrl: `/api/photos/${HERON_ID}/image?size=social` } },
  'private-fox': { status: 404, body: { statusCode: 404, message: 'Photo not found' } },
  broken: { status: 500, body: { statusCode: 500, message: 'Internal server error' } },
  'off-site-image': { status: 200, body: { title: 'x', description: 'y', isPublic: true, socialImageUrl: '//evil.example/x.jpg' } },
  slow: { status: 200, delayMs: 3500, body: { title: 'Slow', description: '', isPublic: true, socialImageUrl: '/api/photos/1/image?size=social' } },
};

describe('photo pages in the distributed shape: previews from PHOTOS_URL over HTTP', () => {
  let photos: Server;
  let photosUrl: string;
  let webDir: string;
  let app: NestExpressApplication;
  const asked: Array<{ url: string; headers: Record<string, unknown> }> = [];

  beforeAll(async () => {
    photos = createServer((req, res) => {
      asked.push({ url: req.url ?? '', headers: req.headers });
      const key = decodeURIComponent((req.url ?? '').replace(/^\/api\/photos\//, ''));
      const answer = PHOTOS[key] ?? { status: 404, body: { statusCode: 404, message: 'Photo not found' } };
      const timer = setTimeout(() => {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      }, answer.delayMs ?? 0);
      res.on('close', () => clearTimeout(timer));
    });
    await new Promise<void>((done) => photos.listen(0, '127.0.0.1', done));
    photosUrl = `http://127.0.0.1:${(photos.address() as AddressInfo).port}`;

    webDir = mkdtempSync(join(tmpdir(), 'gateway-web-'));
    writeFileSync(join(webDir, 'index.html'), INDEX_HTML);
    @Module({
      imports: [
        PlatformModule.forRoot({ logging: { service: 'gateway', level: 'error', destination: silent }, eventBus: new InProcessEventBus() }),
        GatewayModule.register(loadConfig('gateway', gatewayConfigSchema, {})),
      ],
    })
    class TestGatewayModule {}
    app = await createHttpApp(TestGatewayModule);
    configureGatewayHttp(app, { webDir, upstreams: { photos: photosUrl } });
    await app.init();
  });

  afterAll(async () => {
    await app.close();
    photos.closeAllConnections();
    await new Promise<void>((done) => photos.close(() => done()));
    rmSync(webDir, { recursive: true, force: true });
  });

  it('puts the tags of a public photo in the page, asking anonymously', async () => {
    const res = await request(app.getHttpServer()).get('/photos/grey-heron').set('Authorization', 'Bearer member-token');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<meta property="og:title" content="Grey heron &amp; &quot;dawn&quot;" />');
    expect(res.text).toContain('<meta property="og:description" content="Standing still in the reeds." />');
    expect(res.text).toMatch(new RegExp(`<meta property="og:image" content="http://127\\.0\\.0\\.1:\\d+/api/photos/${HERON_ID}/image\\?size=social" />`));
    const last = asked[asked.length - 1];
    expect(last?.url).toBe('/api/photos/grey-heron');
    expect(last?.headers['authorization']).toBeUndefined();
  });

  it('works by id at /photo/:id', async () => {
    const res = await request(app.getHttpServer()).get(`/photo/${HERON_ID}`);
    expect(res.text).toContain('<meta property="og:title" content="Grey heron" />');
  });

  it.each(['private-fox', 'missing', 'broken', 'off-site-image'])('serves the plain page for %s', async (key) => {
    const res = await request(app.getHttpServer()).get(`/photos/${key}`);
    expect(res.status).toBe(200);
    expect(res.text).toBe(INDEX_HTML);
  });

  it('does not wait past the deadline for a slow photos service', async () => {
    const started = Date.now();
    const res = await request(app.getHttpServer()).get('/photos/slow');
    expect(res.text).toBe(INDEX_HTML);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('encodes the key in the path it asks for', async () => {
    await expect(remoteSocialPreview(photosUrl)('a b/../c?d')).resolves.toBeNull();
    expect(asked[asked.length - 1]?.url).toBe('/api/photos/a%20b%2F..%2Fc%3Fd');
    await expect(remoteSocialPreview(photosUrl)('..')).resolves.toBeNull();
  });

  it('rejects when the photos service cannot be reached', async () => {
    await expect(remoteSocialPreview('http://127.0.0.1:1')('grey-heron')).rejects.toThrow();
  });
});
