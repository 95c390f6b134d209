import { createTestDatabase } from '@wildframe/platform/testing';
import { builtEntrypoint, RunningProcess, startProcess, waitForStatus } from './testing/child-process';

/**
 * The built auth entrypoint (distributed shape) with METRICS_PORT: its /metrics, on a port of
 * its own, shows a request and the event it caused. Scraped before and after, so each counter is
 * seen to move, not merely to exist.
 */
describe('service metrics (built auth entrypoint)', () => {
  let database: { url: string; drop(): Promise<void> };
  let running: RunningProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGKILL');
      await running.exited;
    }
    await database.drop();
  });

  /** The value of one sample (metric name plus exact label set), 0 when absent. */
  function sample(text: string, name: string, labels: Record<string, string>): number {
    for (const line of text.split('\n')) {
      if (!line.startsWith(`${name}{`)) continue;
      const labelText = line.slice(name.length + 1, line.lastIndexOf('}'));
      const found = Object.fromEntries([...labelText.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
      if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
    return 0;
  }

  it('counts the request by route and status, the published event, and reports the pool and outbox', async () => {
    running = startProcess(builtEntrypoint('auth'), {
      PORT: '0',
      METRICS_PORT: '0',
      LOG_LEVEL: 'info',
      DATABASE_URL: database.url,
      IDENTITY_SECRET: 'metrics-test-identity-secret-0123456789',
      INTERNAL_API_TOKEN: 'metrics-test-internal-token',
      STORAGE_DIR: '/tmp/wildframe-metrics-test-storage',
    });
    const [, appPort] = await running.waitFor(/"port":(\d+)[^\n]*auth listening/, 60_000);
    const [, metricsPort] = await running.waitFor(/auth metrics on port (\d+)/, 10_000);
    const app = `http://127.0.0.1:${appPort}`;
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    await waitForStatus(`${app}/api/health/ready`, 200);

    const before = await (await fetch(metricsUrl)).text();
    const route = { method: 'POST', route: '/api/auth/signup', status: '201' };
    const topic = { topic: 'auth.user.registered.v1' };
    expect(sample(before, 'http_request_duration_seconds_count', route)).toBe(0);

    const signup = await fetch(`${app}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'metrics@example.com', firstName: 'Mia', lastName: 'Metrics', password: 'a-long-password-1', plan: 'explorer' }),
    });
    expect(signup.status).toBe(201);

    // The outbox relays the event right after the commit; poll the scrape until it shows.
    const deadline = Date.now() + 15_000;
    let after = '';
    do {
      after = await (await fetch(metricsUrl)).text();
      if (sample(after, 'events_published_total', topic) >= 1) break;
      await new Promise((r) => setTimeout(r, 200));
    } while (Date.now() < deadline);

    expect(sample(after, 'http_request_duration_seconds_count', route)).toBe(1);
    expect(sample(after, 'events_published_total', topic) - sample(before, 'events_published_total', topic)).toBe(1);
    expect(sample(after, 'db_pool_connections', { schema: 'auth', state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(/^outbox_backlog\{schema="auth"\} 0$/m);
    // The metrics port serves nothing else, and the app does not serve /metrics.
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/health/live`)).status).toBe(404);
    expect((await fetch(`${app}/metrics`)).status).toBe(404);

    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
  }, 120_000);
});
