#!/usr/bin/env node
// `npm test`: every check a change must pass, in the order that fails fastest.
//   1. lint (includes the module-boundary rule that keeps services apart) and typecheck
//   2. the module-boundary rule itself is proven to fire on a forbidden import
//   3. build the standalone app and the web app (the process and browser tests run the build)
//   4. jest: unit, integration (real PostgreSQL, real files, s3rver) and process tests
//   5. Playwright in Debian's Chromium against the built standalone app
//   6. schemathesis: the API fuzz against the built standalone app (tools/fuzz/schemathesis.mjs)
// Ends with one summary line: "tests: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, 'tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(title, command, args, extraEnv = {}) {
  console.log(`\n▶ ${title}\n  $ ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  console.log(`  ${result.status === 0 ? '✔' : '✘'} ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return result.status === 0;
}

function finish(ok) {
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(ok ? 0 : 1);
}

const npx = 'npx';
let ok = run('lint and typecheck', npx, ['nx', 'run-many', '-t', 'lint', 'typecheck', '--outputStyle=stream']);
if (!ok) finish(false);

ok = run('module boundaries are enforced', 'node', ['tools/check-module-boundaries.mjs']);
if (!ok) {
  totals.failed += 1;
  finish(false);
}
totals.passed += 1;

ok = run('build standalone app and web app', npx, ['nx', 'run-many', '-t', 'build', '-p', 'standalone', 'frontend', '--outputStyle=stream']);
if (!ok) finish(false);

const jestReport = join(reports, 'jest.json');
const jestOk = run('jest (unit, integration, process)', npx, ['jest', '-c', 'jest.config.cjs', '--json', `--outputFile=${jestReport}`]);
if (existsSync(jestReport)) {
  const report = JSON.parse(readFileSync(jestReport, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  totals.skipped += report.numPendingTests + report.numTodoTests;
} else if (!jestOk) totals.failed += 1;

const e2eReport = join(reports, 'playwright.json');
const e2eOk = run('browser tests (Playwright, Chromium)', npx, ['playwright', 'test', '-c', 'frontend/e2e/playwright.config.ts'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
});
if (existsSync(e2eReport)) {
  const { stats } = JSON.parse(readFileSync(e2eReport, 'utf8'));
  totals.passed += stats.expected + (stats.flaky ?? 0);
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
} else if (!e2eOk) totals.failed += 1;

const fuzzReport = join(reports, 'schemathesis.json');
const fuzzOk = run('API fuzz (schemathesis, every operation, anonymous and signed in)', 'node', ['tools/fuzz/schemathesis.mjs', '--report', fuzzReport]);
if (existsSync(fuzzReport)) {
  // Counted per operation and run (a failed operation is one failure).
  const fuzz = JSON.parse(readFileSync(fuzzReport, 'utf8'));
  totals.passed += fuzz.passed;
  totals.failed += fuzz.failed;
  totals.skipped += fuzz.skipped;
} else if (!fuzzOk) totals.failed += 1;

finish(jestOk && e2eOk && fuzzOk);
