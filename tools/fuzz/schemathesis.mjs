#!/usr/bin/env node
// The API fuzz in `npm test`: schemathesis (pinned, from PyPI, in a venv under the cache) runs
// every check against every operation of the built standalone app's /api/openapi.json, once
// anonymous and once signed in as an ordinary user, at least 50 examples per operation.
//   node tools/fuzz/schemathesis.mjs [--max-examples N] [--report <file.json>]
// Prints schemathesis's own summary and one totals line per run; exits 1 on any failure.
// The report file ({ passed, failed, skipped } counted per operation and run) feeds tools/test.mjs.
// Needs the build (npx nx run standalone:build). Without python3 (or PyPI) it skips with a reason.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const SCHEMATHESIS_VERSION = '4.32.0';
const root = new URL('../..', import.meta.url).pathname;
const { values } = parseArgs({ options: { 'max-examples': { type: 'string', default: '50' }, report: { type: 'string' } } });
const cache = process.env.WILDFRAME_CACHE ?? join(homedir(), '.cache', 'wildframe');
const venv = join(cache, 'venv-schemathesis');
const st = join(venv, 'bin', 'schemathesis');
const totals = { passed: 0, failed: 0, skipped: 0 };

function report(exitCode) {
  if (values.report) writeFileSync(values.report, JSON.stringify(totals));
  process.exit(exitCode);
}

function skip(reason) {
  console.log(`schemathesis: SKIPPED: ${reason}`);
  totals.skipped += 1;
  report(0);
}

/** The pinned schemathesis in its venv: created once, reinstalled when the pin changes. */
function ensureSchemathesis() {
  const installed = existsSync(st) ? spawnSync(st, ['--version'], { encoding: 'utf8' }).stdout : '';
  if (installed.includes(`version ${SCHEMATHESIS_VERSION}`)) return;
  console.log(`installing schemathesis ${SCHEMATHESIS_VERSION} into ${venv}`);
  mkdirSync(cache, { recursive: true });
  if (spawnSync('python3', ['-m', 'venv', venv], { stdio: 'inherit' }).status !== 0) skip('python3 -m venv failed (python3 with venv is needed)');
  const pip = spawnSync(join(venv, 'bin', 'pip'), ['install', '--quiet', `schemathesis==${SCHEMATHESIS_VERSION}`], { stdio: 'inherit' });
  if (pip.status !== 0) skip(`pip could not install schemathesis ${SCHEMATHESIS_VERSION}`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilLive(url, app, deadlineMs) {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`the app exited with ${app.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the app did not answer within ${deadlineMs / 1000} s`);
}

/** A fresh ordinary (explorer) member per run, so nothing the fuzz does can reach other data. */
async function signUp(url) {
  const email = `fuzz.${Date.now()}@example.com`;
  const res = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, firstName: 'Fuzz', lastName: 'Member', password: 'fuzz-member-password', plan: 'explorer' }),
  });
  if (res.status !== 201) throw new Error(`signup answered ${res.status}: ${await res.text()}`);
  return (await res.json()).sessionToken;
}

function runSchemathesis(name, url, extraArgs) {
  const reportDir = join(root, 'tmp', 'test-reports', `schemathesis-${name}`);
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  const args = [
    '--config-file', join(root, 'tools', 'fuzz', 'schemathesis.toml'),
    '--no-color',
    'run', `${url}/api/openapi.json`,
    '--url', url,
    '--checks', 'all',
    '--max-examples', values['max-examples'],
    '--seed', '1',
    // One worker: with two, CPython 3.11's parser crashed inside hypothesis ("AST constructor recursion depth mismatch").
    '--workers', '1',
    '--report', 'junit',
    '--report-dir', reportDir,
    ...extraArgs,
  ];
  console.log(`\nschemathesis (${name}): ${st} ${args.map((a) => (a.startsWith('Authorization') ? 'Authorization: Bearer …' : a)).join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(st, args, { cwd: root, stdio: 'inherit', env: { ...process.env, PYTHONUNBUFFERED: '1' } });
    child.on('exit', (code) => {
      // One test case per operation in the JUnit report; a failure or error marks it failed.
      const file = readdirSync(reportDir).find((f) => f.endsWith('.xml'));
      const xml = file ? readFileSync(join(reportDir, file), 'utf8') : '';
      const cases = xml.split('<testcase').slice(1);
      const failed = cases.filter((c) => /<(failure|error)[\s>]/.test(c.split('</testcase>')[0])).length;
      const skipped = cases.filter((c) => /<skipped[\s>/]/.test(c.split('</testcase>')[0])).length;
      const passed = cases.length - failed - skipped;
      totals.passed += passed;
      totals.failed += failed + (code !== 0 && failed === 0 ? 1 : 0);
      totals.skipped += skipped;
      console.log(`schemathesis (${name}): ${cases.length} operations, ${passed} passed, ${failed} failed, ${skipped} skipped; exit ${code}`);
      resolve(code === 0);
    });
  });
}

const main = join(root, 'dist', 'services', 'standalone', 'src', 'main.js');
if (!existsSync(main)) skip('the standalone app is not built (npx nx run standalone:build)');
if (spawnSync('python3', ['--version']).status !== 0) skip('python3 is not installed');
ensureSchemathesis();

// Inside the workspace (tmp/ is ignored): the embedded PostgreSQL's user must be able to enter it.
mkdirSync(join(root, 'tmp'), { recursive: true });
const dataDir = mkdtempSync(join(root, 'tmp', 'fuzz-data-'));
chmodSync(dataDir, 0o755);
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const started = Date.now();
const app = spawn(process.execPath, [main], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO_CONTENT: 'false', LOG_LEVEL: 'error', WEB_DIR: join(dataDir, 'no-web') },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let ok = false;
try {
  mkdirSync(join(dataDir, 'no-web'));
  writeFileSync(join(dataDir, 'no-web', 'index.html'), '<!doctype html><title>Wildframe</title>');
  await waitUntilLive(url, app, 120_000);
  const anonymous = await runSchemathesis('anonymous', url, []);
  const token = await signUp(url);
  // Logging out would end the session the rest of the run signs in with; it runs anonymously above.
  const member = await runSchemathesis('member', url, ['-H', `Authorization: Bearer ${token}`, '--exclude-path', '/api/auth/logout']);
  ok = anonymous && member;
} catch (error) {
  console.error(`schemathesis: ${error instanceof Error ? error.message : String(error)}`);
  totals.failed += 1;
} finally {
  app.kill('SIGTERM');
  await new Promise((r) => (app.exitCode !== null ? r() : app.once('exit', r)));
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\nschemathesis totals: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped (operations × runs) in ${((Date.now() - started) / 1000).toFixed(0)} s`);
report(ok ? 0 : 1);
