#!/usr/bin/env node
// `npm test`: every check a change must pass, in the order that fails fastest.
//   1. the lockfile installs with `npm ci` (what docker/Dockerfile runs)
//   2. lint (includes the module-boundary rule that keeps services apart) and typecheck
//   3. the module-boundary rule itself is proven to fire on a forbidden import
//   4. build the standalone app and the web app (the process and browser tests run the build)
//   5. fetch/build the test servers once (Kafka jars, MinIO and FerretDB binaries; cached in ~/.cache/wildframe)
//   6. jest: unit, integration (real PostgreSQL, Kafka, MinIO, files, s3rver) and process tests
//   7. the distributed journeys: the six built services as processes over Kafka, MinIO and a
//      database server from tools/infra (tools/distributed/journey.test.mjs, node's test runner),
//      once on each backend: MongoDB (FerretDB, the chart's default) and PostgreSQL; and through a
//      Kafka outage over SASL_SSL (kafka-outage.test.mjs: the broker paused 40 s)
//   8. the deploy check: the Helm chart and k8s/ manifests (tools/deploy-check.mjs, helm fetched once)
//   9. Playwright in Debian's Chromium against the built standalone app
//  10. schemathesis: the API fuzz against the built standalone app (tools/fuzz/schemathesis.mjs)
// Under CI=true or WILDFRAME_REQUIRE_INFRA=1 a test server that cannot be had fails the run;
// elsewhere the suites that need it are skipped with the reason.
// Ends with one summary line: "tests: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { infraRequired } from './jest/infra-required.mjs';

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
// Fast (no download): npm compares package.json with the lockfile as `npm ci` would.
let ok = run('the lockfile installs with npm ci', 'npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund']);
if (!ok) {
  totals.failed += 1;
  console.log('  The lockfile is out of step with package.json: run npm install and commit package-lock.json.');
  finish(false);
}
totals.passed += 1;

ok = run('lint and typecheck', npx, ['nx', 'run-many', '-t', 'lint', 'typecheck', '--outputStyle=stream']);
if (!ok) finish(false);

ok = run('module boundaries are enforced', 'node', ['tools/check-module-boundaries.mjs']);
if (!ok) {
  totals.failed += 1;
  finish(false);
}
totals.passed += 1;

ok = run('build standalone app and web app', npx, ['nx', 'run-many', '-t', 'build', '-p', 'standalone', 'frontend', '--outputStyle=stream']);
if (!ok) finish(false);

// Ahead of jest, so its global setup only starts servers (seconds) and a missing tool is named here.
ok = run('test servers: Kafka, MinIO and FerretDB fetched/built (cached)', 'node', ['tools/infra/index.mjs', 'prepare', 'kafka', 'minio', 'ferretdb']);
const serversReady = ok;
if (!ok) {
  if (infraRequired()) {
    totals.failed += 1;
    finish(false);
  }
  console.log('  Continuing: the suites that need these servers will be skipped with the reason.');
}

const jestReport = join(reports, 'jest.json');
const jestOk = run('jest (unit, integration, process)', npx, ['jest', '-c', 'jest.config.cjs', '--json', `--outputFile=${jestReport}`]);
if (existsSync(jestReport)) {
  const report = JSON.parse(readFileSync(jestReport, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  totals.skipped += report.numPendingTests + report.numTodoTests;
} else if (!jestOk) totals.failed += 1;

// node:test writes the spec to the terminal and TAP to a file, whose summary is counted. Like the
// jest suites, it is skipped with the reason when the servers could not be had (and not required).
/** Runs a node:test journey file (with `extraEnv`), counting its TAP summary; false when it failed. */
function runJourney(title, file, report, extraEnv = {}) {
  const ok = run(title, 'node', ['--test', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${report}`, file], extraEnv);
  const tap = existsSync(report) ? readFileSync(report, 'utf8') : '';
  const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(tap)?.[1] ?? 0);
  totals.passed += count('pass');
  totals.failed += count('fail') + count('cancelled');
  totals.skipped += count('skipped') + count('todo');
  if (!ok && count('fail') + count('cancelled') === 0) totals.failed += 1;
  return ok;
}

let journeyOk = true;
if (serversReady) {
  // The same journey on each backend (DATABASE, as for start:distributed).
  for (const [database, servers] of [['mongodb', 'FerretDB'], ['postgres', 'PostgreSQL']]) {
    const title = `distributed journey, DATABASE=${database} (six service processes, Kafka, ${servers}, MinIO)`;
    journeyOk = runJourney(title, 'tools/distributed/journey.test.mjs', join(reports, `distributed-journey-${database}.tap`), { DATABASE: database }) && journeyOk;
  }
  // Writes answer, nothing dies and every event arrives while the broker is frozen for 40 s.
  journeyOk =
    runJourney('Kafka outage in the distributed shape (SASL_SSL; broker paused 40 s)', 'tools/distributed/kafka-outage.test.mjs', join(reports, 'distributed-kafka-outage.tap')) && journeyOk;
} else {
  console.log('\n▶ distributed journeys: SKIPPED, Kafka, MinIO and FerretDB could not be prepared (see above)');
  totals.skipped += 3;
}

// The Helm chart and kustomize manifests: helm 4 fetched into the cache when absent (no skip).
const deployReport = join(reports, 'deploy-check.json');
const deployOk = run('deploy check (helm lint/template, Kubernetes schemas, kustomize)', 'node', ['tools/deploy-check.mjs', `--report=${deployReport}`]);
if (existsSync(deployReport)) {
  const counts = JSON.parse(readFileSync(deployReport, 'utf8'));
  totals.passed += counts.passed;
  totals.failed += counts.failed;
} else if (!deployOk) totals.failed += 1;

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

finish(jestOk && journeyOk && deployOk && e2eOk && fuzzOk);
