#!/usr/bin/env node
// Proof that the rendered chart runs (`npm run check:cluster`; not part of `npm test`: it builds
// six images and runs them). Everything it starts is driven by what `helm template` renders, so
// it follows the chart as it changes:
//
//   1. tools: Debian's podman and friends (installed with apt-get when missing, as root), helm
//      (tools/infra/helm.mjs), the six service images built with podman from docker/Dockerfile on
//      the local debootstrap base (tools/images/docker.mjs; layers cached in <cache>/images/podman).
//   2. a podman network of its own, Kafka (tools/infra/kafka.mjs, listening on the network's
//      host address), the database (FerretDB, the MongoDB wire protocol, for the chart's default
//      driver; PostgreSQL with one database per data service under --database postgres) and MinIO
//      on the host, reached from the pods through the bridge (the database and MinIO through a TCP
//      relay on that address, as they listen on loopback).
//   3. `helm template` with the README's first install (values-minimal.yaml) and the overrides
//      of this machine (tools/cluster/values.mjs): where Kafka, the database and MinIO are, the
//      local images (image.registry ""), one broker, the sandbox payment provider, the Secrets'
//      values, S3_CREATE_BUCKETS.
//   4. every rendered object by kind:
//        Secret      → a podman secret of the same name (what secretKeyRef reads);
//        hook Job    → in helm's order (hook weight), its pod template as a Pod with `podman kube
//                      play`: same image, command, env, user, read-only root, volumes; retried up
//                      to backoffLimit, stopped at activeDeadlineSeconds; must exit 0;
//        Deployment  → `podman kube play` with its ConfigMaps; the Services selecting it become DNS
//                      names of its pod on the network (what kube-proxy and CoreDNS give);
//                      startup, readiness and liveness probes called on the pod; uid, read-only
//                      root and writable /tmp checked inside;
//        post-install hook Job, plain Job → the same, once the Deployments are ready;
//        test Pod    → (helm.sh/hook: test) after the journey, as `helm test` runs them: must exit 0;
//        others      → named with the reason they do not run here (no API server, no controllers),
//                      as is a ConfigMap no pod reads (the Grafana dashboard).
//   5. the journey through the gateway's pod: signup, an upload of a real photo and its critique,
//      the gallery, a like, and an admin answering a contact message.
//   6. cleanup of everything it started, also on failure and Ctrl-C.
//
// Options: --keep (leave it running for a look; `podman pod ps` with the CONTAINERS_* variables it
//          prints), --skip-build (use the images already in the cache's podman storage),
//          --chart <dir> (another copy of the chart, e.g. a branch's, with the same images),
//          --database mongodb|postgres (database.driver; default mongodb, the chart's default).
// Needs root (podman, apt-get, debootstrap), Java 17 + Maven (Kafka), Go (MinIO and FerretDB,
// built once).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { freePort, withLock } from '../infra/common.mjs';
import { ensureHelm } from '../infra/helm.mjs';
import * as kafka from '../infra/kafka.mjs';
import * as ferretdb from '../infra/ferretdb.mjs';
import * as minio from '../infra/minio.mjs';
import * as postgres from '../infra/postgres.mjs';
import { ALL_SERVICES, buildImage, ensureBase, fail, run, runWithCleanup } from '../images/docker.mjs';
import { runJourney } from './journey.mjs';
import { configurePodman, ensurePackages, podman, podmanAsync, sweep } from './podman.mjs';
import { clusterValues } from './values.mjs';

const root = new URL('../..', import.meta.url).pathname;
const RELEASE = 'wildframe';
const NAMESPACE = 'wildframe';
const IMAGE_TAG = 'check';
const args = process.argv.slice(2);
const CHART = args.includes('--chart') ? args[args.indexOf('--chart') + 1] : join(root, 'charts', 'wildframe');
const keep = args.includes('--keep');
const skipBuild = args.includes('--skip-build');
const DRIVER = args.includes('--database') ? args[args.indexOf('--database') + 1] : 'mongodb';

const started = Date.now();
const results = []; // { name, ok, detail }
const timings = []; // [step, ms]
const cleanups = [];
let currentStep;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function step(name) {
  const now = Date.now();
  if (currentStep) timings.push([currentStep.name, now - currentStep.at]);
  currentStep = { name, at: now };
  console.log(`\n== [${seconds(now - started)}] ${name}`);
}

function check(name, ok, detail = '') {
  results.push({ name, ok, detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
  return ok;
}

const note = (message) => console.log(`     ${message}`);

// ---------------------------------------------------------------------------------------------
// Reading the render.

function parseDocs(text) {
  return parseAllDocuments(text).map((doc) => doc.toJS()).filter((doc) => doc && typeof doc === 'object');
}

const hookOf = (doc) => doc.metadata?.annotations?.['helm.sh/hook'] ?? '';
const weightOf = (doc) => Number(doc.metadata?.annotations?.['helm.sh/hook-weight'] ?? 0);
const idOf = (doc) => `${doc.kind}/${doc.metadata?.name}`;
const matches = (selector, labels) => Object.keys(selector ?? {}).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v);

/** Why a kind is not run by podman here (no API server, controllers or CRDs on this machine). */
const NOT_RUN = {
  ServiceAccount: 'identity for the API server; no pod here calls it (tokens are not mounted)',
  NetworkPolicy: 'needs a CNI that enforces policies; the podman bridge does not (checked statically by the deploy check)',
  Ingress: 'needs an ingress controller; the journey calls the gateway pod directly',
  HorizontalPodAutoscaler: 'needs the metrics API and the controller manager',
  PodDisruptionBudget: 'only matters to evictions, which need a cluster',
  ServiceMonitor: 'a Prometheus Operator CRD',
  PrometheusRule: 'a Prometheus Operator CRD',
  KafkaTopic: 'a Strimzi CRD (the topics Job is run instead when it renders)',
  CronJob: 'needs the CronJob controller (its pod template is checked by the deploy check)',
  Role: 'RBAC needs an API server',
  RoleBinding: 'RBAC needs an API server',
};

/**
 * The copy of a pod spec podman plays. Podman 4.3 publishes every containerPort on the host's
 * port of the same number (a cluster publishes none), which collides between pods and with
 * anything else on the machine; each gets a free loopback port instead. Nothing else changes.
 */
async function withoutHostPortClash(spec) {
  const copy = structuredClone(spec);
  for (const container of [...(copy.initContainers ?? []), ...(copy.containers ?? [])]) {
    for (const port of container.ports ?? []) if (!port.hostPort) Object.assign(port, { hostPort: await freePort(), hostIP: '127.0.0.1' });
  }
  return copy;
}

/** A pod template as a Pod manifest podman can play (Jobs and helm test Pods). */
function podManifest(name, template) {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, labels: template.metadata?.labels ?? {}, annotations: template.metadata?.annotations ?? {} }, spec: template.spec };
}

/** The containerPort a Service's targetPort names (or numbers) in a pod spec. */
function containerPort(spec, targetPort) {
  for (const container of spec.containers ?? []) {
    for (const port of container.ports ?? []) if (port.name === targetPort || port.containerPort === targetPort) return port.containerPort;
  }
  return typeof targetPort === 'number' ? targetPort : undefined;
}

// ---------------------------------------------------------------------------------------------
// Infrastructure reached from the pods.

/** The host side of the network: its bridge address (up once a pod is attached). */
function networkGateway(network) {
  const inspect = JSON.parse(podman(['network', 'inspect', network]).stdout)[0];
  const gateway = inspect.subnets?.[0]?.gateway;
  if (!gateway) fail(`podman network ${network} has no gateway: ${JSON.stringify(inspect.subnets)}`);
  return { gateway, subnet: inspect.subnets[0].subnet, bridge: inspect.network_interface };
}

/** A TCP relay from address:<free port> to 127.0.0.1:targetPort (servers that listen on loopback only). */
async function relay(address, targetPort) {
  const sockets = new Set();
  const server = createServer((inbound) => {
    const outbound = connect(targetPort, '127.0.0.1');
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        inbound.destroy();
        outbound.destroy();
      });
    }
    inbound.pipe(outbound);
    outbound.pipe(inbound);
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, address, resolve));
  cleanups.push(() => new Promise((resolve) => {
    for (const socket of sockets) socket.destroy();
    server.close(() => resolve());
  }));
  return server.address().port;
}

/** Whether each bucket exists on the S3 server (HeadBucket). */
async function bucketsExist(s3, buckets) {
  const { HeadBucketCommand } = await import('@aws-sdk/client-s3');
  const client = await minio.s3Client(s3);
  try {
    return await Promise.all(buckets.map((bucket) => client.send(new HeadBucketCommand({ Bucket: bucket })).then(() => true, () => false)));
  } finally {
    client.destroy();
  }
}

async function createDatabases(adminUrl, services) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (const service of services) await client.query(`CREATE DATABASE ${service}`);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Images.

/** The image a rendered container names, as podman finds it locally (nothing can be pulled here). */
function localImage(ref) {
  const found = podman(['image', 'inspect', '--format', '{{index .RepoTags 0}} {{.Id}}', ref], { allowFailure: true });
  if (found.status !== 0) fail(`image ${ref} is not in check:cluster's podman storage, and no registry is reachable to pull it`);
  const [tag, id] = found.stdout.trim().split(' ');
  return `${tag} ${id.slice(0, 12)}`;
}

/** The ConfigMaps a pod spec reads (envFrom, configMapKeyRef, volumes). */
function configMapsRead(spec) {
  const names = [];
  for (const container of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
    for (const from of container.envFrom ?? []) if (from.configMapRef) names.push(from.configMapRef.name);
    for (const env of container.env ?? []) if (env.valueFrom?.configMapKeyRef) names.push(env.valueFrom.configMapKeyRef.name);
  }
  for (const volume of spec.volumes ?? []) {
    if (volume.configMap) names.push(volume.configMap.name);
    for (const source of volume.projected?.sources ?? []) if (source.configMap) names.push(source.configMap.name);
  }
  return names;
}

/** A pod spec for podman kube play, in one file with the rendered ConfigMaps it reads. */
async function playFile(file, manifest, spec, configMaps) {
  const reads = configMapsRead(spec);
  const played = structuredClone(manifest);
  if (played.kind === 'Pod') played.spec = await withoutHostPortClash(spec);
  else played.spec.template.spec = await withoutHostPortClash(spec);
  writeFileSync(file, [played, ...configMaps.filter((m) => reads.includes(m.metadata.name))].map((doc) => stringify(doc)).join('---\n'));
}

// ---------------------------------------------------------------------------------------------
// Running pods.

/** Plays a Pod manifest to completion (a Job's attempt, a helm test). Returns { ok, detail, logs }. */
async function runToCompletion(manifest, { network, deadlineSeconds, configMaps = [] }) {
  const dir = mkdtempSync(join(tmpdir(), 'wildframe-pod-'));
  const file = join(dir, 'pod.yaml');
  await playFile(file, manifest, manifest.spec, configMaps);
  try {
    podman(['kube', 'play', '--network', network, file]);
    const containers = manifest.spec.containers.map((c) => `${manifest.metadata.name}-${c.name}`);
    const waits = await Promise.all(containers.map((name) => podmanAsync(['wait', name], { timeoutMs: deadlineSeconds * 1000 })));
    const logs = containers.map((name) => `--- ${name}\n${podman(['logs', name], { allowFailure: true }).stdout}${podman(['logs', name], { allowFailure: true }).stderr}`).join('\n');
    const codes = waits.map((w) => (w.timedOut ? 'deadline' : w.stdout.trim()));
    return { ok: codes.every((code) => code === '0'), detail: `exit ${codes.join(', ')}`, logs };
  } finally {
    podman(['kube', 'down', file], { allowFailure: true });
    podman(['pod', 'rm', '--force', manifest.metadata.name], { allowFailure: true });
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs a Job like the Job controller: attempts up to backoffLimit + 1, each until activeDeadlineSeconds. */
async function runJob(job, network, configMaps) {
  const deadline = job.spec.activeDeadlineSeconds ?? 600;
  const attempts = (job.spec.backoffLimit ?? 6) + 1;
  let last;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const t0 = Date.now();
    last = await runToCompletion(podManifest(job.metadata.name, job.spec.template), { network, deadlineSeconds: deadline, configMaps });
    note(`${idOf(job)} attempt ${attempt}/${attempts}: ${last.detail} in ${seconds(Date.now() - t0)}`);
    if (last.ok) return last;
  }
  console.log(last.logs.split('\n').slice(-40).join('\n'));
  return last;
}

function podIp(pod, network) {
  const info = JSON.parse(podman(['pod', 'inspect', pod]).stdout);
  const infra = (Array.isArray(info) ? info[0] : info).InfraContainerID;
  const networks = JSON.parse(podman(['inspect', infra]).stdout)[0].NetworkSettings.Networks;
  return networks[network].IPAddress;
}

async function httpStatus(url, timeoutMs) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    return error.cause?.code ?? error.name;
  }
}

/** The kubelet's part: startup probe until it passes (or failureThreshold × periodSeconds), then readiness and liveness. */
async function probe(deployment, ip, containerName) {
  const spec = deployment.spec.template.spec;
  const problems = [];
  for (const container of spec.containers) {
    const ctr = `${containerName(container)}`;
    const url = (p) => `http://${ip}:${containerPort(spec, p.httpGet.port)}${p.httpGet.path}`;
    const timeout = (p) => (p.timeoutSeconds ?? 1) * 1000;
    if (container.startupProbe?.httpGet) {
      const p = container.startupProbe;
      const budget = (p.failureThreshold ?? 3) * (p.periodSeconds ?? 10) * 1000;
      const t0 = Date.now();
      let status;
      while (Date.now() - t0 < budget) {
        status = await httpStatus(url(p), timeout(p));
        if (status === 200) break;
        // A crashed container is restarted by podman (restartPolicy Always), as by the kubelet.
        await new Promise((resolve) => setTimeout(resolve, (p.periodSeconds ?? 10) * 200));
      }
      if (status !== 200) problems.push(`${container.name}: startupProbe ${url(p)} answered ${status} for ${seconds(budget)}`);
      else note(`${ctr}: startupProbe ${p.httpGet.path} passed after ${seconds(Date.now() - t0)}`);
    }
    for (const kind of ['readinessProbe', 'livenessProbe']) {
      const p = container[kind];
      if (!p?.httpGet) continue;
      // Readiness may take a few periods (the database, Kafka): as long as the kubelet would wait.
      const t0 = Date.now();
      let status;
      do {
        status = await httpStatus(url(p), timeout(p));
        if (status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      } while (Date.now() - t0 < (p.failureThreshold ?? 3) * (p.periodSeconds ?? 10) * 1000);
      if (status !== 200) problems.push(`${container.name}: ${kind} ${url(p)} answered ${status}`);
    }
    if (container.startupProbe === undefined && container.readinessProbe === undefined) problems.push(`${container.name}: no probes`);
  }
  return problems;
}

/** What the pod's securityContext must have given: a non-root uid, a read-only root, a writable /tmp. */
function insidePod(ctr) {
  const script = [
    "const fs = require('fs');",
    'const out = { uid: process.getuid() };',
    "try { fs.writeFileSync('/app/.probe', 'x'); out.root = 'writable'; } catch (e) { out.root = e.code; }",
    "try { fs.writeFileSync('/tmp/.probe', 'x'); fs.unlinkSync('/tmp/.probe'); out.tmp = 'writable'; } catch (e) { out.tmp = e.code; }",
    'console.log(JSON.stringify(out));',
  ].join(' ');
  const result = podman(['exec', ctr, 'node', '-e', script], { allowFailure: true });
  if (result.status !== 0) return [`exec in ${ctr} failed: ${result.stderr.split('\n').slice(-3).join(' ')}`];
  const facts = JSON.parse(result.stdout.trim().split('\n').pop());
  const problems = [];
  if (!(facts.uid > 0)) problems.push(`runs as uid ${facts.uid}`);
  if (facts.root !== 'EROFS') problems.push(`root filesystem: ${facts.root}`);
  if (facts.tmp !== 'writable') problems.push(`/tmp: ${facts.tmp}`);
  return problems.length ? problems : [];
}

// ---------------------------------------------------------------------------------------------

async function main() {
  step('tools: podman, helm');
  if (!['mongodb', 'postgres'].includes(DRIVER)) fail(`--database takes mongodb or postgres, not ${DRIVER}`);
  if (process.getuid?.() !== 0) fail('check:cluster needs root (podman networks and pods, apt-get, debootstrap)');
  const installed = ensurePackages(note);
  check('Debian packages (podman, runc, conmon, netavark, aardvark-dns, iptables, catatonit, debootstrap)', true, installed.length ? `installed ${installed.join(' ')}` : 'present');
  const conf = configurePodman();
  note(`CONTAINERS_CONF=${conf.containersConf} CONTAINERS_STORAGE_CONF=${conf.storageConf}`);
  note(podman(['--version']).stdout.trim());
  sweep();
  const { helm } = await ensureHelm();

  if (!skipBuild) {
    step('images: the local base and the six service images (podman build, docker/Dockerfile)');
    await ensureBase('podman');
    for (const service of ALL_SERVICES) {
      const t0 = Date.now();
      await buildImage('podman', service, `localhost/wildframe-${service}:${IMAGE_TAG}`);
      check(`image localhost/wildframe-${service}:${IMAGE_TAG}`, true, `built in ${seconds(Date.now() - t0)}`);
    }
  }

  const databaseName = DRIVER === 'mongodb' ? 'MongoDB (FerretDB)' : 'PostgreSQL';
  step(`network and infrastructure (Kafka, ${databaseName}, MinIO on the host, reached over the bridge)`);
  const network = `wildframe-check-${process.pid}`;
  podman(['network', 'create', network]);
  cleanups.push(() => podman(['network', 'rm', '--force', network], { allowFailure: true }));
  // The bridge (and its host address) exists while a pod is attached: an empty pod holds it up
  // for the infrastructure to listen on.
  const anchor = `${network}-anchor`;
  podman(['pod', 'create', '--name', anchor, '--network', network]);
  cleanups.push(() => podman(['pod', 'rm', '--force', anchor], { allowFailure: true }));
  podman(['pod', 'start', anchor]);
  const { gateway: hostAddress, subnet } = networkGateway(network);
  note(`network ${network} ${subnet}, host address ${hostAddress}`);
  const instance = `check-cluster-${process.pid}`;
  const [broker, database, s3] = await Promise.all([
    // PLAINTEXT on the bridge address; the SASL_SSL listener (127.0.0.1 only) is not needed here.
    kafka.start({ instance, owner: process.pid, host: hostAddress, autoCreateTopics: false, saslSsl: false }),
    (DRIVER === 'mongodb' ? ferretdb : postgres).start({ instance, owner: process.pid }),
    minio.start({ instance, owner: process.pid }),
  ]);
  cleanups.push(() => broker.stop(), () => database.stop(), () => s3.stop());
  const dbPort = await relay(hostAddress, Number(new URL(database.url).port));
  const s3Port = await relay(hostAddress, Number(new URL(s3.endpoint).port));
  const dataServices = ['auth', 'photos', 'analysis', 'billing', 'contact'];
  // MongoDB: each service makes its own database (wildframe_<service>) on first use.
  if (DRIVER === 'postgres') await createDatabases(database.url, dataServices);
  const infra = {
    hostAddress,
    brokers: broker.brokers.join(','),
    databaseDriver: DRIVER,
    databaseUrl: (service) =>
      DRIVER === 'mongodb' ? `mongodb://${hostAddress}:${dbPort}/wildframe` : `postgres://postgres:postgres@${hostAddress}:${dbPort}/${service}`,
    s3: { endpoint: `http://${hostAddress}:${s3Port}`, region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  };
  note(`Kafka ${infra.brokers}, ${databaseName} ${hostAddress}:${dbPort} (relay), MinIO ${infra.s3.endpoint} (relay)`);

  step('helm template');
  const admin = { email: 'cluster.admin@wildframe.test', password: randomBytes(12).toString('base64url') };
  const values = clusterValues({ infra, imageTag: IMAGE_TAG, admin, dataServices });
  const work = mkdtempSync(join(tmpdir(), 'wildframe-check-cluster-'));
  cleanups.push(() => rmSync(work, { recursive: true, force: true }));
  const valuesFile = join(work, 'values.yaml');
  writeFileSync(valuesFile, stringify(values));
  const rendered = run(helm, ['template', RELEASE, CHART, '--namespace', NAMESPACE, '-f', join(CHART, 'values-minimal.yaml'), '-f', valuesFile], { quiet: true });
  const docs = parseDocs(rendered.stdout);
  const kinds = new Map();
  for (const doc of docs) kinds.set(doc.kind, (kinds.get(doc.kind) ?? 0) + 1);
  check('helm template', docs.length > 0, `${docs.length} objects: ${[...kinds].map(([k, n]) => `${n} ${k}`).join(', ')}`);

  const secrets = docs.filter((d) => d.kind === 'Secret');
  const configMaps = docs.filter((d) => d.kind === 'ConfigMap');
  const services = docs.filter((d) => d.kind === 'Service' && !hookOf(d));
  const deployments = docs.filter((d) => d.kind === 'Deployment');
  const byWeight = (a, b) => weightOf(a) - weightOf(b);
  const hookJobs = docs.filter((d) => d.kind === 'Job' && /pre-install/.test(hookOf(d))).sort(byWeight);
  // After the release's objects: post-install hooks (in weight order), then plain Jobs.
  const laterJobs = [
    ...docs.filter((d) => d.kind === 'Job' && /post-install/.test(hookOf(d))).sort(byWeight),
    ...docs.filter((d) => d.kind === 'Job' && !hookOf(d)),
  ];
  const testPods = docs.filter((d) => d.kind === 'Pod' && /(^|,)test(-success)?($|,)/.test(hookOf(d)));
  const podSpecs = [...deployments, ...hookJobs, ...laterJobs].map((d) => d.spec.template.spec).concat(testPods.map((p) => p.spec));
  const read = new Set(podSpecs.flatMap(configMapsRead));
  const handled = new Set([...secrets, ...configMaps.filter((m) => read.has(m.metadata.name)), ...services, ...deployments, ...hookJobs, ...laterJobs, ...testPods]);
  for (const doc of docs.filter((d) => !handled.has(d))) {
    const why = doc.kind === 'ConfigMap' ? (doc.metadata.labels?.grafana_dashboard ? 'a Grafana dashboard, for the Grafana sidecar (no Grafana here); no pod reads it' : undefined) : NOT_RUN[doc.kind];
    check(`not run: ${idOf(doc)}`, Boolean(why), why ?? `no rule for ${doc.kind === 'ConfigMap' ? 'a ConfigMap no pod reads' : `kind ${doc.kind}`} (hook "${hookOf(doc)}"): teach check:cluster how to run it or why not`);
  }
  // The services make their buckets at start-up (S3_CREATE_BUCKETS): checked once they are ready.
  const buckets = [...new Set(configMaps.map((m) => m.data?.S3_BUCKET).filter(Boolean))];

  step('Secrets as podman secrets; images the pods name');
  for (const secret of secrets) {
    // kube play's secretKeyRef reads a podman secret holding the JSON of the Secret's data (base64 values).
    const data = { ...secret.data };
    for (const [key, value] of Object.entries(secret.stringData ?? {})) data[key] = Buffer.from(String(value)).toString('base64');
    // From a file: podman reads `-` only from a FIFO, and node's pipes are sockets.
    const file = join(work, `secret-${secret.metadata.name}.json`);
    writeFileSync(file, JSON.stringify(data), { mode: 0o600 });
    podman(['secret', 'create', secret.metadata.name, file]);
    rmSync(file);
  }
  cleanups.push(() => {
    for (const secret of secrets) podman(['secret', 'rm', secret.metadata.name], { allowFailure: true });
  });
  check('Secrets', true, secrets.map((s) => s.metadata.name).join(', ') || 'none');
  const refs = new Set(podSpecs.flatMap((spec) => [...(spec.initContainers ?? []), ...spec.containers].map((c) => c.image)));
  for (const ref of refs) check(`image ${ref} is local`, true, localImage(ref));

  step(`hook Jobs in helm's order (${hookJobs.map((j) => `${j.metadata.name} w${weightOf(j)}`).join(', ') || 'none'})`);
  for (const job of hookJobs) {
    const t0 = Date.now();
    const result = await runJob(job, network, configMaps);
    if (!check(`hook ${idOf(job)} (${hookOf(job)}) completes`, result.ok, `${result.detail}, ${seconds(Date.now() - t0)}`)) fail(`${idOf(job)} failed: helm install would stop here`);
  }

  step(`Deployments with podman kube play (${deployments.length}), Services as DNS names on the network`);
  const pods = [];
  for (const deployment of deployments) {
    const labels = deployment.spec.template.metadata?.labels ?? {};
    const selecting = services.filter((svc) => matches(svc.spec?.selector, labels));
    const problems = [];
    for (const svc of selecting) {
      for (const port of svc.spec.ports ?? []) {
        const target = containerPort(deployment.spec.template.spec, port.targetPort ?? port.port);
        // A DNS alias keeps ports: a Service that remaps one cannot be stood for this way.
        if (target !== port.port) problems.push(`Service ${svc.metadata.name} port ${port.port} → ${port.targetPort} (${target}): remapped ports are not emulated`);
      }
    }
    const aliases = selecting.flatMap((svc) => [svc.metadata.name, `${svc.metadata.name}.${NAMESPACE}`, `${svc.metadata.name}.${NAMESPACE}.svc`, `${svc.metadata.name}.${NAMESPACE}.svc.cluster.local`]);
    const file = join(work, `${deployment.metadata.name}.yaml`);
    await playFile(file, deployment, deployment.spec.template.spec, configMaps);
    const networkArg = aliases.length ? `${network}:${aliases.map((a) => `alias=${a}`).join(',')}` : network;
    podman(['kube', 'play', '--network', networkArg, file]);
    cleanups.push(() => podman(['kube', 'down', file], { allowFailure: true }));
    const podName = `${deployment.metadata.name}-pod-0`;
    pods.push({ deployment, podName, file });
    check(`${idOf(deployment)} plays as pod ${podName}`, problems.length === 0, [selecting.length ? `Services ${selecting.map((s) => s.metadata.name).join(', ')}` : 'no Service', ...problems].join('; '));
  }

  step('probes (startup, readiness, liveness) and security context of every pod');
  const probed = await Promise.all(pods.map(async (pod) => {
    pod.ip = podIp(pod.podName, network);
    const t0 = Date.now();
    const problems = await probe(pod.deployment, pod.ip, (c) => `${pod.podName}-${c.name}`);
    return { pod, problems, ms: Date.now() - t0 };
  }));
  let allReady = true;
  for (const { pod, problems, ms } of probed) {
    const ctr = `${pod.podName}-${pod.deployment.spec.template.spec.containers[0].name}`;
    const inside = problems.length ? [] : insidePod(ctr);
    const ok = check(`${idOf(pod.deployment)}: probes pass; non-root, read-only root, writable /tmp`, problems.length + inside.length === 0, [...problems, ...inside].join('; ') || `ready in ${seconds(ms)} at ${pod.ip}`);
    if (!ok) {
      allReady = false;
      console.log(podman(['logs', '--tail', '40', ctr], { allowFailure: true }).stdout.split('\n').slice(-40).join('\n'));
    }
  }
  if (!allReady) fail('not every pod became ready');
  const bucketStates = await bucketsExist(s3, buckets);
  check(`S3 buckets made by the services at start-up (S3_CREATE_BUCKETS): ${buckets.join(', ')}`, buckets.length > 0 && bucketStates.every(Boolean),
    buckets.map((bucket, i) => `${bucket} ${bucketStates[i] ? 'exists' : 'missing'}`).join(', ') || 'no ConfigMap names a bucket');

  if (laterJobs.length) step(`post-install hooks and Jobs (${laterJobs.map((j) => j.metadata.name).join(', ')})`);
  for (const job of laterJobs) {
    const t0 = Date.now();
    const result = await runJob(job, network, configMaps);
    check(`${idOf(job)}${hookOf(job) ? ` (${hookOf(job)})` : ''} completes`, result.ok, `${result.detail}, ${seconds(Date.now() - t0)}`);
  }

  step('the journey through the gateway pod');
  const gatewayPod = pods.find((p) => p.deployment.metadata.labels?.['app.kubernetes.io/component'] === 'gateway');
  if (!gatewayPod) fail('no gateway Deployment rendered');
  const gatewayPort = containerPort(gatewayPod.deployment.spec.template.spec, 'http');
  const base = `http://${gatewayPod.ip}:${gatewayPort}`;
  await runJourney({
    base,
    admin,
    s3: { ...s3 },
    bucket: configMaps.find((m) => m.metadata.name.endsWith('-photos'))?.data?.S3_BUCKET,
    fixturesDir: join(root, 'services', 'photos', 'test-fixtures'),
    check,
    note,
  });

  step(`helm test Pods (${testPods.length})`);
  for (const pod of testPods) {
    const result = await runToCompletion(podManifest(pod.metadata.name, pod), { network, deadlineSeconds: pod.spec.activeDeadlineSeconds ?? 300, configMaps });
    if (!result.ok) console.log(result.logs.split('\n').slice(-40).join('\n'));
    check(`helm test ${idOf(pod)}`, result.ok, result.detail);
  }
  if (testPods.length === 0) note('the chart renders no helm test Pod');
}

async function cleanUp() {
  if (keep) {
    console.log(`\n--keep: left running. CONTAINERS_CONF=${process.env.CONTAINERS_CONF} CONTAINERS_STORAGE_CONF=${process.env.CONTAINERS_STORAGE_CONF} podman pod ps`);
    return;
  }
  step('cleanup');
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error(`cleanup: ${error.message}`);
    }
  }
  if (process.env.CONTAINERS_STORAGE_CONF) sweep();
}

// One run at a time: a run sweeps its podman storage, which would pull the pods from under another.
const crashed = await withLock('check-cluster', () => runWithCleanup('check:cluster', { main, cleanUp, check }), {
  onWait: (pid) => console.log(`waiting for another check:cluster (pid ${pid}) ...`),
});
if (currentStep) timings.push([currentStep.name, Date.now() - currentStep.at]);
console.log('\nsteps:');
for (const [name, ms] of timings) console.log(`  ${seconds(ms).padStart(9)}  ${name}`);
const failed = results.filter((r) => !r.ok);
console.log(`\ncheck:cluster ${failed.length || crashed ? 'FAILED' : 'passed'}: ${results.length - failed.length}/${results.length} checks in ${seconds(Date.now() - started)} (load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})${failed.length ? `; failed: ${failed.map((r) => r.name).join('; ')}` : ''}`);
process.exit(failed.length || crashed ? 1 : 0);
