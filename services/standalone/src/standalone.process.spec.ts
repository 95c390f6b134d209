import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { builtEntrypoint, RunningProcess, startProcess, waitForStatus } from './testing/child-process';

/**
 * The built standalone app as a user runs it: embedded PostgreSQL under DATA_DIR, real signals.
 * Proves a restart keeps data, a stop is clean and a second instance on one DATA_DIR is refused.
 */
describe('standalone process', () => {
  let dataDir: string;
  const started: RunningProcess[] = [];

  function start(env: Record<string, string> = {}): RunningProcess {
    const running = startProcess(builtEntrypoint('standalone'), { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', ...env });
    started.push(running);
    return running;
  }

  async function startReady(): Promise<{ running: RunningProcess; url: string }> {
    const running = start();
    const [, url] = await running.waitFor(/Wildframe is ready at (http:\/\/localhost:\d+)/, 90_000);
    return { running, url: url as string };
  }

  /** The embedded database's address is on disk: its port in postmaster.pid, the password beside it. */
  async function connectEmbedded(): Promise<Client> {
    const port = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3];
    const password = readFileSync(join(dataDir, 'postgres.password'), 'utf8').trim();
    const client = new Client({ host: '127.0.0.1', port: Number(port), user: 'wildframe', password, database: 'wildframe' });
    await client.connect();
    return client;
  }

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'wildframe-process-'));
    // mkdtemp makes the folder private; as root, the embedded PostgreSQL's own user must enter it.
    chmodSync(dataDir, 0o755);
  });

  afterAll(async () => {
    for (const running of started) if (running.child.exitCode === null) running.child.kill('SIGKILL');
    await Promise.all(started.map((r) => r.exited));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts with no configuration, stops cleanly on SIGTERM and keeps data across a restart', async () => {
    const first = await startReady();
    const health = await waitForStatus(`${first.url}/api/health`, 200);
    expect(((await health.json()) as { status: string }).status).toBe('ok');

    // First start seeds the demo account's public photos, some featured, and the home page images.
    const deadline = Date.now() + 150_000;
    let seeded: { total: number } = { total: 0 };
    while (Date.now() < deadline && seeded.total < 12) {
      seeded = (await (await fetch(`${first.url}/api/photos?public=true`)).json()) as { total: number };
      if (seeded.total < 12) await new Promise((r) => setTimeout(r, 500));
    }
    expect(seeded.total).toBe(12);
    expect(((await (await fetch(`${first.url}/api/featured-photos`)).json()) as unknown[]).length).toBe(6);
    for (const asset of ['homepage-hero-grand-teton', 'homepage-wildlife-sample', 'homepage-editing-background']) {
      expect((await fetch(`${first.url}/api/assets/${asset}`)).headers.get('content-type')).toBe('image/webp');
    }
    const photo = (((await (await fetch(`${first.url}/api/photos?public=true&search=Kingfisher`)).json()) as { photos: Array<{ slug: string }> }).photos[0]);
    const detail = (await (await fetch(`${first.url}/api/photos/${photo?.slug}`)).json()) as { credit: { author: string; licence: string } };
    expect(detail.credit).toMatchObject({ author: 'Frank-2.0', licence: 'CC0-1.0' });

    const client = await connectEmbedded();
    await client.query(
      `INSERT INTO auth.users (email, password_hash, first_name, last_name) VALUES ('kept@example.com', 'x', 'Kept', 'User')`,
    );
    await client.end();

    // A second instance on the same DATA_DIR is refused while the first runs.
    const second = start();
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is already using the data folder');
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);

    first.running.child.kill('SIGTERM');
    expect(await first.running.exited).toBe(0);
    expect(existsSync(join(dataDir, 'wildframe.lock'))).toBe(false);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const again = await startReady();
    await waitForStatus(`${again.url}/api/health`, 200);
    const reconnect = await connectEmbedded();
    const rows = await reconnect.query(`SELECT first_name FROM auth.users WHERE email = 'kept@example.com'`);
    const migrations = await reconnect.query(`SELECT count(*)::int AS n FROM auth.__migrations`);
    await reconnect.end();
    expect(rows.rows).toEqual([{ first_name: 'Kept' }]);
    expect(migrations.rows[0].n).toBeGreaterThanOrEqual(2);
    // Demo content is added once: a restart does not add it again.
    expect(((await (await fetch(`${again.url}/api/photos?public=true`)).json()) as { total: number }).total).toBe(12);

    again.running.child.kill('SIGINT');
    expect(await again.running.exited).toBe(0);
  }, 300_000);

  it('refuses a wrong setting with a message naming the variable', async () => {
    const running = start({ PORT: 'eighty' });
    expect(await running.exited).toBe(1);
    expect(running.output()).toContain("PORT: must be a port number (got 'eighty')");
    expect(existsSync(join(dataDir, 'wildframe.lock'))).toBe(false);
  });
});
