// The distributed shape on one machine: Kafka, MinIO and the databases from tools/infra (a
// MongoDB-wire server, FerretDB, by default as in the chart; PostgreSQL only when a service is put
// on it), then the six built service entrypoints (dist/services/<name>/src/main.js) as separate OS
// processes, configured as the Helm chart configures their pods (charts/wildframe:
// EVENT_BUS_DRIVER=kafka, STORAGE_DRIVER=s3, one database per data service with its
// DATABASE_DRIVER, the shared secrets, the computed service URLs). Used by
// `npm run start:distributed` (tools/distributed/start.mjs) and the multi-process journey test.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../infra/common.mjs';
import * as kafka from '../infra/kafka.mjs';
import * as minio from '../infra/minio.mjs';
import * as ferretdb from '../infra/ferretdb.mjs';
import * as postgres from '../infra/postgres.mjs';

const root = new URL('../..', import.meta.url).pathname;

/** Start order: what others call first (auth, analysis), the gateway last. */
export const SERVICES = ['auth', 'analysis', 'photos', 'billing', 'contact', 'gateway'];
export const DATA_SERVICES = ['auth', 'photos', 'analysis', 'billing', 'contact'];
/** The chart's buckets (values.yaml services.<name>.storage.bucket). */
export const BUCKETS = { auth: 'wildframe-avatars', photos: 'wildframe-photos' };
/** The backends a data service can run on; the first is the default, as the chart's database.driver. */
export const DATABASE_DRIVERS = ['mongodb', 'postgres'];

/**
 * Each data service's backend from a setting such as `DATABASE` of start.mjs: a driver for every
 * service, optionally followed by per-service ones (`mongodb`, `postgres`,
 * `mongodb,billing=postgres`), as the chart's database.driver and services.<name>.database.driver.
 * Empty: MongoDB for all. Throws with the reason on anything else.
 */
export function databaseDrivers(setting = '') {
  const drivers = Object.fromEntries(DATA_SERVICES.map((service) => [service, DATABASE_DRIVERS[0]]));
  const known = (driver) => {
    if (!DATABASE_DRIVERS.includes(driver)) throw new Error(`'${driver}' is not a database driver (${DATABASE_DRIVERS.join(' or ')})`);
    return driver;
  };
  const parts = setting.split(',').map((part) => part.trim()).filter(Boolean);
  for (const [index, part] of parts.entries()) {
    const [service, driver] = part.includes('=') ? part.split('=').map((word) => word.trim()) : [undefined, part];
    if (service === undefined) {
      if (index > 0) throw new Error(`the driver for every service comes first ('${part}' after '${parts[0]}')`);
      for (const name of DATA_SERVICES) drivers[name] = known(driver);
    } else if (!DATA_SERVICES.includes(service)) {
      throw new Error(`'${service}' is not a data service (${DATA_SERVICES.join(', ')})`);
    } else drivers[service] = known(driver);
  }
  return drivers;
}

export function entrypoint(service) {
  return join(root, 'dist', 'services', service, 'src', 'main.js');
}

export function missingBuild() {
  return [...SERVICES.map(entrypoint), join(root, 'dist', 'services', 'gateway', 'src', 'kafka-topics.js')].filter((file) => !existsSync(file));
}

/**
 * The Kafka settings every client of the cluster gets (the services, and the setup below, through
 * the platform's kafka.config.ts): the broker's PLAINTEXT listener, or with `saslSsl` its SASL_SSL
 * listener with TLS (the broker's test CA) and SCRAM-SHA-512, as a managed Kafka would be reached.
 */
export function kafkaEnv(broker, { saslSsl = false } = {}) {
  if (!saslSsl) return { KAFKA_BROKERS: broker.brokers.join(',') };
  if (!broker.saslSsl) throw new Error(`the broker has no SASL_SSL listener: ${broker.saslSslUnavailable ?? 'it was started without one'}`);
  return {
    KAFKA_BROKERS: broker.saslSsl.brokers.join(','),
    KAFKA_TLS: 'true',
    KAFKA_TLS_CA_FILE: broker.saslSsl.caFile,
    KAFKA_SASL_MECHANISM: 'scram-sha-512',
    KAFKA_SASL_USERNAME: broker.saslSsl.username,
    KAFKA_SASL_PASSWORD: broker.saslSsl.password,
  };
}

/** kafkajs options from `kafkaEnv`, built by the platform's own code (the build's dist/). */
export function kafkaClient(env, clientId) {
  const { kafkaConnectionFromEnv } = createRequire(import.meta.url)(join(root, 'dist', 'services', 'platform', 'src', 'config', 'kafka.config.js'));
  const { warnings: _warnings, ...client } = kafkaConnectionFromEnv('distributed', { ...env, KAFKA_CLIENT_ID: clientId }, clientId);
  return client;
}

/**
 * Creates every topic and dead-letter topic (the chart's files/kafka-topics.json) before any
 * service starts, with the program the chart's topics Job runs (dist/services/gateway/src/kafka-topics.js),
 * as an operator provisions them: on a fresh broker, topics auto-created by the first
 * subscriptions are not yet served when the consumers ask for their metadata, and a service's
 * bus then waits for them.
 */
async function createTopics(env, partitions = 3) {
  const catalogue = JSON.parse(readFileSync(join(root, 'charts', 'wildframe', 'files', 'kafka-topics.json'), 'utf8'));
  const topics = [
    ...catalogue.topics.map((name) => ({ name, partitions })),
    ...catalogue.deadLetterTopics.map((name) => ({ name, partitions: 1 })),
  ];
  const job = spawn(process.execPath, [join(root, 'dist', 'services', 'gateway', 'src', 'kafka-topics.js')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env, KAFKA_CLIENT_ID: 'wildframe-distributed-topics', KAFKA_TOPICS: JSON.stringify(topics), KAFKA_TOPICS_REPLICATION_FACTOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  job.stdout.on('data', (chunk) => (output += chunk));
  job.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => job.once('exit', resolve));
  if (code !== 0) throw new Error(`the topics Job program exited with ${code}:\n${output.trim()}`);
  return topics.length;
}

async function waitForHealth(url, child, output, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`exited (${child.exitCode ?? child.signalCode}) before answering ${url}:\n${output().slice(-4000)}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
      last = `status ${res.status}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (${last}):\n${output().slice(-4000)}`);
}

/** One service process: its output is kept (and handed to onLine), it can be killed and started again on the same port. */
export class ServiceProcess {
  constructor(name, port, env, onLine) {
    this.name = name;
    this.port = port;
    this.url = `http://127.0.0.1:${port}`;
    this.env = env;
    this.onLine = onLine;
    this.log = '';
    this.child = undefined;
    this.exited = Promise.resolve(null);
  }

  spawn() {
    const child = spawn(process.execPath, [entrypoint(this.name)], {
      cwd: root,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: a Ctrl+C in the terminal reaches only the launcher, which then
      // stops the services in order (a service given two signals exits without finishing).
      detached: true,
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
    let partial = '';
    const onData = (chunk) => {
      const text = chunk.toString();
      this.log += text;
      if (this.log.length > 2_000_000) this.log = this.log.slice(-1_000_000);
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) this.onLine?.(this.name, line);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    return child;
  }

  async start(timeoutMs = 120_000) {
    const child = this.spawn();
    await waitForHealth(`${this.url}/api/health`, child, () => this.log, timeoutMs);
  }

  /** Stops with `signal` and waits for the exit; resolves with the exit code or signal. */
  async stop(signal = 'SIGTERM', graceMs = 15_000) {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? child?.signalCode ?? null;
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    const result = await this.exited;
    clearTimeout(timer);
    return result;
  }

  async restart(timeoutMs) {
    await this.stop();
    await this.start(timeoutMs);
  }
}

/**
 * Starts the infrastructure and the six services. Options:
 *   instance   name of the infra instances (own broker, database server and MinIO), default 'distributed'
 *   owner      pid whose death lets a later run sweep the infra away (default: this process)
 *   gatewayPort  fixed port of the gateway (default: a free one)
 *   webDir     built web app the gateway serves (default frontend/dist when built)
 *   env        extra env for every service; serviceEnv: { <service>: extra env }
 *   onLine(service, line)  each output line of a service
 *   onStep(message)        progress messages
 *   drivers    each data service's backend, { <service>: 'mongodb' | 'postgres' } (databaseDrivers();
 *              default MongoDB for all): MongoDB is FerretDB from tools/infra, PostgreSQL the
 *              infra's server, each started only when a service uses it; one database per service
 *   saslSsl    every Kafka client over the broker's SASL_SSL listener (TLS, SCRAM-SHA-512; see kafkaEnv)
 *   createBuckets  the storage services create their buckets at start-up (S3_CREATE_BUCKETS=true)
 *              instead of finding them made
 * Returns { url, services, infra, drivers, databases, secrets, kafkaEnv, stop() }: `drivers` the
 * backend of each data service, `databases` its DATABASE_URL, `kafkaEnv` the Kafka settings every
 * service got (for a client of the test: kafkaClient(kafkaEnv, …)).
 */
export async function startCluster(options = {}) {
  const missing = missingBuild();
  if (missing.length > 0) throw new Error(`not built: ${missing.join(', ')} (run \`npm run build\`)`);
  const instance = options.instance ?? 'distributed';
  const owner = options.owner ?? process.pid;
  const step = options.onStep ?? (() => {});
  const cleanups = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error(`[distributed] while stopping: ${error}`);
      }
    }
  };

  const drivers = { ...databaseDrivers(), ...options.drivers };
  const onMongo = DATA_SERVICES.filter((service) => drivers[service] === 'mongodb');
  const onPostgres = DATA_SERVICES.filter((service) => drivers[service] === 'postgres');
  const unknown = DATA_SERVICES.filter((service) => !DATABASE_DRIVERS.includes(drivers[service]));
  if (unknown.length > 0) throw new Error(`drivers: ${unknown.map((service) => `${service}=${drivers[service]}`).join(', ')} (${DATABASE_DRIVERS.join(' or ')})`);

  try {
    const servers = ['Kafka', 'MinIO', ...(onMongo.length ? ['FerretDB (MongoDB wire)'] : []), ...(onPostgres.length ? ['PostgreSQL'] : [])];
    step(`starting ${servers.join(', ')}`);
    const [broker, s3, mongo, database] = await Promise.all([
      kafka.start({ instance, owner }),
      minio.start({ instance, owner, buckets: options.createBuckets ? [] : Object.values(BUCKETS) }),
      onMongo.length ? ferretdb.start({ instance, owner }) : undefined,
      onPostgres.length ? postgres.start({ instance, owner }) : undefined,
    ]);
    cleanups.push(() => broker.stop(), () => s3.stop(), () => mongo?.stop(), () => database?.stop());
    const kafkaSettings = kafkaEnv(broker, { saslSsl: options.saslSsl });
    const topics = await createTopics(kafkaSettings);
    step(
      `Kafka ${kafkaSettings.KAFKA_BROKERS}${options.saslSsl ? ' (SASL_SSL, SCRAM-SHA-512)' : ''} (${topics} topics), MinIO ${s3.endpoint}` +
        (mongo ? `, FerretDB ${mongo.url} for ${onMongo.join(', ')}` : '') +
        (database ? `, PostgreSQL ${new URL(database.url).host} for ${onPostgres.join(', ')}` : ''),
    );

    // One database per data service, as the chart gives each its own DATABASE_URL.
    const prefix = `wf_${randomBytes(3).toString('hex')}`;
    const databases = {};
    // On MongoDB the service's database is <prefix>_<service> (MongoServiceDatabase).
    for (const service of onMongo) databases[service] = `${mongo.url.replace(/\/$/, '')}/${prefix}`;
    if (database) {
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        for (const service of onPostgres) {
          const name = `${prefix}_${service}`;
          await admin.query(`CREATE DATABASE ${name}`);
          const url = new URL(database.url);
          url.pathname = `/${name}`;
          databases[service] = url.toString();
        }
      } finally {
        await admin.end();
      }
    }

    const secrets = {
      IDENTITY_SECRET: randomBytes(24).toString('hex'),
      INTERNAL_API_TOKEN: randomBytes(16).toString('hex'),
      IMAGE_URL_SECRET: randomBytes(24).toString('hex'),
      ADMIN_EMAIL: options.adminEmail ?? 'admin@wildframe.local',
      ADMIN_PASSWORD: options.adminPassword ?? randomBytes(12).toString('base64url'),
    };
    const ports = {};
    for (const service of SERVICES) ports[service] = service === 'gateway' && options.gatewayPort ? options.gatewayPort : await freePort();
    const urlOf = (service) => `http://127.0.0.1:${ports[service]}`;
    const webDir = options.webDir ?? join(root, 'frontend', 'dist');

    const envOf = (service) => {
      const env = {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        PORT: String(ports[service]),
        LISTEN_HOST: '127.0.0.1',
        LOG_LEVEL: options.logLevel ?? 'info',
        EVENT_BUS_DRIVER: 'kafka',
        ...kafkaSettings,
        KAFKA_CLIENT_ID: `wildframe-${service}`,
        IDENTITY_SECRET: secrets.IDENTITY_SECRET,
      };
      if (DATA_SERVICES.includes(service)) {
        Object.assign(env, { DATABASE_URL: databases[service], DATABASE_DRIVER: drivers[service], RUN_MIGRATIONS: 'true' });
      }
      if (BUCKETS[service]) {
        Object.assign(env, {
          STORAGE_DRIVER: 's3',
          S3_BUCKET: BUCKETS[service],
          S3_ENDPOINT: s3.endpoint,
          S3_REGION: s3.region,
          S3_ACCESS_KEY_ID: s3.accessKeyId,
          S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
          S3_FORCE_PATH_STYLE: 'true',
          S3_CREATE_BUCKETS: options.createBuckets ? 'true' : 'false',
        });
      }
      if (['auth', 'photos', 'analysis', 'billing'].includes(service)) env.INTERNAL_API_TOKEN = secrets.INTERNAL_API_TOKEN;
      if (service === 'gateway') {
        Object.assign(env, {
          AUTH_URL: urlOf('auth'),
          PHOTOS_URL: urlOf('photos'),
          ANALYSIS_URL: urlOf('analysis'),
          BILLING_URL: urlOf('billing'),
          CONTACT_URL: urlOf('contact'),
          PAYMENT_PROVIDER: 'sandbox',
        });
        if (existsSync(join(webDir, 'index.html'))) env.WEB_DIR = webDir;
      }
      if (service === 'auth') Object.assign(env, { ADMIN_EMAIL: secrets.ADMIN_EMAIL, ADMIN_PASSWORD: secrets.ADMIN_PASSWORD });
      if (service === 'photos') Object.assign(env, { ANALYSIS_URL: urlOf('analysis'), IMAGE_URL_SECRET: secrets.IMAGE_URL_SECRET });
      // A local development cluster: sandbox payments must be allowed explicitly (as in values-dev.yaml).
      if (service === 'billing') Object.assign(env, { AUTH_URL: urlOf('auth'), PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'true' });
      // As the chart computes it: clients reach the gateway directly; the services see the gateway as one hop.
      if (service !== 'gateway') env.TRUSTED_PROXIES = '1';
      return { ...env, ...options.env, ...options.serviceEnv?.[service] };
    };

    const services = {};
    for (const service of SERVICES) services[service] = new ServiceProcess(service, ports[service], envOf(service), options.onLine);
    // Services stop before the infrastructure (cleanups run in reverse).
    cleanups.push(() => Promise.all(Object.values(services).map((s) => s.stop())));
    // The services that others call at start-up or first; the rest in parallel.
    step('starting auth and analysis');
    await Promise.all(['auth', 'analysis'].map((service) => services[service].start()));
    step('starting photos, billing and contact');
    await Promise.all(['photos', 'billing', 'contact'].map((service) => services[service].start()));
    step('starting the gateway');
    await services.gateway.start();
    return { url: urlOf('gateway'), services, infra: { kafka: broker, postgres: database, minio: s3, ferretdb: mongo }, drivers, databases, secrets, kafkaEnv: kafkaSettings, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
