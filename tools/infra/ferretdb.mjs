#!/usr/bin/env node
// A MongoDB-wire server for tests and the local shapes: FerretDB 1.24.2 (the last v1; v2 needs a
// PostgreSQL extension that cannot be obtained here) on its SQLite handler. No registry ships a
// real `mongod`, and `go install ...@v1.24.2` is refused by the module proxy, so the module is
// downloaded, copied out of the module cache, given the `build/version/version.txt` its binary
// panics without, and built with `go build ./cmd/ferretdb` (1-6 minutes, once); only the binary
// is kept in <cache>/ferretdb.
//
// One patch is applied before the build (PATCH_LEVEL): FerretDB 1.x reads a document, applies an
// update in Go and writes it back without holding anything in between (its issue #3040), so two
// concurrent updates of one document lose one of them: measured here, 20 parallel
// `updateOne({ v: { $lt: 5 } }, { $inc: { v: 1 } })` reported 11-20 modifications and left v at
// 1-5, on the SQLite and the PostgreSQL handler alike. MongoDB applies each single-document write
// atomically, and the adapters rely on exactly that (conditional updates, $inc, the outbox relay's
// guarded $pop), so the patch makes `update`, `findAndModify` and `delete` take one process-wide
// lock: writes of this test server run one at a time, which is MongoDB's per-document guarantee
// (and more). Inserts stay concurrent; unique indexes decide between them as in MongoDB.
//   node tools/infra/ferretdb.mjs start|stop|status [--instance name]
//   import { start } from './ferretdb.mjs'; const { url, stop } = await start();
// Limits of FerretDB 1.24 the adapters are written for: no multi-document transactions, no
// change streams, no $lookup, $group only with $sum/$count, duplicate-key errors without keyValue.
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  Fatal,
  cacheDir,
  cli,
  freePort,
  instanceDir,
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
import { goCommand } from './minio.mjs';

export const FERRETDB_VERSION = 'v1.24.2';
/** Bumped when the patch below changes (the cached binary is named after it). */
const PATCH_LEVEL = 'atomic-writes-1';
const MODULE = 'github.com/FerretDB/FerretDB';
const KIND = 'ferretdb';

function binaryPath() {
  return join(cacheDir(KIND), `ferretdb-${FERRETDB_VERSION}-${PATCH_LEVEL}`);
}

/** Builds the FerretDB binary once. Returns the seconds it took, 0 when cached. */
export async function prepare() {
  const binary = binaryPath();
  if (existsSync(binary)) return 0;
  return withLock(
    `ferretdb-${FERRETDB_VERSION}`,
    async () => {
      if (existsSync(binary)) return 0;
      const started = Date.now();
      const work = join(cacheDir(KIND), 'build');
      rmSync(work, { recursive: true, force: true });
      mkdirSync(work, { recursive: true });
      const { go, env: goEnv } = await goCommand();
      log(KIND, `building FerretDB ${FERRETDB_VERSION} from its Go module (once, 1-6 minutes) ...`);
      const env = {
        ...process.env,
        ...goEnv,
        GOPATH: join(work, 'gopath'),
        GOMODCACHE: join(work, 'gopath', 'pkg', 'mod'),
        GOCACHE: join(work, 'gocache'),
        // Module files are read-only by default, which would stop the clean-up below.
        GOFLAGS: `${process.env.GOFLAGS ?? ''} -modcacherw`.trim(),
        GO111MODULE: 'on',
        CGO_ENABLED: '0',
      };
      try {
        const output = await run(go, ['mod', 'download', '-json', `${MODULE}@${FERRETDB_VERSION}`], { cwd: work, env });
        const { Dir } = JSON.parse(output);
        const source = join(work, 'src');
        cpSync(Dir, source, { recursive: true });
        chmodSync(source, 0o755);
        // The binary reads its version from this embedded file and panics when it is missing
        // (the upstream build writes it from git, which a module download has none of).
        mkdirSync(join(source, 'build', 'version'), { recursive: true });
        writeFileSync(join(source, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
        patchAtomicWrites(source);
        await run(go, ['build', '-trimpath', '-ldflags', '-s -w', '-o', join(work, 'ferretdb'), './cmd/ferretdb'], { cwd: source, env });
        copyFileSync(join(work, 'ferretdb'), `${binary}.partial`);
        chmodSync(`${binary}.partial`, 0o755);
        renameSync(`${binary}.partial`, binary);
      } finally {
        // Hundreds of megabytes of module and build caches: only the binary is worth keeping.
        rmSync(work, { recursive: true, force: true });
      }
      const seconds = (Date.now() - started) / 1000;
      log(KIND, `built ${binary} (${seconds.toFixed(1)} s)`);
      return seconds;
    },
    { onWait: (pid) => log(KIND, `waiting for another build of FerretDB (pid ${pid}) ...`) },
  );
}

const WRITE_COMMANDS = ['MsgUpdate', 'MsgFindAndModify', 'MsgDelete'];

/** See the header: makes update, findAndModify and delete atomic (one at a time). Fails loudly if the source moved. */
function patchAtomicWrites(source) {
  const handler = join(source, 'internal', 'handler');
  writeFileSync(
    join(handler, 'wildframe_atomic_writes.go'),
    [
      'package handler',
      '',
      'import "sync"',
      '',
      '// writeMu makes each update, findAndModify and delete atomic (Wildframe test-server patch:',
      '// FerretDB 1.x reads, modifies and writes documents back without isolation).',
      'var writeMu sync.Mutex',
      '',
    ].join('\n'),
  );
  for (const command of WRITE_COMMANDS) {
    const file = join(handler, `msg_${command.slice(3).toLowerCase()}.go`);
    const signature = `func (h *Handler) ${command}(connCtx context.Context, msg *wire.OpMsg) (*wire.OpMsg, error) {\n`;
    const text = readFileSync(file, 'utf8');
    if (!text.includes(signature)) throw new Error(`FerretDB ${FERRETDB_VERSION}: ${file} has no '${signature.trim()}' to patch`);
    chmodSync(file, 0o644);
    writeFileSync(file, text.replace(signature, `${signature}\twriteMu.Lock()\n\tdefer writeMu.Unlock()\n\n`));
  }
}

/** Whether something answers the MongoDB wire protocol's `ping` at the URL (mongoose is a dependency). */
async function pingable(url) {
  const { default: mongoose } = await import('mongoose');
  const connection = mongoose.createConnection(url, { serverSelectionTimeoutMS: 1_000, connectTimeoutMS: 1_000 });
  try {
    await connection.asPromise();
    await connection.db.admin().ping();
    return true;
  } finally {
    await connection.close(true).catch(() => undefined);
  }
}

/**
 * Starts (or reuses) a FerretDB server with its SQLite handler in the instance's folder. Options:
 * instance ('default' for the CLI), owner (see kafka.mjs). Returns { url, instance, reused, pid,
 * logFile, stop }; url is `mongodb://127.0.0.1:<port>/` without a database (each service picks its
 * own, see services/platform/src/database/mongo). stop() stops the server only if this call started it.
 */
export async function start(options = {}) {
  const instance = options.instance ?? 'default';
  await sweepOrphans(KIND, stopInstance);
  const facts = await withLock(`start-${KIND}-${instance}`, async () => {
    const running = status(instance);
    if (running) return { ...running.facts, reused: true };
    await prepare();
    await stopInstance(instance);
    const dir = instanceDir(KIND, instance);
    const dataDir = join(dir, 'data');
    mkdirSync(dataDir, { recursive: true });
    const port = await freePort();
    const logFile = join(dir, 'ferretdb.log');
    const started = Date.now();
    const pid = spawnDetached(
      binaryPath(),
      [
        `--listen-addr=127.0.0.1:${port}`,
        '--handler=sqlite',
        `--sqlite-url=file:${dataDir}/`,
        // Its own debug/metrics HTTP listener would take a fixed port (8088) otherwise.
        '--debug-addr=-',
        '--telemetry=disable',
        '--log-level=warn',
        `--state-dir=${dir}`,
      ],
      { logFile, cwd: dir, env: { ...process.env } },
    );
    const facts = { url: `mongodb://127.0.0.1:${port}/`, instance, pid, logFile };
    writeState(KIND, instance, { pid, ownerPid: options.owner, dir, facts });
    try {
      await poll(
        `FerretDB (log ${logFile})`,
        async () => {
          if (!isAlive(pid)) throw new Fatal(`FerretDB exited:\n${tail(logFile)}`);
          return pingable(facts.url);
        },
        { timeoutMs: options.timeoutMs ?? 30_000 },
      );
    } catch (error) {
      await stopInstance(instance);
      throw error;
    }
    log(KIND, `listening on ${facts.url} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
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
  if (state) await terminate(state.pid, 10_000);
  rmSync(join(cacheDir('run'), `${KIND}-${instance}`), { recursive: true, force: true });
  removeState(KIND, instance);
  return wasRunning;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await cli(KIND, { start, stopInstance, status });
}
