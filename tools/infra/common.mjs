// Shared plumbing of the test servers in tools/infra: the cache folder, free loopback ports,
// state files that make `start` idempotent, a build lock, detached processes and polls.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Downloads and builds live here, outside every checkout, shared by all of them. */
export function cacheDir(...parts) {
  const base = process.env.WILDFRAME_CACHE || join(homedir(), '.cache', 'wildframe');
  const dir = join(base, ...parts);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A port nobody listens on right now, on loopback (other checkouts run the same servers). */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function isAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** An error that ends a poll at once (the server died), unlike an error that a retry may cure. */
export class Fatal extends Error {}

/** Polls `check` until it returns a truthy value; fails with `what` and the last error after `timeoutMs`. */
export async function poll(what, check, { timeoutMs = 60_000, intervalMs = 100 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      if (error instanceof Fatal) throw new Error(`${what}: ${error.message}`);
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`${what}: not ready after ${timeoutMs} ms${lastError ? ` (${lastError.message ?? lastError})` : ''}`);
    }
    await sleep(intervalMs);
  }
}

/** Fails with the reason when a tool a server needs is missing (never a silent skip). */
export function requireTool(name, why, versionArgs = ['--version']) {
  return new Promise((resolve, reject) => {
    const child = spawn(name, versionArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.once('error', () =>
      reject(new Error(`${name} is not installed, and ${why}. On Debian: .ci/run installs it (apt-get).`)),
    );
    child.once('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${name} ${versionArgs.join(' ')} failed (${code}): ${out.trim()}`)),
    );
  });
}

/** Runs a command to completion; rejects with its output when it fails. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output.trim().split('\n').slice(-30).join('\n')}`)),
    );
  });
}

/**
 * Starts a long-running server detached from this process (it outlives a CLI `start`), its
 * output appended to `logFile`. Returns its pid.
 */
export function spawnDetached(command, args, { logFile, cwd, env, uid, gid }) {
  const fd = openSync(logFile, 'a');
  try {
    const child = spawn(command, args, { cwd, env: env ?? process.env, detached: true, stdio: ['ignore', fd, fd], uid, gid });
    child.unref();
    return child.pid;
  } finally {
    closeSync(fd);
  }
}

/** `signal` (SIGTERM), then SIGKILL after `graceMs`, on the whole process group of a detached server. */
export async function terminate(pid, graceMs = 10_000, firstSignal = 'SIGTERM') {
  if (!isAlive(pid)) return;
  const signal = (name) => {
    try {
      process.kill(-pid, name);
    } catch {
      try {
        process.kill(pid, name);
      } catch {
        /* already gone */
      }
    }
  };
  signal(firstSignal);
  const deadline = Date.now() + graceMs;
  while (isAlive(pid) && Date.now() < deadline) await sleep(50);
  if (isAlive(pid)) {
    signal('SIGKILL');
    while (isAlive(pid)) await sleep(50);
  }
}

// ---- state files: one per running instance, under <cache>/run ----

/**
 * An instance is one running server of a kind ('kafka', 'minio', 'postgres'). The CLI uses the
 * instance 'default'; a jest run uses its own (owned by its process, swept when that dies).
 */
export function instanceDir(kind, instance) {
  return cacheDir('run', `${kind}-${instance}`);
}

function statePath(kind, instance) {
  return join(cacheDir('run'), `${kind}-${instance}.json`);
}

export function readState(kind, instance) {
  const file = statePath(kind, instance);
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

export function writeState(kind, instance, state) {
  writeFileSync(statePath(kind, instance), JSON.stringify(state, null, 2) + '\n');
}

export function removeState(kind, instance) {
  rmSync(statePath(kind, instance), { force: true });
}

/**
 * Stops the instances of `kind` whose owner process is gone (a jest run killed before its
 * teardown), so they do not pile up. The CLI's instances have no owner and are left alone.
 */
export async function sweepOrphans(kind, stopInstance) {
  const dir = cacheDir('run');
  for (const file of readdirSync(dir)) {
    if (!file.startsWith(`${kind}-`) || !file.endsWith('.json')) continue;
    const instance = file.slice(kind.length + 1, -'.json'.length);
    const state = readState(kind, instance);
    if (state?.ownerPid !== undefined && !isAlive(state.ownerPid)) await stopInstance(instance);
  }
}

// ---- a lock file around one-time builds (several checkouts may start them at once) ----

export async function withLock(name, fn, { timeoutMs = 30 * 60_000, onWait } = {}) {
  const lockDir = join(cacheDir('locks'), `${name}.lock`);
  const deadline = Date.now() + timeoutMs;
  let told = false;
  for (;;) {
    try {
      mkdirSync(lockDir); // atomic: exactly one process creates it
      writeFileSync(join(lockDir, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      // A lock whose holder died is stale; a lock without a pid file yet is brand new.
      let holder;
      try {
        holder = Number(readFileSync(join(lockDir, 'pid'), 'utf8'));
      } catch {
        holder = undefined;
      }
      const age = Date.now() - statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs;
      if ((holder !== undefined && !isAlive(holder)) || (holder === undefined && age > 10_000)) {
        rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`Timed out waiting for the lock ${lockDir} (held by pid ${holder})`);
      if (!told) {
        told = true;
        onWait?.(holder);
      }
      await sleep(1_000);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/** The last lines of a server's log, for an error message. */
export function tail(file, lines = 20) {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export function log(kind, message) {
  console.log(`[infra ${kind}] ${message}`);
}

/**
 * The CLI of one server module: `node tools/infra/<kind>.mjs start|stop|status [--instance name]`.
 * `start` prints the connection facts as JSON on the last line (scripts can parse it).
 */
export async function cli(kind, { start, stopInstance, status }) {
  const [command = 'status', ...rest] = process.argv.slice(2);
  const at = rest.indexOf('--instance');
  const instance = at >= 0 ? rest[at + 1] : 'default';
  try {
    if (command === 'start') {
      const facts = await start({ instance, detach: true });
      const { stop: _stop, ...printable } = facts;
      log(kind, `${facts.reused ? 'already running' : 'started'}: ${describe(printable)}`);
      console.log(JSON.stringify(printable));
    } else if (command === 'stop') {
      const stopped = await stopInstance(instance);
      log(kind, stopped ? `stopped instance '${instance}'` : `instance '${instance}' was not running`);
    } else if (command === 'status') {
      const state = status(instance);
      if (state) {
        log(kind, `running: ${describe(state.facts)}`);
        console.log(JSON.stringify(state.facts));
      } else {
        log(kind, `instance '${instance}' is not running`);
        process.exitCode = 3;
      }
    } else {
      console.error(`usage: node tools/infra/${kind}.mjs start|stop|status [--instance <name>]`);
      process.exitCode = 2;
    }
  } catch (error) {
    console.error(`[infra ${kind}] ${command} failed: ${error.message ?? error}`);
    process.exitCode = 1;
  }
}

function describe(facts, prefix = '') {
  return Object.entries(facts)
    .filter(([name]) => !['reused', 'pid', 'secretAccessKey', 'password'].includes(name))
    .map(([name, value]) =>
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? describe(value, `${prefix}${name}.`)
        : `${prefix}${name}=${Array.isArray(value) ? value.join(',') : value}`,
    )
    .join(' ');
}
