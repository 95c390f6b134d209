import 'reflect-metadata';
import { createTestDatabase } from '@wildframe/platform/testing';
import type { OpenApiObject } from '@wildframe/platform';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { RunningStandalone, startStandalone } from '../standalone';
import { workspaceRoot } from '../workspace-root';
import { publicApiDocument } from './public-api';

const ROOT = workspaceRoot();

/** The endpoints of the spec's API table (section 3), as OpenAPI operations. */
const SPEC_ENDPOINTS = [
  'GET /api/featured-photos',
  'GET /api/auth/user',
  'POST /api/auth/logout',
  'POST /api/auth/signup',
  'POST /api/auth/login',
  'POST /api/auth/forgot-password',
  'POST /api/auth/verify-security-answers',
  'POST /api/auth/reset-password',
  'POST /api/create-subscription-signup',
  'POST /api/complete-subscription',
  'POST /api/complete-subscription-upgrade',
  'POST /api/get-or-create-subscription',
  'POST /api/cancel-subscription',
  'GET /api/upload-limits',
  'POST /api/photos/upload',
  'GET /api/photos',
  'GET /api/photos/{id}', // the spec's {slugOrId}: a slug or an id
  'POST /api/photos/{id}/view',
  'POST /api/photos/{id}/like',
  'POST /api/photos/{id}/editing-suggestions',
  'PUT /api/photos/{id}/description',
  'GET /api/photos/{id}/download',
  'POST /api/photos/{id}/toggle-public',
  'GET /api/photos/{id}/image',
  'GET /api/assets/{name}',
  'PUT /api/user/profile',
  'POST /api/user/avatar',
  'GET /api/user/stats',
  'GET /api/user/photos',
  'GET /api/user/security-questions',
  'POST /api/user/security-questions',
  'POST /api/contact',
  'GET /api/admin/users',
  'GET /api/admin/photos',
  'GET /api/admin/contact-messages',
  'DELETE /api/admin/photos/{id}',
  'PATCH /api/admin/users/{id}/plan',
  'DELETE /api/admin/users/{id}',
  'POST /api/admin/photos/{id}/toggle-featured',
  'PATCH /api/admin/contact-messages/{id}/status',
  'POST /api/admin/contact-messages/{id}/response',
  'PATCH /api/admin/contact-messages/{id}/archive',
  'DELETE /api/admin/contact-messages/{id}',
];

/** Beyond the table: images, sandbox payments, health and the app's own routes. */
const EXTRA_ENDPOINTS = [
  'GET /api/users/{id}/avatar',
  'DELETE /api/photos/{id}',
  'GET /api/plans',
  'GET /api/billing/config',
  'GET /api/billing/subscription',
  'POST /api/billing/sandbox/confirm-setup',
  'POST /api/billing/sandbox/confirm-payment',
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/site/config',
  'POST /api/analytics/page-view',
  // Community: member critiques, photographer pages and the preference that makes one public.
  'GET /api/photos/{id}/member-ratings',
  'PUT /api/photos/{id}/member-ratings/mine',
  'DELETE /api/photos/{id}/member-ratings/{ratingId}',
  'GET /api/photographers/{id}',
  'GET /api/user/preferences',
  'PUT /api/user/preferences',
];

function operations(document: OpenApiObject): string[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) => Object.keys(item as object).map((method) => `${method.toUpperCase()} ${path}`));
}

/** Validates with @seriousme/openapi-schema-validator (its CLI: the package is ESM-only). */
function validate(document: unknown): { valid: boolean; errors?: unknown } {
  const dir = mkdtempSync(join(tmpdir(), 'wildframe-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const run = spawnSync(process.execPath, [join(ROOT, 'node_modules', '@seriousme', 'openapi-schema-validator', 'bin', 'validate-api-cli.js'), file], { encoding: 'utf8' });
    return JSON.parse(run.stdout) as { valid: boolean; errors?: unknown };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the OpenAPI document built from the services’ schemas', () => {
  const document = publicApiDocument();

  it('is valid OpenAPI 3.1', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(validate(document)).toEqual({ valid: true });
  });

  it('the validator refuses a broken document (so the check above can fail)', () => {
    const broken = { ...document, paths: { '/api/x': { get: { responses: { '200': { content: 'not an object' } } } } } };
    expect(validate(broken).valid).toBe(false);
  });

  it('lists every endpoint of the spec’s table and the extra ones', () => {
    const listed = operations(document);
    expect(SPEC_ENDPOINTS.filter((op) => !listed.includes(op))).toEqual([]);
    expect(EXTRA_ENDPOINTS.filter((op) => !listed.includes(op))).toEqual([]);
    expect(listed).toContain('POST /api/billing/webhook');
  });

  it('documents the error envelope on every operation and bearer security where a session is needed', () => {
    expect(document.components?.securitySchemes?.['bearerAuth']).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, op] of Object.entries(item as Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }>; security?: unknown[] }>)) {
        const fallback = op.responses['default']?.content?.['application/json']?.schema;
        expect([`${method} ${path}`, fallback]).toEqual([`${method} ${path}`, { $ref: '#/components/schemas/ErrorEnvelope' }]);
        if (path.startsWith('/api/admin/') || path.startsWith('/api/user/')) expect([`${method} ${path}`, op.security]).toEqual([`${method} ${path}`, [{ bearerAuth: [] }]]);
      }
    }
  });

  it('the web’s generated API types are up to date (npm run api:types regenerates them)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wildframe-api-types-'));
    try {
      writeFileSync(join(dir, 'openapi.json'), JSON.stringify(document));
      execFileSync(process.execPath, [join(ROOT, 'tools', 'api-types.mjs'), '--document', join(dir, 'openapi.json'), '--out', join(dir, 'openapi.ts')]);
      const committed = readFileSync(join(ROOT, 'frontend', 'src', 'api', 'generated', 'openapi.ts'), 'utf8');
      // One assertion on the whole file would print thousands of lines; say what to do instead.
      const fresh = readFileSync(join(dir, 'openapi.ts'), 'utf8') === committed;
      if (!fresh) throw new Error('frontend/src/api/generated/openapi.ts is stale: run `npm run api:types` and commit it');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the running app serves its document and a reference page', () => {
  let running: RunningStandalone;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'wildframe-openapi-app-'));
    running = await startStandalone({ PORT: '0', DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: 'warn', SEED_DEMO_CONTENT: 'false' });
  });

  afterAll(async () => {
    await running?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('GET /api/openapi.json: valid OpenAPI 3.1 with every endpoint of the spec’s table', async () => {
    const res = await request(running.url).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(validate(res.body)).toEqual({ valid: true });
    const listed = operations(res.body as OpenApiObject);
    expect(SPEC_ENDPOINTS.filter((op) => !listed.includes(op))).toEqual([]);
    // The sandbox is mounted by default; Stripe's webhook is not.
    expect(listed).toContain('POST /api/billing/sandbox/confirm-setup');
    expect(listed).not.toContain('POST /api/billing/webhook');
  });

  it('GET /api/docs: a page whose scripts and styles are served by the app itself', async () => {
    const page = await request(running.url).get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);
    expect(assets).toEqual(['/api/docs/swagger-ui.css', '/api/docs/swagger-ui-bundle.js', '/api/docs/init.js']);
    for (const asset of assets) {
      const res = await request(running.url).get(asset);
      expect([asset, res.status]).toEqual([asset, 200]);
      expect(res.headers['content-type']).toMatch(/^text\/(css|javascript)/);
    }
    expect((await request(running.url).get('/api/docs/init.js')).text).toContain("url: '/api/openapi.json'");
    expect((await request(running.url).get('/api/docs/package.json')).status).toBe(404);
  });

  it('holds requests to the contract: 405 for a method a documented path lacks, 415 for a body type it does not take, 413 over the limit', async () => {
    const wrongMethod = await request(running.url).patch('/api/auth/login').send({});
    expect([wrongMethod.status, wrongMethod.headers['allow'], wrongMethod.body]).toEqual([405, 'POST', { statusCode: 405, message: 'Method PATCH is not allowed here' }]);
    // A concrete path is matched before a template: /api/photos/upload has POST only, not the methods of /api/photos/{id}.
    expect((await request(running.url).put('/api/photos/upload')).headers['allow']).toBe('POST');
    expect((await request(running.url).delete('/api/photos/upload')).status).toBe(405);
    expect((await request(running.url).delete('/api/photos/some-slug')).status).toBe(401);
    const wrongType = await request(running.url).post('/api/auth/login').set('Content-Type', 'text/plain').send('email=a@b.c');
    expect(wrongType.body).toEqual({ statusCode: 415, message: 'Content-Type must be application/json' });
    const tooLarge = await request(running.url).post('/api/contact').send({ name: 'x', email: 'a@example.com', subject: 's', message: 'm'.repeat(1_100_000), category: 'support' });
    expect([tooLarge.status, tooLarge.body.statusCode, typeof tooLarge.body.message]).toEqual([413, 413, 'string']);
    // Undocumented paths are left to their routes (404 here).
    expect((await request(running.url).patch('/api/no-such-thing')).status).toBe(404);
  });
});
