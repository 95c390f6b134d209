import { encodeIdentityHeader, IDENTITY_HEADER } from '@wildframe/platform';
import { createTestDatabase } from '@wildframe/platform/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { Client } from 'pg';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtEntrypoint, freePort, startProcess, waitForStatus } from './testing/child-process';

/**
 * The distributed shape's entrypoints: each service's built main.ts starts alone from its own
 * configuration against a PostgreSQL given by URL, applies its migrations and answers health.
 */
describe('each service starts alone', () => {
  let storageDir: string;
  beforeAll(() => {
    storageDir = mkdtempSync(join(tmpdir(), 'wildframe-service-'));
  });
  afterAll(() => rmSync(storageDir, { recursive: true, force: true }));

  /** What the Helm chart gives each service besides its database: the shared Secret and the computed URLs. */
  const CHART_ENV: Record<string, Record<string, string>> = {
    photos: { ANALYSIS_URL: 'http://127.0.0.1:1', IMAGE_URL_SECRET: 'entrypoint-test-image-url-secret-0123456789' },
    // A development deployment: sandbox payments must be allowed explicitly.
    billing: { AUTH_URL: 'http://127.0.0.1:1', PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'true' },
  };

  it.each(['auth', 'photos', 'analysis', 'billing', 'contact'])(
    '%s: migrates its own schema and answers /api/health',
    async (service) => {
      const database = await createTestDatabase();
      const port = await freePort();
      const running = startProcess(builtEntrypoint(service), {
        DATABASE_URL: database.url,
        PORT: String(port),
        LISTEN_HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        STORAGE_DIR: storageDir,
        // Services with an internal API (auth, analysis) require its shared token when started alone.
        INTERNAL_API_TOKEN: 'entrypoint-test-internal-token',
        IDENTITY_SECRET: 'entrypoint-test-identity-secret-0123456789',
        ...CHART_ENV[service],
      });
      try {
        const res = await waitForStatus(`http://127.0.0.1:${port}/api/health`, 200);
        expect(await res.json()).toEqual({ status: 'ok', checks: { [`database:${service}`]: 'up' } });
        running.child.kill('SIGTERM');
        expect(await running.exited).toBe(0);
      } finally {
        if (running.child.exitCode === null) running.child.kill('SIGKILL');
        await running.exited;
        await database.drop();
      }
    },
    60_000,
  );

  it('a migration Job entrypoint applies a service migrations and exits', async () => {
    const database = await createTestDatabase();
    try {
      const running = startProcess(builtEntrypoint('photos').replace(/main\.js$/, 'migrate.js'), { DATABASE_URL: database.url });
      expect(await running.exited).toBe(0);
      expect(running.output()).toMatch(/photos: \d+ migrations applied/);
    } finally {
      await database.drop();
    }
  });

  it('gateway: starts without a database and answers /api/health', async () => {
    const port = await freePort();
    const running = startProcess(builtEntrypoint('gateway'), { PORT: String(port), LOG_LEVEL: 'warn' });
    try {
      const res = await waitForStatus(`http://127.0.0.1:${port}/api/health`, 200);
      expect(await res.json()).toEqual({ status: 'ok', checks: {} });
    } finally {
      running.child.kill('SIGTERM');
      expect(await running.exited).toBe(0);
    }
  });

  it('a service without DATABASE_URL refuses to start and names the variable', async () => {
    const running = startProcess(builtEntrypoint('auth'), { PORT: '0' });
    expect(await running.exited).toBe(1);
    expect(running.output()).toContain('Invalid configuration for auth:');
    expect(running.output()).toContain('DATABASE_URL is required');
  });

  it.each(['auth', 'analysis'])('%s without INTERNAL_API_TOKEN refuses to start and names the variable', async (service) => {
    const running = startProcess(builtEntrypoint(service), { PORT: '0', DATABASE_URL: 'postgres://127.0.0.1:1/none' });
    expect(await running.exited).toBe(1);
    expect(running.output()).toContain(`Invalid configuration for ${service}:`);
    expect(running.output()).toContain('INTERNAL_API_TOKEN is required when the internal API is exposed');
  });

  it('photos without IMAGE_URL_SECRET refuses to start and names the variable (replicas must share it)', async () => {
    const running = startProcess(builtEntrypoint('photos'), { PORT: '0', DATABASE_URL: 'postgres://127.0.0.1:1/none' });
    expect(await running.exited).toBe(1);
    expect(running.output()).toContain('Invalid configuration for photos:');
    expect(running.output()).toContain('IMAGE_URL_SECRET is required');
  });

  it("auth's entrypoint serves the internal accounts API, to holders of the token only", async () => {
    const database = await createTestDatabase();
    const port = await freePort();
    const running = startProcess(builtEntrypoint('auth'), {
      DATABASE_URL: database.url,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      STORAGE_DIR: storageDir,
      INTERNAL_API_TOKEN: 'entrypoint-test-internal-token',
    });
    try {
      await waitForStatus(`http://127.0.0.1:${port}/api/health`, 200);
      const url = `http://127.0.0.1:${port}/api/internal/accounts/pending`;
      const body = JSON.stringify({ email: 'entry@example.com', firstName: 'En', lastName: 'Try', password: 'entrypoint-1' });
      const headers = { 'content-type': 'application/json' };
      expect((await fetch(url, { method: 'POST', headers, body })).status).toBe(401);
      const created = await fetch(url, { method: 'POST', headers: { ...headers, 'x-internal-token': 'entrypoint-test-internal-token' }, body });
      expect(created.status).toBe(201);
      expect(await created.json()).toEqual({ userId: expect.any(String) });
    } finally {
      running.child.kill('SIGTERM');
      await running.exited;
      await database.drop();
    }
  });

  it('analysis: believes the caller the gateway signed with the shared IDENTITY_SECRET', async () => {
    const database = await createTestDatabase();
    const port = await freePort();
    const secret = 'entrypoint-test-identity-secret-0123456789';
    const running = startProcess(builtEntrypoint('analysis'), {
      DATABASE_URL: database.url,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      INTERNAL_API_TOKEN: 'entrypoint-test-internal-token',
      IDENTITY_SECRET: secret,
      ANALYSIS_WARM_UP: 'false',
    });
    try {
      await waitForStatus(`http://127.0.0.1:${port}/api/health`, 200);
      const url = `http://127.0.0.1:${port}/api/photos/5b1f7c2e-8a43-4c1e-9a57-2a8a1d3c9e01/editing-suggestions`;
      const body = JSON.stringify({ platform: 'lightroom' });
      const headers = { 'content-type': 'application/json' };
      expect((await fetch(url, { method: 'POST', headers, body })).status).toBe(401);
      const member = { userId: '0c6f8f57-4a0e-4a39-9f0e-1b2d3c4e5f60', email: 'm@example.org', firstName: 'M', lastName: 'E', plan: 'professional' as const, isAdmin: false };
      const signed = await fetch(url, { method: 'POST', headers: { ...headers, [IDENTITY_HEADER]: encodeIdentityHeader(member, secret, new Date()) }, body });
      // Signed in: past the sign-in check (the photo does not exist here).
      expect(signed.status).not.toBe(401);
    } finally {
      running.child.kill('SIGTERM');
      await running.exited;
      await database.drop();
    }
  });

  it('a database that is down makes readiness fail (saying why) but not liveness, and the service recovers when it is back, without a restart', async () => {
    const database = await createTestDatabase();
    const name = new URL(database.url).pathname.slice(1);
    const admin = new Client({ connectionString: process.env['TEST_DATABASE_URL'] });
    await admin.connect();
    const port = await freePort();
    const running = startProcess(builtEntrypoint('contact'), { DATABASE_URL: database.url, PORT: String(port), LOG_LEVEL: 'warn' });
    try {
      await waitForStatus(`http://127.0.0.1:${port}/api/health`, 200);
      // The outage: the service's connections are cut and new ones refused.
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      const res = await waitForStatus(`http://127.0.0.1:${port}/api/health/ready`, 503);
      expect(await res.json()).toEqual({
        statusCode: 503,
        message: expect.stringMatching(/^Service not ready \(database:contact: .*not currently accepting connections/),
        status: 'unavailable',
        checks: { 'database:contact': 'down' },
      });
      expect((await fetch(`http://127.0.0.1:${port}/api/health/live`)).status).toBe(200);

      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      const back = await waitForStatus(`http://127.0.0.1:${port}/api/health/ready`, 200);
      expect(await back.json()).toEqual({ status: 'ok', checks: { 'database:contact': 'up' } });
      // A write goes through again, in the same process.
      const sent = await fetch(`http://127.0.0.1:${port}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Back Again', email: 'back@example.org', subject: 'After the outage', message: 'The database is back and so is the contact form.', category: 'feedback' }),
      });
      expect(sent.status).toBe(201);
      expect(running.child.exitCode).toBeNull();
    } finally {
      running.child.kill('SIGTERM');
      await running.exited;
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`).catch(() => undefined);
      await admin.end();
      await database.drop();
    }
  });
});
