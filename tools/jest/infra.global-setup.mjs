// For the jest projects that test against real servers (see services/platform/jest.config.cjs):
// the databases of every run (PostgreSQL and FerretDB, databases.global-setup.mjs), plus a Kafka broker and a MinIO server of this run's own (from
// tools/infra, built once and cached), named to the tests through the environment:
//   KAFKA_TEST_BROKERS                  host:port[,host:port]
//   KAFKA_TEST_SASL_SSL_BROKERS, KAFKA_TEST_CA_FILE, KAFKA_TEST_CLIENT_CERT_FILE, KAFKA_TEST_CLIENT_KEY_FILE,
//   KAFKA_TEST_SASL_USERNAME, KAFKA_TEST_SASL_PASSWORD   the same broker's SASL_SSL listener
//   S3_TEST_ENDPOINT, S3_TEST_REGION, S3_TEST_ACCESS_KEY_ID, S3_TEST_SECRET_ACCESS_KEY
// Given already (e.g. a CI service), they are used as they are. A server that cannot start fails
// the run with the reason under CI=true or WILDFRAME_REQUIRE_INFRA=1; elsewhere its suites are
// skipped with that reason (KAFKA_TEST_UNAVAILABLE, S3_TEST_UNAVAILABLE).
import databasesSetup from './databases.global-setup.mjs';
import { infraRequired } from './infra-required.mjs';

export default async function setup() {
  await databasesSetup();
  if (globalThis.__WILDFRAME_TEST_INFRA__) return; // another project of this run did it
  const running = (globalThis.__WILDFRAME_TEST_INFRA__ = []);
  const instance = `jest-${process.pid}`;
  const wanted = [];
  if (!process.env.KAFKA_TEST_BROKERS) {
    wanted.push({
      name: 'Kafka',
      unavailableVariable: 'KAFKA_TEST_UNAVAILABLE',
      start: async () => {
        const { start } = await import('../infra/kafka.mjs');
        const kafka = await start({ instance, owner: process.pid });
        process.env.KAFKA_TEST_BROKERS = kafka.brokers.join(',');
        if (kafka.saslSslUnavailable) process.env.KAFKA_TEST_SASL_SSL_UNAVAILABLE = kafka.saslSslUnavailable;
        if (kafka.saslSsl) {
          Object.assign(process.env, {
            KAFKA_TEST_SASL_SSL_BROKERS: kafka.saslSsl.brokers.join(','),
            KAFKA_TEST_CA_FILE: kafka.saslSsl.caFile,
            KAFKA_TEST_CLIENT_CERT_FILE: kafka.saslSsl.clientCertFile,
            KAFKA_TEST_CLIENT_KEY_FILE: kafka.saslSsl.clientKeyFile,
            KAFKA_TEST_SASL_USERNAME: kafka.saslSsl.username,
            KAFKA_TEST_SASL_PASSWORD: kafka.saslSsl.password,
          });
        }
        return kafka;
      },
    });
  }
  if (!process.env.S3_TEST_ENDPOINT) {
    wanted.push({
      name: 'MinIO',
      unavailableVariable: 'S3_TEST_UNAVAILABLE',
      start: async () => {
        const { start } = await import('../infra/minio.mjs');
        const minio = await start({ instance, owner: process.pid });
        Object.assign(process.env, {
          S3_TEST_ENDPOINT: minio.endpoint,
          S3_TEST_REGION: minio.region,
          S3_TEST_ACCESS_KEY_ID: minio.accessKeyId,
          S3_TEST_SECRET_ACCESS_KEY: minio.secretAccessKey,
        });
        return minio;
      },
    });
  }
  const started = Date.now();
  // Side by side: the broker's JVM start-up and MinIO's overlap.
  const results = await Promise.allSettled(wanted.map((server) => server.start()));
  const failures = [];
  results.forEach((result, index) => {
    const server = wanted[index];
    if (result.status === 'fulfilled') {
      running.push(result.value);
      return;
    }
    const reason = String(result.reason?.message ?? result.reason).split('\n')[0];
    failures.push(`${server.name}: ${result.reason?.message ?? result.reason}`);
    process.env[server.unavailableVariable] = reason;
  });
  if (wanted.length > 0) {
    console.log(
      `\n[test infra] ${wanted.map((server) => server.name).join(' and ')} for this run in ${((Date.now() - started) / 1000).toFixed(1)} s` +
        (failures.length > 0 ? ` (unavailable: ${failures.map((failure) => failure.split(':')[0]).join(', ')})` : ''),
    );
  }
  if (failures.length > 0) {
    if (infraRequired()) {
      await Promise.allSettled(running.map((server) => server.stop()));
      throw new Error(`test servers could not start (required: CI or WILDFRAME_REQUIRE_INFRA=1):\n${failures.join('\n')}`);
    }
    for (const failure of failures) console.warn(`[test infra] suites that need it are skipped — ${failure}`);
  }
}
