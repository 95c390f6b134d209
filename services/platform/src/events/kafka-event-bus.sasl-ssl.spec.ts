import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { examplePayload, type Topic } from '@wildframe/contracts';
import { z } from 'zod';
import { eventBusEnv, eventBusSettings, requireDriverSettings } from '../config/infrastructure.config';
import { loadConfig } from '../config/load-config';
import { readDeadLetters } from '../testing/kafka-dead-letters';
import { describeWithServer, kafkaSaslSslTestServer, type KafkaSaslSslTestServer } from '../testing/test-servers';
import { EventBusUnavailableError } from './event-bus';
import { describeEventBusContract, eventually, RecordingLogger } from './event-bus.contract';
import { KafkaEventBus, type KafkaEventBusConfig } from './kafka-event-bus';
import { KAFKA_TOPICS_JOB_EXIT, runKafkaTopicsJob } from './kafka-topics-job';

/**
 * Kafka over TLS with SASL, as a managed Kafka (MSK, Confluent Cloud, Aiven, Strimzi with
 * authentication) is reached: the SASL_SSL listener of the run's broker (tools/infra/kafka.mjs:
 * a CA and certificates made with openssl for the run, one user for PLAIN, SCRAM-SHA-256 and
 * SCRAM-SHA-512). Every client is configured as a service is, from KAFKA_* variables through
 * `eventBusSettings` (kafka.config.ts), so the files are read and the options built as in a pod.
 */
const server = kafkaSaslSslTestServer();

/** The variables a pod gets for this listener (the chart's kafka.tls / kafka.sasl values). */
function securedEnv(facts: KafkaSaslSslTestServer, overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string | undefined> = {
    EVENT_BUS_DRIVER: 'kafka',
    KAFKA_BROKERS: facts.brokers.join(','),
    KAFKA_TLS: 'true',
    KAFKA_TLS_CA_FILE: facts.caFile,
    KAFKA_SASL_MECHANISM: 'scram-sha-512',
    KAFKA_SASL_USERNAME: facts.username,
    KAFKA_SASL_PASSWORD: facts.password,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** The bus's connection options as a service builds them from its environment. */
function connection(env: Record<string, string>): Pick<KafkaEventBusConfig, 'brokers' | 'clientId' | 'ssl' | 'sasl'> {
  const settings = eventBusSettings(loadConfig('sasl-ssl-test', z.object(eventBusEnv).superRefine(requireDriverSettings), env));
  if (settings.driver !== 'kafka') throw new Error('expected the kafka driver');
  const { brokers, clientId, ssl, sasl } = settings;
  return { brokers, clientId, ssl, sasl };
}

describeWithServer(`Kafka over SASL_SSL on ${server.available ? server.facts.brokers.join(',') : 'a real broker'}`, server, (facts) => {
  const scram512 = connection(securedEnv(facts));

  // The core of the contract (delivery to every group, order per key, envelope, retries,
  // dead letters, idempotence, invalid payloads) over TLS + SCRAM-SHA-512.
  describeEventBusContract(
    'KafkaEventBus over SASL_SSL (SCRAM-SHA-512)',
    async ({ logger }) => ({
      bus: new KafkaEventBus(
        {
          ...scram512,
          clientId: `sasl-contract-${randomUUID().slice(0, 8)}`,
          createTopics: { numPartitions: 3, replicationFactor: 1 },
          consumer: { partitionsConsumedConcurrently: 3, heartbeatIntervalMs: 1_000, sessionTimeoutMs: 10_000, maxWaitTimeMs: 250 },
        },
        { logger },
      ),
      deadLetters: (topic: Topic, group: string) => readDeadLetters(scram512, topic, group),
    }),
    { deliveryTimeoutMs: 30_000, testTimeoutMs: 90_000 },
  );

  describe('Kafka over SASL_SSL (each mechanism, client certificates, refusals)', () => {
    let bus: KafkaEventBus | undefined;
    afterEach(async () => {
      await bus?.stop();
      bus = undefined;
    }, 30_000);

    it.each([
      ['plain', false],
      ['scram-sha-256', false],
      ['scram-sha-512', true],
    ] as const)('carries an event with SASL %s (client certificate: %s)', async (mechanism, clientCertificate) => {
      const run = randomUUID().slice(0, 8);
      const env = securedEnv(facts, {
        KAFKA_SASL_MECHANISM: mechanism,
        KAFKA_CLIENT_ID: `sasl-${mechanism}-${run}`,
        ...(clientCertificate ? { KAFKA_TLS_CERT_FILE: facts.clientCertFile, KAFKA_TLS_KEY_FILE: facts.clientKeyFile } : {}),
      });
      const options = connection(env);
      expect(options.sasl?.mechanism).toBe(mechanism);
      expect(options.ssl).toMatchObject({ ca: [expect.stringContaining('BEGIN CERTIFICATE')] });
      if (clientCertificate) expect(options.ssl).toMatchObject({ cert: expect.stringContaining('BEGIN CERTIFICATE'), key: expect.stringContaining('PRIVATE KEY') });
      const handled: string[] = [];
      bus = new KafkaEventBus({ ...options, createTopics: { numPartitions: 3 }, consumer: { maxWaitTimeMs: 250 } }, { logger: new RecordingLogger() });
      bus.subscribe('photos.photo.liked.v1', `sasl-${mechanism}-${run}`, async (event) => void (event.key.startsWith(run) && handled.push(event.id)));
      await bus.start();
      await expect(bus.readinessCheck().check()).resolves.toBeUndefined();
      const id = await bus.publish('photos.photo.liked.v1', examplePayload('photos.photo.liked.v1'), { key: `${run}-p` });
      await eventually(() => expect(handled).toEqual([id]), 30_000);
    }, 60_000);

    it('a wrong password: the service stays up, readiness and publish say the brokers refused the credentials, and the log says so', async () => {
      const logger = new RecordingLogger();
      const wrong = 'not-the-password';
      bus = new KafkaEventBus(
        { ...connection(securedEnv(facts, { KAFKA_SASL_PASSWORD: wrong })), reconnect: { initialDelayMs: 60_000 } },
        { logger },
      );
      bus.subscribe('photos.photo.liked.v1', `sasl-wrong-${randomUUID().slice(0, 8)}`, async () => undefined);
      await bus.start();
      const refusal = /^the brokers refused the SASL credentials: SASL SCRAM SHA512 authentication failed: .*invalid credentials/;
      await expect(bus.readinessCheck().check()).rejects.toThrow(refusal);
      const publishing = bus.publish('photos.photo.liked.v1', examplePayload('photos.photo.liked.v1'), { key: 'k' });
      await expect(publishing).rejects.toThrow(EventBusUnavailableError);
      await expect(publishing).rejects.toThrow(/Kafka is unavailable \(the brokers refused the SASL credentials: SASL SCRAM SHA512 authentication failed/);
      const logged = logger.entries.filter((entry) => entry.level === 'error' && entry.message.startsWith('Cannot connect to Kafka (the brokers refused the SASL credentials'));
      expect(logged).toHaveLength(1);
      // The password is in no log line.
      expect(JSON.stringify(logger.entries)).not.toContain(wrong);
      expect(JSON.stringify(logger.entries)).not.toContain(facts.password);
    }, 60_000);

    it('without the CA bundle the broker certificate is refused, and readiness says so', async () => {
      bus = new KafkaEventBus(
        { ...connection(securedEnv(facts, { KAFKA_TLS_CA_FILE: undefined })), retry: { retries: 1, initialRetryTimeMs: 100 }, reconnect: { initialDelayMs: 60_000 } },
        { logger: new RecordingLogger() },
      );
      await bus.start();
      await expect(bus.readinessCheck().check()).rejects.toThrow(/^cannot connect to the brokers: (SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|DEPTH_ZERO_SELF_SIGNED_CERT)/);
    }, 60_000);
  });

  describe('the other Kafka clients over SASL_SSL', () => {
    const root = path.join(__dirname, '../../../..');
    let bus: KafkaEventBus | undefined;
    afterEach(async () => {
      await bus?.stop();
      bus = undefined;
    }, 30_000);

    /** Starts a repository tool with a pod's variables (and nothing else of this environment). */
    function startTool(script: string, args: string[], env: Record<string, string>): { child: ChildProcess; output: () => string; exit: Promise<number | null> } {
      const child = spawn(process.execPath, [path.join(root, script), ...args], {
        env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      return { child, output: () => output, exit };
    }

    it('the topics Job creates what is missing, leaves what exists, and names a refusal', async () => {
      const run = randomUUID().slice(0, 8);
      const topics = [
        { name: `wildframe.jobtest.${run}.a`, partitions: 2, retentionMs: 604_800_000 },
        { name: `wildframe.jobtest.${run}.a.dlq.group`, partitions: 1, retentionMs: 2_592_000_000 },
      ];
      const lines: string[] = [];
      const output = { info: (line: string) => lines.push(line), error: (line: string) => lines.push(`ERROR ${line}`) };
      const env = securedEnv(facts, { KAFKA_TOPICS: JSON.stringify(topics), KAFKA_TOPICS_REPLICATION_FACTOR: '1' });

      expect(await runKafkaTopicsJob(env, output)).toBe(KAFKA_TOPICS_JOB_EXIT.ok);
      expect(lines.at(-1)).toBe('kafka-topics: 2 topic(s) created, 0 already there (left as they are), on 1 broker(s)');
      const extra = { name: `wildframe.jobtest.${run}.b`, partitions: 1 };
      lines.length = 0;
      expect(await runKafkaTopicsJob({ ...env, KAFKA_TOPICS: JSON.stringify([...topics, extra]) }, output)).toBe(KAFKA_TOPICS_JOB_EXIT.ok);
      expect(lines).toEqual([
        `created ${extra.name} (1 partition(s), replication factor 1)`,
        'kafka-topics: 1 topic(s) created, 2 already there (left as they are), on 1 broker(s)',
      ]);

      lines.length = 0;
      expect(await runKafkaTopicsJob({ ...env, KAFKA_TOPICS_REPLICATION_FACTOR: '3' }, output)).toBe(KAFKA_TOPICS_JOB_EXIT.config);
      expect(lines).toEqual([expect.stringContaining('ERROR kafka-topics: the replication factor is 3 but the cluster has 1 broker(s)')]);

      lines.length = 0;
      expect(await runKafkaTopicsJob({ ...env, KAFKA_SASL_PASSWORD: 'wrong' }, output)).toBe(KAFKA_TOPICS_JOB_EXIT.kafka);
      expect(lines).toEqual([expect.stringMatching(/^ERROR kafka-topics: cannot use Kafka \(the brokers refused the SASL credentials: /)]);

      lines.length = 0;
      expect(await runKafkaTopicsJob({ ...env, KAFKA_TOPICS: '[{"name": "bad name", "partitions": 0}]' }, output)).toBe(KAFKA_TOPICS_JOB_EXIT.config);
      expect(lines[0]).toContain('Invalid configuration for kafka-topics:');
      expect(lines[0]).toContain('must be a Kafka topic name');
    }, 60_000);

    it('events:tail and the dead-letter replay read the topics with the same variables', async () => {
      const run = randomUUID().slice(0, 8);
      const group = `sasl-tools-${run}`;
      bus = new KafkaEventBus({ ...scram512, clientId: group, createTopics: { numPartitions: 3 }, consumer: { maxWaitTimeMs: 250 } }, { logger: new RecordingLogger() });
      // A consumer that always fails parks what it gets on the dead-letter topic.
      bus.subscribe('photos.photo.liked.v1', group, async (event) => {
        if (event.key.startsWith(run)) throw new Error('always failing');
      }, { maxAttempts: 1 });
      await bus.start();
      const id = await bus.publish('photos.photo.liked.v1', examplePayload('photos.photo.liked.v1'), { key: `${run}-p` });
      await eventually(async () => expect((await readDeadLetters(scram512, 'photos.photo.liked.v1', group)).some((letter) => letter.key === `${run}-p`)).toBe(true), 30_000);
      await bus.stop();
      bus = undefined;

      const env = securedEnv(facts);
      const tail = startTool('tools/events/tail.mjs', ['--topic', 'photos.photo.liked.v1', '--from-beginning', '--json'], env);
      try {
        await eventually(() => expect(tail.output()).toContain(`"ce_id":"${id}"`), 30_000, 100);
      } finally {
        tail.child.kill('SIGINT');
        await tail.exit;
      }
      const replay = startTool('tools/replay-dead-letters.mjs', ['--topic', 'photos.photo.liked.v1', '--group', group, '--dry-run'], env);
      expect(await replay.exit).toBe(0);
      expect(replay.output()).toContain(`id=${id} (always failing)`);
      expect(replay.output()).toMatch(/would replay 1 event\(s\) from photos\.photo\.liked\.v1\.dlq\./);
      // A wrong setting stops the tool with the variable's name.
      const refused = startTool('tools/replay-dead-letters.mjs', ['--topic', 'photos.photo.liked.v1', '--group', group, '--dry-run'], { ...env, KAFKA_SASL_PASSWORD: '' });
      expect(await refused.exit).toBe(2);
      expect(refused.output()).toContain('KAFKA_SASL_PASSWORD is required when KAFKA_SASL_MECHANISM=scram-sha-512');
    }, 90_000);
  });
});
