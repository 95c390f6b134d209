// The Pod Security Standards check of rendered manifests: every pod template (Deployments, Jobs,
// helm test Pods, CronJobs, …) evaluated by Kubernetes' own admission code,
// k8s.io/pod-security-admission (its `policy` package, the code behind the namespace label
// pod-security.kubernetes.io/enforce). main.go beside this file is a small Go program over it;
// it is built once into ${WILDFRAME_CACHE:-~/.cache/wildframe}/psa, named after a hash of its
// sources (go.mod, go.sum, main.go), so an edit rebuilds it and a run after that costs one
// process start. Used by tools/deploy-check.mjs.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheDir, log, run, withLock } from '../infra/common.mjs';
import { goCommand } from '../infra/minio.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const SOURCES = ['go.mod', 'go.sum', 'main.go'];

/** The pinned module version (go.mod), for the report. */
export const PSA_VERSION = /k8s\.io\/pod-security-admission (v\S+)/.exec(readFileSync(join(HERE, 'go.mod'), 'utf8'))?.[1] ?? '?';

function binaryPath() {
  const hash = createHash('sha256');
  for (const name of SOURCES) hash.update(name).update(readFileSync(join(HERE, name)));
  return join(cacheDir('psa'), `psa-check-${PSA_VERSION}-${hash.digest('hex').slice(0, 12)}`);
}

/** The Go install of the official tarball is often not on PATH (/usr/local/go/bin). */
function withUsualGoOnPath() {
  const dirs = (process.env.PATH ?? '').split(delimiter);
  if (dirs.some((dir) => dir && existsSync(join(dir, 'go')))) return;
  if (existsSync('/usr/local/go/bin/go')) process.env.PATH = [...dirs, '/usr/local/go/bin'].filter(Boolean).join(delimiter);
}

/** Builds the checker once (with a lock: several checkouts may ask at once); returns its path. */
export async function ensurePsaChecker() {
  const binary = binaryPath();
  if (existsSync(binary)) return binary;
  return withLock('psa-check', async () => {
    if (existsSync(binary)) return binary;
    withUsualGoOnPath();
    if (spawnSync('go', ['version']).error) throw new Error('Go is not installed: the Pod Security Standards checker (tools/psa) is built with it once. On Debian: apt-get install golang-go (.ci/run does)');
    const { go, env: goEnv } = await goCommand();
    const started = Date.now();
    log('psa', `building the Pod Security Standards checker (k8s.io/pod-security-admission ${PSA_VERSION}) once ...`);
    // -mod=readonly: go.sum pins every module; a build never edits the checkout.
    await run(go, ['build', '-mod=readonly', '-trimpath', '-ldflags', '-s -w', '-o', `${binary}.partial`, '.'], {
      cwd: HERE,
      env: { ...process.env, ...goEnv, CGO_ENABLED: '0' },
    });
    renameSync(`${binary}.partial`, binary);
    log('psa', `built ${binary} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return binary;
  }).catch((error) => {
    rmSync(`${binary}.partial`, { force: true });
    throw error;
  });
}

/**
 * Every pod a manifest would create, as {id, metadata, spec}: a Pod itself, the template of a
 * Deployment, StatefulSet, DaemonSet, ReplicaSet, ReplicationController or Job, and a CronJob's
 * job template. Objects of other kinds make no pods.
 */
export function podTemplates(docs) {
  const pods = [];
  for (const doc of docs) {
    const id = `${doc.kind}/${doc.metadata?.name}`;
    let template;
    if (doc.kind === 'Pod') template = doc;
    else if (['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'ReplicationController', 'Job'].includes(doc.kind)) template = doc.spec?.template;
    else if (doc.kind === 'CronJob') template = doc.spec?.jobTemplate?.spec?.template;
    else continue;
    pods.push({ id, metadata: template?.metadata ?? {}, spec: template?.spec ?? {} });
  }
  return pods;
}

/**
 * Evaluates pods ({id, metadata, spec}) against a level (restricted, baseline) of the latest
 * policy version. Returns [{id, allowed, violations: [{reason, detail}]}] in the same order.
 */
export async function evaluatePods(pods, { level = 'restricted' } = {}) {
  const binary = await ensurePsaChecker();
  const result = spawnSync(binary, ['-level', level, '-version', 'latest'], {
    input: JSON.stringify(pods),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw new Error(`${binary}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${binary} exited ${result.status}: ${result.stderr.trim()}`);
  return JSON.parse(result.stdout);
}
