#!/usr/bin/env node
// An S3-compatible server (MinIO, the server k8s/dev-infra deploys) for tests and the local
// distributed shape. MinIO publishes no semver tags, so a pinned pseudo-version of its Go module
// is built once into <cache>/minio (Go needed; about 2 minutes on two cores) and only the
// binary is kept.
//   node tools/infra/minio.mjs start|stop|status [--instance name]
//   import { start } from './minio.mjs'; const { endpoint, accessKeyId, secretAccessKey, region, createBucket, stop } = await start();
import { randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
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

// The newest version the Go module proxy lists (`curl https://proxy.golang.org/github.com/minio/minio/@latest`).
export const MINIO_VERSION = 'v0.0.0-20260212201848-7aac2a2c5b7c';
const KIND = 'minio';
const REGION = 'us-east-1';

// The toolchain MinIO's go.mod asks for. A Go of 1.21 or newer fetches it itself (GOTOOLCHAIN).
const GO_TOOLCHAIN = 'go1.24.8';

function binaryPath() {
  return join(cacheDir(KIND), `minio-${MINIO_VERSION}`);
}

/**
 * The go command to build with. Go 1.21 and newer switch to the toolchain a module asks for;
 * an older Go (Debian 12's golang-go is 1.19) cannot, so the toolchain is fetched as the Go module
 * it is published as (golang.org/toolchain, from the module proxy) into the cache.
 */
export async function goCommand() {
  let version;
  try {
    version = await run('go', ['version']);
  } catch {
    throw new Error(
      `Go is not installed, and MinIO ${MINIO_VERSION} is built from its Go module. On Debian: apt-get install golang-go (.ci/run does).`,
    );
  }
  const [, minor] = /go1\.(\d+)/.exec(version) ?? [];
  if (minor !== undefined && Number(minor) >= 21) return { go: 'go', env: { GOTOOLCHAIN: 'auto' } };
  const arch = { x64: 'amd64', arm64: 'arm64' }[process.arch];
  if (!arch || process.platform !== 'linux') throw new Error(`${version.trim()} is too old (MinIO needs ${GO_TOOLCHAIN}); install Go 1.21 or newer`);
  const dir = cacheDir('go-toolchain');
  const goroot = join(dir, `${GO_TOOLCHAIN}.linux-${arch}`);
  const go = join(goroot, 'bin', 'go');
  if (!existsSync(go)) {
    log(KIND, `${version.trim()} cannot build MinIO; fetching the ${GO_TOOLCHAIN} toolchain module ...`);
    const modcache = join(dir, 'download');
    const output = await run('go', ['mod', 'download', '-json', `golang.org/toolchain@v0.0.1-${GO_TOOLCHAIN}.linux-${arch}`], {
      cwd: dir,
      env: { ...process.env, GOPATH: modcache, GOMODCACHE: join(modcache, 'mod'), GOFLAGS: '-modcacherw', GO111MODULE: 'on' },
    });
    const { Dir } = JSON.parse(output);
    rmSync(`${goroot}.partial`, { recursive: true, force: true });
    renameSync(Dir, `${goroot}.partial`);
    // Module zips keep no file modes: make the tools executable again (as the go command does).
    for (const sub of ['bin', join('pkg', 'tool', `linux_${arch}`)]) {
      const folder = join(`${goroot}.partial`, sub);
      if (existsSync(folder)) for (const name of readdirSync(folder)) chmodSync(join(folder, name), 0o755);
    }
    renameSync(`${goroot}.partial`, goroot);
    rmSync(modcache, { recursive: true, force: true });
  }
  return { go, env: { GOTOOLCHAIN: 'local', GOROOT: goroot } };
}

/** Builds the MinIO binary once. Returns the seconds it took, 0 when cached. */
export async function prepare() {
  const binary = binaryPath();
  if (existsSync(binary)) return 0;
  return withLock(
    `minio-${MINIO_VERSION}`,
    async () => {
      if (existsSync(binary)) return 0;
      const started = Date.now();
      const work = join(cacheDir(KIND), 'build');
      rmSync(work, { recursive: true, force: true });
      mkdirSync(work, { recursive: true });
      const { go, env: goEnv } = await goCommand();
      log(KIND, `building MinIO ${MINIO_VERSION} from its Go module (once, about 2-10 minutes) ...`);
      const env = {
        ...process.env,
        ...goEnv,
        GOPATH: join(work, 'gopath'),
        GOCACHE: join(work, 'gocache'),
        GOBIN: join(work, 'bin'),
        // Module files are read-only by default, which would stop the clean-up below.
        GOFLAGS: `${process.env.GOFLAGS ?? ''} -modcacherw`.trim(),
        CGO_ENABLED: '0',
      };
      try {
        await run(go, ['install', '-ldflags', '-s -w', `github.com/minio/minio@${MINIO_VERSION}`], { cwd: work, env });
        const built = join(work, 'bin', 'minio');
        copyFileSync(built, `${binary}.partial`);
        chmodSync(`${binary}.partial`, 0o755);
        renameSync(`${binary}.partial`, binary);
      } finally {
        // Gigabytes of module and build caches: only the binary is worth keeping.
        rmSync(work, { recursive: true, force: true });
      }
      const seconds = (Date.now() - started) / 1000;
      log(KIND, `built ${binary} (${seconds.toFixed(1)} s)`);
      return seconds;
    },
    { onWait: (pid) => log(KIND, `waiting for another build of MinIO (pid ${pid}) ...`) },
  );
}

/** An S3 client for a started server (path-style addressing, as MinIO wants). */
export async function s3Client(facts) {
  const { S3Client } = await import('@aws-sdk/client-s3');
  return new S3Client({
    endpoint: facts.endpoint,
    region: facts.region,
    forcePathStyle: true,
    credentials: { accessKeyId: facts.accessKeyId, secretAccessKey: facts.secretAccessKey },
  });
}

/** Creates a bucket unless it exists. */
export async function createBucket(facts, bucket) {
  const { CreateBucketCommand } = await import('@aws-sdk/client-s3');
  const client = await s3Client(facts);
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (error) {
    if (error?.name !== 'BucketAlreadyOwnedByYou' && error?.name !== 'BucketAlreadyExists') throw error;
  } finally {
    client.destroy();
  }
}

/**
 * Starts (or reuses) a MinIO server. Options: instance ('default' for the CLI), owner (see
 * kafka.mjs), buckets (created when missing). Returns { endpoint, accessKeyId, secretAccessKey,
 * region, instance, reused, pid, logFile, createBucket(name), stop }. stop() stops the server
 * only if this call started it.
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
    const port = await freePort();
    let consolePort = await freePort();
    while (consolePort === port) consolePort = await freePort();
    const accessKeyId = 'wildframe';
    const secretAccessKey = randomBytes(18).toString('base64url');
    const logFile = join(dir, 'minio.log');
    const started = Date.now();
    const pid = spawnDetached(
      binaryPath(),
      ['server', join(dir, 'data'), '--address', `127.0.0.1:${port}`, '--console-address', `127.0.0.1:${consolePort}`, '--quiet'],
      {
        logFile,
        cwd: dir,
        env: {
          ...process.env,
          MINIO_ROOT_USER: accessKeyId,
          MINIO_ROOT_PASSWORD: secretAccessKey,
          MINIO_REGION: REGION,
          MINIO_BROWSER: 'off',
          MINIO_UPDATE: 'off',
          MINIO_CI_CD: '1',
        },
      },
    );
    const facts = { endpoint: `http://127.0.0.1:${port}`, accessKeyId, secretAccessKey, region: REGION, instance, pid, logFile };
    writeState(KIND, instance, { pid, ownerPid: options.owner, dir, facts });
    try {
      await poll(
        `MinIO (log ${logFile})`,
        async () => {
          if (!isAlive(pid)) throw new Fatal(`MinIO exited:\n${tail(logFile)}`);
          const response = await fetch(`${facts.endpoint}/minio/health/ready`);
          return response.ok;
        },
        { timeoutMs: options.timeoutMs ?? 60_000 },
      );
    } catch (error) {
      await stopInstance(instance);
      throw error;
    }
    log(KIND, `listening on ${facts.endpoint} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return { ...facts, reused: false };
  });
  for (const bucket of options.buckets ?? []) await createBucket(facts, bucket);
  return {
    ...facts,
    createBucket: (bucket) => createBucket(facts, bucket),
    stop: facts.reused ? async () => {} : () => stopInstance(instance).then(() => undefined),
  };
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
