import 'reflect-metadata';
import { createTestDatabase } from '@wildframe/platform/testing';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { RunningStandalone, startStandalone } from './standalone';

/**
 * The standalone composition over HTTP, with a real PostgreSQL (one test database), real files
 * and a stand-in web build. The embedded database and process signals are covered by
 * standalone.process.spec.ts against the built app.
 */
const GALLERY_FIRST_PAGE = 'public=true&sort=newest&page=1&pageSize=12';

describe('standalone app', () => {
  let running: RunningStandalone;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'wildframe-standalone-'));
    const webDir = join(dataDir, 'web');
    mkdirSync(join(webDir, 'assets'), { recursive: true });
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Wildframe</title><div id="root"></div>');
    writeFileSync(join(webDir, 'assets', 'app-abc123.js'), 'console.log("app")');
    writeFileSync(join(webDir, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
    // A stand-in for the gallery's server render (frontend app/server-render): it writes out the answer it was given.
    mkdirSync(join(webDir, 'ssr'));
    writeFileSync(join(webDir, 'ssr', 'gallery.html'), '<!doctype html><title>Wildframe</title><div id="root"><!--ssr-outlet--></div>');
    writeFileSync(
      join(webDir, 'ssr', 'gallery-render.cjs'),
      `exports.galleryApiQuery = (search) => (search === '' ? '${GALLERY_FIRST_PAGE}' : null);
exports.renderGallery = async (search, page) => ({ markup: '<pre>' + JSON.stringify(page).replace(/</g, '\\u003c') + '</pre>', state: '' });
`,
    );
    // Demo content is covered by the process test; here it would only compete for the CPU.
    running = await startStandalone({ PORT: '0', DATA_DIR: dataDir, DATABASE_URL: database.url, WEB_DIR: webDir, LOG_LEVEL: 'warn', SEED_DEMO_CONTENT: 'false' });
  });

  afterAll(async () => {
    await running?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is healthy with every service database up', async () => {
    const res = await request(running.url).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      checks: {
        'database:auth': 'up',
        'database:photos': 'up',
        'database:analysis': 'up',
        'database:billing': 'up',
        'database:contact': 'up',
      },
    });
    expect((await request(running.url).get('/api/health/live')).body).toEqual({ status: 'ok' });
    expect((await request(running.url).get('/api/health/ready')).status).toBe(200);
  });

  it('applied each service migration into its own schema', async () => {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    const tables = await client.query<{ t: string }>(
      `SELECT table_schema || '.' || table_name AS t FROM information_schema.tables
       WHERE table_schema IN ('auth','photos','analysis','billing','contact') AND table_name NOT IN ('__migrations', 'processed_events')
       ORDER BY 1`,
    );
    await client.end();
    // Every service has its own tables in its own schema (later migrations add more).
    const found = tables.rows.map((r) => r.t);
    expect(found).toEqual(
      expect.arrayContaining(['analysis.ratings', 'auth.user_sessions', 'auth.users', 'billing.subscriptions', 'contact.contact_messages', 'photos.photos']),
    );
    for (const schema of ['auth', 'photos', 'analysis', 'billing', 'contact']) expect(found.some((t) => t.startsWith(`${schema}.`))).toBe(true);
  });

  it('serves the web app with SPA fallback for client routes', async () => {
    for (const path of ['/', '/gallery?page=2', '/photo/some-slug', '/no-such-page']) {
      const res = await request(running.url).get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toContain('<div id="root"></div>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const asset = await request(running.url).get('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('draws /gallery with the in-process photos service’s own answer to the first page', async () => {
    const res = await request(running.url).get('/gallery');
    expect(res.status).toBe(200);
    const drawn = /<div id="root"><pre>([^<]*)<\/pre><\/div>/.exec(res.text)?.[1];
    const api = await request(running.url).get(`/api/photos?${GALLERY_FIRST_PAGE}`);
    expect(JSON.parse(drawn ?? 'null')).toEqual(api.body);
    expect(api.body).toEqual(expect.objectContaining({ page: 1, pageSize: 12 }));
  });

  it('never serves source maps, even when the build left them', async () => {
    const res = await request(running.url).get('/assets/app-abc123.js.map');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('secret.ts');
  });

  it('never answers an unknown API route with the web app', async () => {
    const res = await request(running.url).get('/api/no-such-endpoint');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, message: 'Cannot GET /api/no-such-endpoint' });
  });

  it('answers malformed JSON in the error envelope', async () => {
    const res = await request(running.url).post('/api/contact').set('content-type', 'application/json').send('{oops');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, message: 'Request body is not valid JSON' });
  });

  it('sends security headers', async () => {
    const res = await request(running.url).get('/');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('answers a repeated gallery read from the cache with the same security headers, and 304 when unchanged', async () => {
    const first = await request(running.url).get('/api/photos?public=true&sort=oldest');
    const again = await request(running.url).get('/api/photos?public=true&sort=oldest');
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    for (const res of [first, again]) {
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-request-id']).toEqual(expect.any(String));
      expect(res.headers['cache-control']).toBe('public, no-cache');
    }
    expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect((await request(running.url).get('/api/photos?public=true&sort=oldest').set('If-None-Match', first.headers['etag'] as string)).status).toBe(304);
  });
});
