// Podman as check:cluster uses it: Debian's podman 4.3 with the settings that make it run on these
// machines (../../../shared/design/OFFLINE-RECIPES.md, "Kubernetes manifests on this machine"):
// the runc runtime (crun refuses the hybrid cgroups), no default ulimits (the default nofile limit
// is above the machine's hard limit) and the cgroupfs manager. Its storage lives in
// <cache>/images/podman, apart from any other podman use of the machine, so everything in it
// belongs to check:cluster (and may be swept by it).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cache, fail } from '../images/docker.mjs';

/** Debian packages the check needs. catatonit: kube play's pods need an infra (pause) container,
 * whose image podman builds from it. debootstrap: the first base image (tools/images/docker.mjs). */
const PACKAGES = ['podman', 'runc', 'conmon', 'netavark', 'aardvark-dns', 'iptables', 'catatonit', 'debootstrap'];

const installed = (pkg) => spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' }).stdout?.includes('install ok installed');

/** Installs the missing packages with apt-get (as root), saying so; fails with the list otherwise. */
export function ensurePackages(log) {
  const missing = PACKAGES.filter((pkg) => !installed(pkg));
  if (missing.length === 0) return [];
  if (process.getuid?.() !== 0) fail(`missing Debian packages: ${missing.join(' ')} (apt-get install --no-install-recommends ${missing.join(' ')}, as root)`);
  log(`installing ${missing.join(' ')} with apt-get (--no-install-recommends)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', '--no-install-recommends', ...missing]]) {
    const result = spawnSync('apt-get', args, { encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'pipe'] });
    if (result.status !== 0) fail(`apt-get ${args.join(' ')} exited ${result.status}:\n${(result.stderr || result.stdout).trim().split('\n').slice(-10).join('\n')}`);
  }
  return missing;
}

/** Writes containers.conf and storage.conf into the cache and points podman at them (this process and its children). */
export function configurePodman() {
  const dir = join(cache, 'podman');
  mkdirSync(dir, { recursive: true });
  const containersConf = join(dir, 'containers.conf');
  const storageConf = join(dir, 'storage.conf');
  writeFileSync(
    containersConf,
    ['[containers]', 'default_ulimits = []', '', '[engine]', 'cgroup_manager = "cgroupfs"', 'runtime = "runc"', 'events_logger = "file"', ''].join('\n'),
  );
  writeFileSync(
    storageConf,
    ['[storage]', 'driver = "overlay"', `graphroot = "${join(dir, 'storage')}"`, `runroot = "${join(dir, 'run')}"`, ''].join('\n'),
  );
  process.env.CONTAINERS_CONF = containersConf;
  process.env.CONTAINERS_STORAGE_CONF = storageConf;
  return { containersConf, storageConf };
}

/** Runs podman to completion: { status, stdout, stderr }; throws unless allowFailure. */
export function podman(args, { input, allowFailure = false } = {}) {
  const result = spawnSync('podman', args, { encoding: 'utf8', input, maxBuffer: 256 * 1024 * 1024, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
  if (result.error) fail(`podman: ${result.error.message}`);
  // conmon's "failed to connect to syslog" is noise: nothing here runs a syslog daemon.
  const stderr = result.stderr.split('\n').filter((line) => !/failed to connect to syslog/.test(line)).join('\n').trim();
  if (result.status !== 0 && !allowFailure) fail(`podman ${args.slice(0, 4).join(' ')} … exited ${result.status}:\n${stderr.split('\n').slice(-20).join('\n')}`);
  return { status: result.status, stdout: result.stdout, stderr };
}

/** Same, without blocking the event loop (the forwarders and timers of check:cluster keep running). */
export function podmanAsync(args, { timeoutMs } = {}) {
  return new Promise((resolve) => {
    const child = spawn('podman', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = timeoutMs ? setTimeout(() => child.kill('SIGKILL'), timeoutMs) : undefined;
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status: signal ? -1 : status, timedOut: signal === 'SIGKILL', stdout, stderr });
    });
  });
}

/** Removes every pod, secret and network of check:cluster's own storage (a killed run's leftovers). */
export function sweep() {
  podman(['pod', 'rm', '--all', '--force', '--time', '5'], { allowFailure: true });
  const secrets = podman(['secret', 'ls', '--format', '{{.Name}}'], { allowFailure: true }).stdout.split('\n').filter(Boolean);
  if (secrets.length) podman(['secret', 'rm', ...secrets], { allowFailure: true });
  const networks = podman(['network', 'ls', '--format', '{{.Name}}'], { allowFailure: true }).stdout.split('\n').filter((name) => name.startsWith('wildframe-check'));
  for (const name of networks) podman(['network', 'rm', '--force', name], { allowFailure: true });
  podman(['volume', 'prune', '--force'], { allowFailure: true });
}
