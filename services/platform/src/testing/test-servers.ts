/**
 * Real servers for tests, as the infra jest global setup (tools/jest/infra.global-setup.mjs)
 * names them through the environment. A project that wants them uses that setup (see
 * services/platform/jest.config.cjs); the other helper of the distributed shape does too.
 */
export interface KafkaTestServer {
  brokers: string[];
}

/** The broker's SASL_SSL listener (tools/infra/kafka.mjs): its CA, a client certificate, one user for every mechanism. */
export interface KafkaSaslSslTestServer {
  brokers: string[];
  caFile: string;
  clientCertFile: string;
  clientKeyFile: string;
  username: string;
  password: string;
}

export interface S3TestServer {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export type TestServer<T> = { available: true; facts: T } | { available: false; reason: string };

/** CI=true or WILDFRAME_REQUIRE_INFRA=1: a missing server is a failure, never a skip. */
export function testServersRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  return ['true', '1'].includes(String(env['CI'] ?? '').toLowerCase()) || env['WILDFRAME_REQUIRE_INFRA'] === '1';
}

const NOT_STARTED = 'was not started for this run (the jest project does not use tools/jest/infra.global-setup.mjs)';

export function kafkaTestServer(env: NodeJS.ProcessEnv = process.env): TestServer<KafkaTestServer> {
  const brokers = (env['KAFKA_TEST_BROKERS'] ?? '')
    .split(',')
    .map((broker) => broker.trim())
    .filter(Boolean);
  if (brokers.length > 0) return { available: true, facts: { brokers } };
  return { available: false, reason: `Kafka ${env['KAFKA_TEST_UNAVAILABLE'] ? `could not start: ${env['KAFKA_TEST_UNAVAILABLE']}` : NOT_STARTED}` };
}

export function kafkaSaslSslTestServer(env: NodeJS.ProcessEnv = process.env): TestServer<KafkaSaslSslTestServer> {
  const plain = kafkaTestServer(env);
  if (!plain.available) return plain;
  const facts = {
    brokers: (env['KAFKA_TEST_SASL_SSL_BROKERS'] ?? '').split(',').map((broker) => broker.trim()).filter(Boolean),
    caFile: env['KAFKA_TEST_CA_FILE'] ?? '',
    clientCertFile: env['KAFKA_TEST_CLIENT_CERT_FILE'] ?? '',
    clientKeyFile: env['KAFKA_TEST_CLIENT_KEY_FILE'] ?? '',
    username: env['KAFKA_TEST_SASL_USERNAME'] ?? '',
    password: env['KAFKA_TEST_SASL_PASSWORD'] ?? '',
  };
  if (facts.brokers.length > 0 && facts.caFile && facts.clientCertFile && facts.clientKeyFile && facts.username && facts.password) return { available: true, facts };
  const why = env['KAFKA_TEST_SASL_SSL_UNAVAILABLE'];
  if (why) return { available: false, reason: `Kafka has no SASL_SSL listener for this run: ${why}` };
  return { available: false, reason: 'Kafka has no SASL_SSL listener for this run (KAFKA_TEST_SASL_SSL_BROKERS, KAFKA_TEST_CA_FILE, KAFKA_TEST_CLIENT_CERT_FILE, KAFKA_TEST_CLIENT_KEY_FILE, KAFKA_TEST_SASL_USERNAME and KAFKA_TEST_SASL_PASSWORD; tools/infra/kafka.mjs starts one)' };
}

export function s3TestServer(env: NodeJS.ProcessEnv = process.env): TestServer<S3TestServer> {
  const endpoint = env['S3_TEST_ENDPOINT'];
  const accessKeyId = env['S3_TEST_ACCESS_KEY_ID'];
  const secretAccessKey = env['S3_TEST_SECRET_ACCESS_KEY'];
  if (endpoint && accessKeyId && secretAccessKey) {
    return { available: true, facts: { endpoint, region: env['S3_TEST_REGION'] || 'us-east-1', accessKeyId, secretAccessKey } };
  }
  return { available: false, reason: `MinIO ${env['S3_TEST_UNAVAILABLE'] ? `could not start: ${env['S3_TEST_UNAVAILABLE']}` : NOT_STARTED}` };
}

/**
 * describe() when the server is there. Otherwise a visible skip with the reason, or, when servers
 * are required, one failing test that carries the reason.
 */
export function describeWithServer<T>(title: string, server: TestServer<T>, body: (facts: T) => void): void {
  if (server.available) {
    describe(title, () => body(server.facts));
    return;
  }
  const reason = server.reason;
  if (testServersRequired()) {
    describe(title, () => {
      it('has the server it tests against', () => {
        throw new Error(`${reason} (required here: CI or WILDFRAME_REQUIRE_INFRA=1)`);
      });
    });
    return;
  }
  console.warn(`SKIPPED: ${title} — ${reason}`);
  describe.skip(`${title} — SKIPPED: ${reason}`, () => {
    it('needs its server', () => undefined);
  });
}
