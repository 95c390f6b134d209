import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { examplePayload, type Topic } from '@wildframe/contracts';
import { describeWithServer, kafkaTestServer } from '../testing/test-servers';
import { deadLetterTopic } from './event-bus';
import { describeEventBusContract, eventually, RecordingLogger } from './event-bus.contract';
import { readDeadLetter, type DeadLetter } from './event-record';
import { KafkaEventBus } from './kafka-event-bus';

/**
 * The EventBus contract against a real Kafka broker: the one the platform's jest global setup
 * starts for the run (tools/infra/kafka.mjs: Apache Kafka 4.4, KRaft, from Apache's jars), or
 * any running broker named by KAFKA_TEST_BROKERS (comma-separated host:port). Without one the
 * suite is skipped with the reason, or fails under CI=true / WILDFRAME_REQUIRE_INFRA=1.
 */
const kafka = kafkaTestServer();

describeWithServer(`KafkaEventBus on ${kafka.available ? kafka.facts.brokers.join(',') : 'a real broker'}`, kafka, ({ brokers }) => {
  /** Reads every record of a dead-letter topic with a throw-away consumer group. */
  async function readDeadLetters(topic: Topic, group: string): Promise<DeadLetter[]> {
    const dlqTopic = deadLetterTopic(topic, group);
    const kafka = new Kafka({ brokers, clientId: 'dlq-reader', logLevel: logLevel.NOTHING });
    const admin = kafka.admin();
    await admin.connect();
    let total = 0;
    try {
      if (!(await admin.listTopics()).includes(dlqTopic)) return [];
      for (const { high, low } of await admin.fetchTopicOffsets(dlqTopic)) total += Number(high) - Number(low);
    } finally {
      await admin.disconnect();
    }
    if (total === 0) return [];
    const consumer = kafka.consumer({ groupId: `dlq-reader-${randomUUID()}`, maxWaitTimeInMs: 250 });
    const letters: DeadLetter[] = [];
    await consumer.connect();
    try {
      await consumer.subscribe({ topics: [dlqTopic], fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message }) => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(message.headers ?? {})) {
            if (value !== undefined) headers[name] = (Array.isArray(value) ? value[0] : value).toString();
          }
          letters.push(
            readDeadLetter(dlqTopic, { key: message.key?.toString() ?? '', value: message.value ?? Buffer.alloc(0), headers }),
          );
        },
      });
      await eventually(() => expect(letters.length).toBeGreaterThanOrEqual(total), 20_000);
    } finally {
      await consumer.disconnect();
    }
    return letters;
  }

  describeEventBusContract(
    'KafkaEventBus',
    async ({ logger }) => ({
      bus: new KafkaEventBus(
        {
          brokers,
          clientId: `contract-${randomUUID().slice(0, 8)}`,
          createTopics: { numPartitions: 3, replicationFactor: 1 },
          consumer: { partitionsConsumedConcurrently: 3, heartbeatIntervalMs: 1_000, sessionTimeoutMs: 10_000, maxWaitTimeMs: 250 },
        },
        { logger },
      ),
      deadLetters: readDeadLetters,
    }),
    { deliveryTimeoutMs: 30_000, testTimeoutMs: 90_000 },
  );

  describe('KafkaEventBus (Kafka specifics)', () => {
    let bus: KafkaEventBus | undefined;
    afterEach(async () => {
      await bus?.stop();
    }, 30_000);

    it('heartbeats while a handler outlives the session timeout, so the event is not redelivered', async () => {
      const run = randomUUID().slice(0, 8);
      const sessionTimeoutMs = 6_000; // the broker's minimum
      const logger = new RecordingLogger();
      bus = new KafkaEventBus(
        {
          brokers,
          clientId: `heartbeat-${run}`,
          createTopics: { numPartitions: 3 },
          consumer: { sessionTimeoutMs, heartbeatIntervalMs: 1_000, maxWaitTimeMs: 250 },
        },
        { logger },
      );
      const deliveries: string[] = [];
      let slowId = '';
      bus.subscribe('photos.photo.viewed.v1', `heartbeat-${run}`, async (event) => {
        if (!event.key.startsWith(run)) return;
        deliveries.push(event.id);
        // Simulated slow work (e.g. image analysis), longer than the session timeout.
        if (event.id === slowId) await new Promise((resolve) => setTimeout(resolve, sessionTimeoutMs + 3_000));
      });
      await bus.start();
      slowId = randomUUID();
      await bus.publish('photos.photo.viewed.v1', examplePayload('photos.photo.viewed.v1'), { key: `${run}-p`, id: slowId });
      const marker = await bus.publish('photos.photo.viewed.v1', examplePayload('photos.photo.viewed.v1'), { key: `${run}-p` });
      await eventually(() => expect(deliveries).toContain(marker), 40_000);
      expect(deliveries).toEqual([slowId, marker]);
      // Errors about this test's key, or about no key at all (a consumer crash); other keys are earlier tests' records.
      const ours = (entry: { context: Record<string, unknown> }): boolean =>
        entry.context['key'] === undefined || String(entry.context['key']).startsWith(run);
      expect(logger.entries.filter((entry) => entry.level === 'error' && ours(entry))).toEqual([]);
    }, 60_000);

    it('parks a record it cannot read (no CloudEvents headers, bad bytes) without calling the handler', async () => {
      const run = randomUUID().slice(0, 8);
      const group = `malformed-${run}`;
      const logger = new RecordingLogger();
      bus = new KafkaEventBus(
        { brokers, clientId: group, createTopics: { numPartitions: 3 }, consumer: { maxWaitTimeMs: 250 } },
        { logger },
      );
      const handled: string[] = [];
      bus.subscribe('photos.photo.viewed.v1', group, async (event) => {
        if (event.key.startsWith(run)) handled.push(event.id);
      });
      await bus.start();
      // A foreign producer writes records the bus did not encode.
      const producer = new Kafka({ brokers, clientId: 'foreign', logLevel: logLevel.NOTHING }).producer();
      await producer.connect();
      await producer.send({
        topic: 'photos.photo.viewed.v1',
        messages: [
          { key: `${run}-p`, value: Buffer.from('not protobuf'), headers: { 'x-origin': 'foreign' } },
          {
            key: `${run}-p`,
            value: Buffer.from([0x0a, 0x05, 0x41]),
            headers: { ce_id: 'e-1', ce_type: 'photos.photo.viewed.v1', ce_source: '/x', ce_time: 't', ce_specversion: '1.0' },
          },
        ],
      });
      await producer.disconnect();
      const marker = await bus.publish('photos.photo.viewed.v1', examplePayload('photos.photo.viewed.v1'), { key: `${run}-p` });
      await eventually(() => expect(handled).toEqual([marker]), 30_000);
      const letters = await eventually(async () => {
        const parked = (await readDeadLetters('photos.photo.viewed.v1', group)).filter((letter) => letter.key.startsWith(run));
        expect(parked).toHaveLength(2);
        return parked;
      }, 30_000);
      expect(letters.map(({ attempts, error, headers }) => ({ attempts, error, origin: headers['x-origin'] }))).toEqual([
        { attempts: 0, error: "Malformed event on topic 'photos.photo.viewed.v1': header 'ce_type' is missing", origin: 'foreign' },
        { attempts: 0, error: expect.stringMatching(/^Cannot decode event of topic 'photos\.photo\.viewed\.v1'/), origin: undefined },
      ]);
      expect(letters[0].value.toString()).toBe('not protobuf');
      const unreadable = logger.entries.filter(
        (entry) => entry.message.includes('cannot be read') && String(entry.context['key']).startsWith(run),
      );
      expect(unreadable.map((entry) => entry.level)).toEqual(['error', 'error']);
    }, 90_000);
  });
});
