import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Client } from 'pg';
import { createTestDatabase } from '@wildframe/platform/testing';
import { workspaceRoot } from './workspace-root';
import { builtEntrypoint, RunningProcess, startProcess, waitForStatus } from './testing/child-process';

const PHOTO = join(workspaceRoot(), 'services/analysis/fixtures/photos/wildlife_mammal_tiger_in_snow_puzzlejigsaw.jpg');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/**
 * The built photos entrypoint gets SIGTERM while an upload is in flight (held at the analysis
 * call by a stand-in analysis service). Readiness fails at once, the upload still completes, the
 * outbox publishes its event, the process exits 0 — and what is stored is whole: every file
 * belongs to a photo row and every row's files exist.
 */
describe('graceful shutdown of a service (built photos entrypoint)', () => {
  let database: { url: string; drop(): Promise<void> };
  let storageDir: string;
  let analysis: Server;
  let analysisHit: () => void;
  const analysisCalled = new Promise<void>((resolve) => (analysisHit = resolve));
  let running: RunningProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    storageDir = mkdtempSync(join(tmpdir(), 'wildframe-shutdown-'));
    // Answers after 3 s, with an error: photos then keeps the photo without a rating.
    analysis = createServer((req, res) => {
      req.resume();
      analysisHit();
      setTimeout(() => res.writeHead(500, { 'content-type': 'application/json' }).end('{"statusCode":500,"message":"busy"}'), 3_000);
    });
    await new Promise<void>((resolve) => analysis.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGKILL');
      await running.exited;
    }
    analysis.close();
    await database.drop();
    rmSync(storageDir, { recursive: true, force: true });
  });

  it('fails readiness, finishes the upload in flight, flushes the outbox and exits 0', async () => {
    running = startProcess(builtEntrypoint('photos'), {
      PORT: '0',
      LOG_LEVEL: 'info',
      DATABASE_URL: database.url,
      STORAGE_DIR: storageDir,
      IDENTITY_SECRET: 'shutdown-test-identity-secret-0123456789',
      INTERNAL_API_TOKEN: 'shutdown-test-internal-token',
      IMAGE_URL_SECRET: 'shutdown-test-image-url-secret-0123456789',
      ANALYSIS_URL: `http://127.0.0.1:${(analysis.address() as AddressInfo).port}`,
      SHUTDOWN_DRAIN_DELAY_MS: '1000',
    });
    const [, port] = await running.waitFor(/"port":(\d+)[^\n]*photos listening/, 60_000);
    const app = `http://127.0.0.1:${port}`;
    await waitForStatus(`${app}/api/health/ready`, 200);

    const form = new FormData();
    form.append('title', 'Tiger in snow');
    form.append('description', 'A tiger resting in fresh snow.');
    form.append('category', 'wildlife');
    form.append('photo', new Blob([readFileSync(PHOTO)], { type: 'image/jpeg' }), 'tiger.jpg');
    const upload = fetch(`${app}/api/photos/upload`, { method: 'POST', body: form });

    // The upload is in flight once photos calls analysis; an early answer means it never got there.
    await Promise.race([
      analysisCalled,
      upload.then(async (res) => {
        throw new Error(`upload answered ${res.status} before calling analysis: ${await res.clone().text()}\n${running?.output()}`);
      }),
    ]);
    const signalledAt = Date.now();
    running.child.kill('SIGTERM');

    // Draining: readiness fails while the port still answers.
    const ready = await waitForStatus(`${app}/api/health/ready`, 503, 5_000);
    expect(await ready.json()).toMatchObject({ statusCode: 503, message: 'Service is shutting down' });

    const response = await upload;
    const body = (await response.json()) as { id?: string; slug?: string; statusCode?: number };
    expect(response.status).toBe(201);
    expect(await running.exited).toBe(0);
    const shutdownMs = Date.now() - signalledAt;
    expect(shutdownMs).toBeLessThan(20_000);
    expect(running.output()).toContain('requests in flight finished');

    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const photos = await client.query<{ id: string; storage_key: string; thumbnail_key: string; display_key: string }>(
        'SELECT id, storage_key, thumbnail_key, display_key FROM photos.photos',
      );
      expect(photos.rows).toHaveLength(1);
      const outbox = await client.query<{ topic: string; published: boolean }>('SELECT topic, published_at IS NOT NULL AS published FROM photos.outbox');
      expect(outbox.rows).toContainEqual({ topic: 'photos.photo.uploaded.v1', published: true });
      expect(outbox.rows.filter((row) => !row.published)).toEqual([]);

      // Nothing half-stored: the files on disk are exactly the photo's.
      const keys = photos.rows.flatMap((row) => [row.storage_key, row.thumbnail_key, row.display_key]).filter(Boolean);
      const files = filesUnder(storageDir);
      expect(keys.filter((key) => !files.some((file) => file.endsWith(key)))).toEqual([]);
      // Besides its keys, a photo has derived images under derivatives/<photo id>/ (the social card).
      const belongs = (file: string): boolean =>
        keys.some((key) => file.endsWith(key)) || photos.rows.some((row) => file.includes(`/derivatives/${row.id}/`));
      expect(files.filter((file) => !belongs(file))).toEqual([]);
      expect(files.length).toBeGreaterThanOrEqual(keys.length);
    } finally {
      await client.end();
    }
    expect(body.statusCode).toBeUndefined();
  }, 120_000);
});
