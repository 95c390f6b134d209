import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { decodeEvent, examplePayload, type Topic } from '@wildframe/contracts';
import { readDeadLetters as readKafkaDeadLetters } from '../testing/kafka-dead-letters';
import { describeWithServer, kafkaTestServer } from '../testing/test-servers';
import { EventBusUnavailableError, type EventEnvelope } from './event-bus';
import { describeEventBusContract, eventually, RecordingLogger } from './event-bus.contract';
import type { DeadLetter } from './event-record';
import { idempotent, InMemoryProcessedEventStore } from './idempotent';
import { KafkaEventBus } from './kafka-event-bus';

/**
 * The EventBus contract against a real Kafka broker: the one the platform's jest global setup
 * starts for the run (tools/infra/kafka.mjs: Apache Kafka 4.4, KRaft, from Apache's jars), or
 * any running broker named by KAFKA_TEST_BROKERS (comma-separated host:port). Without one the
 * suite is skipped with the reason, or fails under CI=true / WILDFRAME_REQUIRE_INFRA=1.
 */
const kafka = kafkaTestServer();

describeWithServer(`KafkaEventBus on ${kafka.available ? kafka.facts.brokers.join(',') : 'a real broker'}`, kafka, ({ brokers }) => {
  const readDeadLetters = (topic: Topic, group: string): Promise<DeadLetter[]> => readKafkaDeadLetters({ brokers }, topic, group);

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

    /** A bus of one consumer group for `photos.photo.liked.v1` (the group resumes across buses). */
    function likedBus(group: string, handler: (event: EventEnvelope<'photos.photo.liked.v1'>) => Promise<void>): KafkaEventBus {
      const made = new KafkaEventBus(
        { brokers, clientId: group, createTopics: { numPartitions: 3 }, consumer: { maxWaitTimeMs: 250, partitionsConsumedConcurrently: 3 } },
        { logger: new RecordingLogger() },
      );
      made.subscribe('photos.photo.liked.v1', group, handler);
      return made;
    }

    /** A publisher with no consumers, alive while consumer buses come and go. */
    async function publisher(): Promise<KafkaEventBus> {
      const made = new KafkaEventBus({ brokers, clientId: `publisher-${randomUUID().slice(0, 8)}` }, { logger: new RecordingLogger() });
      await made.start();
      return made;
    }

    /** The group's committed offsets of a topic, summed over partitions, against the topic's end. */
    async function lag(group: string, topic: Topic): Promise<number> {
      const admin = new Kafka({ brokers, clientId: 'lag', logLevel: logLevel.NOTHING }).admin();
      await admin.connect();
      try {
        const ends = new Map((await admin.fetchTopicOffsets(topic)).map(({ partition, high }) => [partition, Number(high)]));
        const [committed] = await admin.fetchOffsets({ groupId: group, topics: [topic] });
        let behind = 0;
        for (const { partition, offset } of committed.partitions) {
          // '-1': nothing committed on that partition (then everything on it is behind).
          behind += (ends.get(partition) ?? 0) - Math.max(0, Number(offset));
        }
        return behind;
      } finally {
        await admin.disconnect();
      }
    }

    it('writes key, protobuf value and CloudEvents headers (binary mode) on the record, one partition per key', async () => {
      const run = randomUUID().slice(0, 8);
      const pub = await publisher();
      const payload = examplePayload('photos.photo.liked.v1');
      const ids: string[] = [];
      try {
        for (let n = 0; n < 6; n++) {
          ids.push(await pub.publish('photos.photo.liked.v1', payload, { key: `${run}-photo`, subject: 'likes', headers: { 'x-request-id': `r-${n}` } }));
        }
      } finally {
        await pub.stop();
      }
      // A plain Kafka consumer, as an analytics consumer outside Wildframe would read the topic.
      const records: Array<{ partition: number; key: string; value: Buffer; headers: Record<string, string> }> = [];
      const consumer = new Kafka({ brokers, clientId: 'raw', logLevel: logLevel.NOTHING }).consumer({ groupId: `raw-${run}`, maxWaitTimeInMs: 250 });
      await consumer.connect();
      try {
        await consumer.subscribe({ topics: ['photos.photo.liked.v1'], fromBeginning: true });
        await consumer.run({
          eachMessage: async ({ partition, message }) => {
            if (!message.key?.toString().startsWith(run)) return;
            const headers: Record<string, string> = {};
            for (const [name, value] of Object.entries(message.headers ?? {})) if (value !== undefined) headers[name] = String(value);
            records.push({ partition, key: message.key.toString(), value: message.value ?? Buffer.alloc(0), headers });
          },
        });
        await eventually(() => expect(records).toHaveLength(6), 30_000);
      } finally {
        await consumer.disconnect();
      }
      expect(new Set(records.map((record) => record.partition)).size).toBe(1);
      expect(records.map((record) => record.headers['ce_id'])).toEqual(ids);
      records.forEach((record, n) => {
        expect(record.key).toBe(`${run}-photo`);
        expect(record.headers).toEqual({
          ce_id: ids[n],
          ce_type: 'photos.photo.liked.v1',
          ce_source: '/services/photos',
          ce_specversion: '1.0',
          ce_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          ce_subject: 'likes',
          'content-type': 'application/protobuf',
          'x-request-id': `r-${n}`,
        });
        expect(decodeEvent('photos.photo.liked.v1', record.value)).toEqual(payload);
      });
    }, 60_000);

    it('resumes a restarted consumer group from its committed offset: nothing handled twice, nothing missed', async () => {
      const run = randomUUID().slice(0, 8);
      const group = `resume-${run}`;
      const pub = await publisher();
      try {
        const firstLife: string[] = [];
        bus = likedBus(group, async (event) => void (event.key.startsWith(run) && firstLife.push(event.id)));
        await bus.start();
        const before: string[] = [];
        for (let n = 0; n < 3; n++) before.push(await pub.publish('photos.photo.liked.v1', examplePayload('photos.photo.liked.v1'), { key: `${run}-${n}` }));
        await eventually(() => expect([...firstLife].sort()).toEqual([...before].sort()), 30_000);
        await bus.stop();

        // Published while no member of the group runs.
        const during: string[] = [];
        for (let n = 0; n < 3; n++) during.push(await pub.publish('photos.photo.liked.v1', examplePayload('photos.photo.liked.v1'), { key: `${run}-${n}` }));
        const secondLife: string[] = [];
        bus = likedBus(group, async (event) => void (event.key.startsWith(run) && secondLife.push(event.id)));
        await bus.start();
        await eventually(() => expect([...secondLife].sort()).toEqual([...during].sort()), 30_000);
        await eventually(async () => expect(await lag(group, 'photos.photo.liked.v1')).toBe(0), 30_000);
        expect(secondLife.filter((id) => before.includes(id))).toEqual([]);
      } finally {
        await pub.stop();
      }
    }, 90_000);

    it('stop() lets the handler in hand finish and commits it, so the next member of the group does not get it again', async () => {
      const run = randomUUID().slice(0, 8);
      const group = `graceful-${run}`;
      const pub = await publisher();
      try {
        let release: () => void = () => undefined;
        const gate = new Promise<void>((resolve) => (release = resolve));
        const started: string[] = [];
        const finished: string[] = [];
        bus = likedBus(group, async (event) => {
          if (!event.key.startsWith(run)) return;
          started.push(event.id);
          await gate; // still working when stop() is called
          finished.push(event.id);
        });
        await bus.start();
        const slow = await pub.publish('photos.photo.liked.v1', examplePayload('photos.photo.liked.v1'), { key: `${run}-p` });
        await eventually(() => expect(started).toEqual([slow]), 30_000);
        const stopping = bus.stop();
        let stopped = false;
        void stopping.then(() => (stopped = true));
        // stop() waits for the handler: release it a little later and see stop() end after it.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(stopped).toBe(false);
        release();
        await stopping;
        expect(finished).toEqual([slow]);

        const next: string[] = [];
        bus = likedBus(group, async (event) => void (event.key.startsWith(run) && next.push(event.id)));
        await bus.start();
        const marker = await pub.publish('photos.photo.liked.v1', examplePayload('photos.photo.liked.v1'), { key: `${run}-p` });
        await eventually(() => expect(next).toContain(marker), 30_000);
        expect(next).toEqual([marker]);
      } finally {
        await pub.stop();
      }
    }, 90_000);

    it('a member killed (SIGKILL) while handling an event has not committed it: the next member gets it again, and nothing before it', async () => {
      const run = randomUUID().slice(0, 8);
      const group = `crash-${run}`;
      const log = path.join(mkdtempSync(path.join(tmpdir(), 'wildframe-kafka-crash-')), 'handled.log');
      writeFileSync(log, '');
      const handledByChild = (): string[] => readFileSync(log, 'utf8').split('\n').filter(Boolean);
      const child = spawn(process.execPath, [path.join(__dirname, 'kafka-member.fixture.cjs')], {
        env: { ...process.env, BROKERS: brokers.join(','), GROUP: group, RUN: run, LOG: log },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let childOutput = '';
      child.stdout?.on('data', (chunk: Buffer) => (childOutput += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (childOutput += chunk.toString()));
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
      const pub = await publisher();
      try {
        await eventually(() => expect(childOutput).toContain('started'), 60_000, 100);
        // One key, so one partition and this order: the first is handled and committed, the
        // second is in the handler when the process dies.
        const done = await pub.publish('photos.photo.liked.v1', examplePayload('photos.photo.liked.v1'), { key: `${run}-p` });
        const inHand = await pub.publish('photos.photo.liked.v1', examplePayload('photos.photo.liked.v1'), {
          key: `${run}-p`,
          headers: { 'x-test': 'hang' },
        });
        await eventually(() => expect(handledByChild()).toEqual(expect.arrayContaining([done, inHand])), 30_000, 100);
        child.kill('SIGKILL');
        expect(await exited).toBe('SIGKILL');

        const next: string[] = [];
        bus = likedBus(group, async (event) => void (event.key.startsWith(run) && next.push(event.id)));
        await bus.start();
        // The dead member's partitions come back after its session times out (6 s).
        await eventually(() => expect(next).toContain(inHand), 45_000);
        expect(next).not.toContain(done);
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await pub.stop();
      }
    }, 120_000);

    it('with idempotent(), events the broker delivers again (offsets rewound, as after a crash before commit) take effect once', async () => {
      const run = randomUUID().slice(0, 8);
      const group = `redelivery-${run}`;
      // Shared by both lives of the group, as the service's database would be.
      const store = new InMemoryProcessedEventStore();
      const effects: string[] = [];
      const deliveries: string[] = [];
      const handler = idempotent(store, group, async (event: EventEnvelope<'photos.photo.liked.v1'>) => void effects.push(event.id));
      const onEvent = async (event: EventEnvelope<'photos.photo.liked.v1'>): Promise<void> => {
        if (!event.key.startsWith(run)) return;
        deliveries.push(event.id);
        await handler(event);
      };
      const pub = await publisher();
      try {
        bus = likedBus(group, onEvent);
        await bus.start();
        const first: string[] = [];
        for (let n = 0; n < 4; n++) first.push(await pub.publish('photos.photo.liked.v1', examplePayload('photos.photo.liked.v1'), { key: `${run}-${n % 2}` }));
        await eventually(() => expect(effects).toHaveLength(4), 30_000);
        await bus.stop();

        const admin = new Kafka({ brokers, clientId: 'rewind', logLevel: logLevel.NOTHING }).admin();
        await admin.connect();
        try {
          await admin.resetOffsets({ groupId: group, topic: 'photos.photo.liked.v1', earliest: true });
        } finally {
          await admin.disconnect();
        }
        bus = likedBus(group, onEvent);
        await bus.start();
        const marker = await pub.publish('photos.photo.liked.v1', examplePayload('photos.photo.liked.v1'), { key: `${run}-0` });
        await eventually(() => expect(effects).toContain(marker), 30_000);
        // Every earlier event comes again (the two keys may sit on partitions read at different
        // paces, so the marker can overtake the other key's redeliveries), and none takes effect twice.
        await eventually(() => expect(deliveries.filter((id) => first.includes(id))).toHaveLength(8), 30_000);
        expect([...effects].sort()).toEqual([...first, marker].sort());
      } finally {
        await pub.stop();
      }
    }, 90_000);

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

    describe('outages', () => {
      /** A TCP forwarder to the broker, listening only once opened: before that its address refuses connections. */
      async function laterProxy(target: string): Promise<{ address: string; open(): Promise<void>; close(): Promise<void> }> {
        const reserved = createServer();
        await new Promise<void>((resolve) => reserved.listen(0, '127.0.0.1', resolve));
        const port = (reserved.address() as { port: number }).port;
        await new Promise((resolve) => reserved.close(resolve));
        const [host, targetPort] = target.split(':');
        const sockets = new Set<Socket>();
        let server: Server | undefined;
        return {
          address: `127.0.0.1:${port}`,
          open: async () => {
            server = createServer((incoming) => {
              const outgoing = connect(Number(targetPort), host);
              for (const socket of [incoming, outgoing]) {
                sockets.add(socket);
                socket.on('error', () => undefined);
                socket.on('close', () => sockets.delete(socket));
              }
              incoming.pipe(outgoing).pipe(incoming);
            });
            await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve));
          },
          close: async () => {
            for (const socket of sockets) socket.destroy();
            await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
          },
        };
      }

      it('started while Kafka cannot be reached: start() returns, readiness says why, publish fails at once; once Kafka answers it connects, turns ready and consumes', async () => {
        const run = randomUUID().slice(0, 8);
        const group = `late-${run}`;
        const proxy = await laterProxy(brokers[0]);
        const logger = new RecordingLogger();
        const handled: string[] = [];
        bus = new KafkaEventBus(
          {
            brokers: [proxy.address],
            clientId: group,
            retry: { retries: 1, initialRetryTimeMs: 100 },
            reconnect: { initialDelayMs: 200, maxDelayMs: 1_000 },
            consumer: { maxWaitTimeMs: 250 },
          },
          { logger },
        );
        bus.subscribe('photos.photo.liked.v1', group, async (event) => void (event.key.startsWith(run) && handled.push(event.id)));
        const pub = await publisher();
        try {
          await bus.start();
          const readiness = bus.readinessCheck();
          expect(readiness.name).toBe('kafka');
          await expect(readiness.check()).rejects.toThrow('cannot connect to the brokers: ECONNREFUSED');
          // The outbox relay behind a request is told at once; nothing waits for the brokers.
          const refused = bus.publish('photos.photo.liked.v1', examplePayload('photos.photo.liked.v1'), { key: `${run}-p` });
          await expect(refused).rejects.toThrow(EventBusUnavailableError);
          await expect(refused).rejects.toThrow("Cannot publish to 'photos.photo.liked.v1': Kafka is unavailable (cannot connect to the brokers: ECONNREFUSED)");
          expect(logger.entries.some((entry) => entry.level === 'error' && entry.message.startsWith('Cannot connect to Kafka (cannot connect to the brokers: ECONNREFUSED); trying again in'))).toBe(true);

          await proxy.open();
          await eventually(() => readiness.check(), 30_000, 100);
          expect(logger.entries.some((entry) => entry.level === 'info' && entry.message === 'Connected to Kafka')).toBe(true);
          const own = await bus.publish('photos.photo.liked.v1', examplePayload('photos.photo.liked.v1'), { key: `${run}-p` });
          const other = await pub.publish('photos.photo.liked.v1', examplePayload('photos.photo.liked.v1'), { key: `${run}-p` });
          await eventually(() => expect(handled).toEqual([own, other]), 30_000);
        } finally {
          await pub.stop();
          await proxy.close();
        }
      }, 90_000);

      it('a broker that takes connections but never answers (as a frozen one) holds start() no longer than startupWaitMs', async () => {
        const sockets: Socket[] = [];
        const silent = createServer((socket) => sockets.push(socket.on('error', () => undefined)));
        await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
        try {
          bus = new KafkaEventBus(
            { brokers: [`127.0.0.1:${(silent.address() as { port: number }).port}`], clientId: 'silent', startupWaitMs: 1_000 },
            { logger: new RecordingLogger() },
          );
          bus.subscribe('photos.photo.liked.v1', 'silent', async () => undefined);
          await bus.start();
          await expect(bus.readinessCheck().check()).rejects.toThrow('not connected to Kafka yet');
          await expect(bus.publish('photos.photo.liked.v1', examplePayload('photos.photo.liked.v1'), { key: 'k' })).rejects.toThrow(EventBusUnavailableError);
          await bus.stop();
          bus = undefined;
        } finally {
          for (const socket of sockets) socket.destroy();
          await new Promise((resolve) => silent.close(resolve));
        }
      }, 30_000);
    });
  });
});
