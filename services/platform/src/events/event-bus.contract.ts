import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { decodeEvent, examplePayload, InvalidEventPayloadError, type PhotoUploaded, type Topic } from '@wildframe/contracts';
import { deadLetterTopic, type EventBus, type EventEnvelope } from './event-bus';
import type { EventBusLogger } from './event-bus-logger';
import type { DeadLetter } from './event-record';
import { idempotent, InMemoryProcessedEventStore } from './idempotent';

/**
 * The behaviour every EventBus adapter must have, as one jest suite. An adapter's spec calls
 * `describeEventBusContract(name, factory)`; the factory builds a fresh, unstarted bus per test.
 *
 * The suite never assumes a topic is empty (a real broker keeps earlier tests' events): each test
 * uses its own consumer groups and keys and ignores events with other keys. It never sleeps to
 * wait for a delivery: it publishes a marker event after the events under test on the same key
 * and waits for it — per-key order means everything before it has been handled by then.
 */

export interface EventBusUnderTest {
  bus: EventBus;
  /** Events parked so far on `<topic>.dlq.<group>`. */
  deadLetters(topic: Topic, group: string): Promise<DeadLetter[]>;
  /** Releases whatever the factory made besides the bus (the suite stops the bus itself). */
  dispose?(): Promise<void>;
}

export type EventBusFactory = (dependencies: { logger: EventBusLogger }) => Promise<EventBusUnderTest>;

export interface EventBusContractOptions {
  /** How long a test waits for deliveries. */
  deliveryTimeoutMs?: number;
  /** jest timeout of each test. */
  testTimeoutMs?: number;
}

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  context: Record<string, unknown>;
  message: string;
}

/** A logger that keeps what it is given, for assertions. */
export class RecordingLogger implements EventBusLogger {
  readonly entries: LogEntry[] = [];
  info(context: Record<string, unknown>, message: string): void {
    this.entries.push({ level: 'info', context, message });
  }
  warn(context: Record<string, unknown>, message: string): void {
    this.entries.push({ level: 'warn', context, message });
  }
  error(context: Record<string, unknown>, message: string): void {
    this.entries.push({ level: 'error', context, message });
  }
  about(eventId: string, level?: LogEntry['level']): LogEntry[] {
    return this.entries.filter((entry) => entry.context['eventId'] === eventId && (level === undefined || entry.level === level));
  }
}

/** Polls `check` until it stops throwing; after `timeoutMs`, throws its last error. */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs: number, intervalMs = 20): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}

export function describeEventBusContract(name: string, factory: EventBusFactory, options: EventBusContractOptions = {}): void {
  const waitMs = options.deliveryTimeoutMs ?? 5_000;
  const testTimeoutMs = options.testTimeoutMs ?? waitMs * 3;

  describe(`${name} (EventBus contract)`, () => {
    let subject: EventBusUnderTest;
    let bus: EventBus;
    let logger: RecordingLogger;
    /** Unique per test: prefixes groups and keys, so earlier events on a shared broker are ignored. */
    let run: string;
    const group = (label: string): string => `contract-${run}-${label}`;
    const key = (label: string): string => `${run}-${label}`;
    const mine = (event: EventEnvelope): boolean => event.key.startsWith(`${run}-`);
    const parkedOf = async (topic: Topic, consumerGroup: string): Promise<DeadLetter[]> =>
      (await subject.deadLetters(topic, consumerGroup)).filter((letter) => letter.key.startsWith(`${run}-`));

    beforeEach(async () => {
      run = randomUUID().slice(0, 8);
      logger = new RecordingLogger();
      subject = await factory({ logger });
      bus = subject.bus;
    }, testTimeoutMs);

    afterEach(async () => {
      await bus.stop();
      await subject.dispose?.();
    }, testTimeoutMs);

    const it_ = (title: string, fn: () => Promise<void>): void => it(title, fn, testTimeoutMs);

    it_('delivers every event to every consumer group, once', async () => {
      const seen: Record<'a' | 'b', string[]> = { a: [], b: [] };
      bus.subscribe('photos.photo.uploaded.v1', group('a'), async (event) => {
        if (mine(event)) seen.a.push(event.id);
      });
      bus.subscribe('photos.photo.uploaded.v1', group('b'), async (event) => {
        if (mine(event)) seen.b.push(event.id);
      });
      await bus.start();
      const first = await bus.publish('photos.photo.uploaded.v1', examplePayload('photos.photo.uploaded.v1'), { key: key('p1') });
      const marker = await bus.publish('photos.photo.uploaded.v1', examplePayload('photos.photo.uploaded.v1'), { key: key('p1') });
      await eventually(() => {
        expect(seen.a).toEqual([first, marker]);
        expect(seen.b).toEqual([first, marker]);
      }, waitMs);
    });

    it_('refuses a second handler for one group and topic, and subscriptions after start', async () => {
      const noop = async (): Promise<void> => undefined;
      bus.subscribe('photos.photo.uploaded.v1', group('a'), noop);
      expect(() => bus.subscribe('photos.photo.uploaded.v1', group('a'), noop)).toThrow(
        `Consumer group '${group('a')}' already has a handler for 'photos.photo.uploaded.v1'`,
      );
      // Another topic in the same group, and the same topic in another group, are fine.
      bus.subscribe('photos.photo.deleted.v1', group('a'), noop);
      bus.subscribe('photos.photo.uploaded.v1', group('b'), noop);
      await bus.start();
      expect(() => bus.subscribe('photos.photo.liked.v1', group('c'), noop)).toThrow(/subscribe before start\(\)/);
    });

    it_('keeps per-key order across 50 events while different keys interleave', async () => {
      const keys = ['k0', 'k1', 'k2', 'k3', 'k4'].map(key);
      const handled: Array<{ key: string; views: number }> = [];
      bus.subscribe('photos.photo.viewed.v1', group('a'), async (event) => {
        if (!mine(event)) return;
        // Uneven handler durations, so a bus that did not serialise a key would reorder it.
        await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 4)));
        handled.push({ key: event.key, views: event.payload.views });
      });
      await bus.start();
      for (let views = 0; views < 10; views++) {
        for (const k of keys) {
          await bus.publish('photos.photo.viewed.v1', examplePayload('photos.photo.viewed.v1', { photoId: k, views }), { key: k });
        }
      }
      await eventually(() => expect(handled).toHaveLength(50), waitMs);
      for (const k of keys) {
        expect(handled.filter((entry) => entry.key === k).map((entry) => entry.views)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      }
    });

    it_('hands handlers an envelope with id, type, source, time, subject, key, headers and a private payload', async () => {
      const received: Record<'a' | 'b', EventEnvelope<'photos.photo.uploaded.v1'>[]> = { a: [], b: [] };
      bus.subscribe('photos.photo.uploaded.v1', group('a'), async (event) => {
        if (!mine(event)) return;
        received.a.push(event);
        event.payload.title = 'changed by group a'; // must not leak into group b's copy
      });
      bus.subscribe('photos.photo.uploaded.v1', group('b'), async (event) => {
        if (mine(event)) received.b.push(event);
      });
      await bus.start();
      const payload = examplePayload('photos.photo.uploaded.v1');
      const before = Date.now();
      const id = await bus.publish('photos.photo.uploaded.v1', payload, {
        key: key('photo'),
        subject: 'photo-subject',
        headers: { 'x-request-id': 'req-123', 'x-tenant': 'wildframe' },
      });
      const after = Date.now();
      const chosenId = randomUUID();
      const second = await bus.publish('photos.photo.uploaded.v1', payload, { key: key('photo'), id: chosenId });
      expect(second).toBe(chosenId);

      await eventually(() => expect(received.b).toHaveLength(2), waitMs);
      await eventually(() => expect(received.a).toHaveLength(2), waitMs);
      const [event, withoutSubject] = received.b;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(event).toEqual({
        id,
        type: 'photos.photo.uploaded.v1',
        source: '/services/photos',
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        subject: 'photo-subject',
        key: key('photo'),
        headers: { 'x-request-id': 'req-123', 'x-tenant': 'wildframe' },
        payload,
      });
      const time = Date.parse(event.time);
      expect(time).toBeGreaterThanOrEqual(before);
      expect(time).toBeLessThanOrEqual(after);
      expect(event.payload).not.toBe(payload);
      expect(received.a[0].payload).not.toBe(event.payload);
      expect(withoutSubject.id).toBe(chosenId);
      expect(withoutSubject.subject).toBeUndefined();
      expect(withoutSubject.headers).toEqual({});
    });

    it_('retries a failing handler with exponential back-off until it succeeds', async () => {
      const attempts: Array<{ id: string; at: number }> = [];
      bus.subscribe(
        'photos.photo.uploaded.v1',
        group('a'),
        async (event) => {
          if (!mine(event)) return;
          attempts.push({ id: event.id, at: performance.now() });
          if (attempts.length < 3) throw new Error(`transient failure ${attempts.length}`);
        },
        { maxAttempts: 5, retryDelayMs: 40 },
      );
      await bus.start();
      const id = await bus.publish('photos.photo.uploaded.v1', examplePayload('photos.photo.uploaded.v1'), { key: key('photo') });
      await eventually(() => expect(attempts).toHaveLength(3), waitMs);
      const marker = await bus.publish('photos.photo.uploaded.v1', examplePayload('photos.photo.uploaded.v1'), { key: key('photo') });
      await eventually(() => expect(attempts.map((attempt) => attempt.id)).toEqual([id, id, id, marker]), waitMs);
      // 40 ms, then 80 ms (timers may fire a millisecond early by performance.now()).
      expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(38);
      expect(attempts[2].at - attempts[1].at).toBeGreaterThanOrEqual(78);
      expect(await parkedOf('photos.photo.uploaded.v1', group('a'))).toEqual([]);
      expect(logger.about(id, 'warn').map((entry) => entry.message)).toEqual([
        expect.stringContaining('transient failure 1'),
        expect.stringContaining('transient failure 2'),
      ]);
    });

    it_('parks an event that keeps failing on <topic>.dlq.<group> after maxAttempts, and delivers it no more', async () => {
      const poisonId = randomUUID();
      const attempts: string[] = [];
      const otherGroup: string[] = [];
      bus.subscribe(
        'photos.photo.uploaded.v1',
        group('a'),
        async (event) => {
          if (!mine(event)) return;
          attempts.push(event.id);
          if (event.id === poisonId) throw new Error(`cannot handle ${event.id}`);
        },
        { maxAttempts: 3, retryDelayMs: 10 },
      );
      bus.subscribe('photos.photo.uploaded.v1', group('b'), async (event) => {
        if (mine(event)) otherGroup.push(event.id);
      });
      await bus.start();
      const payload = examplePayload('photos.photo.uploaded.v1', { title: 'poison' });
      // The handler's failure is the consumer's business: publishing succeeds.
      await expect(
        bus.publish('photos.photo.uploaded.v1', payload, { key: key('photo'), id: poisonId, headers: { 'x-request-id': 'r-1' } }),
      ).resolves.toBe(poisonId);

      const letters = await eventually(async () => {
        const parked = await parkedOf('photos.photo.uploaded.v1', group('a'));
        expect(parked).toHaveLength(1);
        return parked;
      }, waitMs);
      const [letter] = letters;
      expect(letter).toMatchObject({
        topic: deadLetterTopic('photos.photo.uploaded.v1', group('a')),
        originalTopic: 'photos.photo.uploaded.v1',
        group: group('a'),
        key: key('photo'),
        attempts: 3,
        error: `cannot handle ${poisonId}`,
      });
      expect(letter.topic).toBe(`photos.photo.uploaded.v1.dlq.${group('a')}`);
      expect(letter.headers).toMatchObject({
        ce_id: poisonId,
        ce_type: 'photos.photo.uploaded.v1',
        ce_source: '/services/photos',
        ce_specversion: '1.0',
        'x-request-id': 'r-1',
      });
      expect(Number.isNaN(Date.parse(letter.failedAt))).toBe(false);
      expect(decodeEvent('photos.photo.uploaded.v1', letter.value)).toEqual(payload);
      expect(logger.about(poisonId, 'error').some((entry) => entry.message.includes(letter.topic))).toBe(true);

      const marker = await bus.publish('photos.photo.uploaded.v1', examplePayload('photos.photo.uploaded.v1'), { key: key('photo') });
      await eventually(() => expect(attempts).toEqual([poisonId, poisonId, poisonId, marker]), waitMs);
      await eventually(() => expect(otherGroup).toEqual([poisonId, marker]), waitMs);
      expect(await parkedOf('photos.photo.uploaded.v1', group('a'))).toHaveLength(1);
      expect(await parkedOf('photos.photo.uploaded.v1', group('b'))).toEqual([]);
    });

    it_('with idempotent(), runs the effect of an event published twice with one id only once', async () => {
      const store = new InMemoryProcessedEventStore();
      const deliveries: string[] = [];
      const effects: string[] = [];
      const addLike = idempotent(store, group('a'), async (event: EventEnvelope<'photos.photo.liked.v1'>) => {
        effects.push(event.id);
      });
      bus.subscribe('photos.photo.liked.v1', group('a'), async (event) => {
        if (!mine(event)) return;
        deliveries.push(event.id);
        await addLike(event);
      });
      await bus.start();
      const id = randomUUID();
      const payload = examplePayload('photos.photo.liked.v1');
      await bus.publish('photos.photo.liked.v1', payload, { key: key('photo'), id });
      await bus.publish('photos.photo.liked.v1', payload, { key: key('photo'), id }); // e.g. an outbox re-send
      const marker = await bus.publish('photos.photo.liked.v1', payload, { key: key('photo') });
      await eventually(() => expect(deliveries).toEqual([id, id, marker]), waitMs);
      expect(effects).toEqual([id, marker]);
    });

    it_('refuses an invalid payload at publish with a clear error and delivers nothing', async () => {
      const seen: string[] = [];
      bus.subscribe('photos.photo.uploaded.v1', group('a'), async (event) => {
        if (mine(event)) seen.push(event.id);
      });
      await bus.start();
      const wrongType = { ...examplePayload('photos.photo.uploaded.v1'), fileSize: 'big' } as unknown as PhotoUploaded;
      await expect(bus.publish('photos.photo.uploaded.v1', wrongType, { key: key('photo') })).rejects.toThrow(
        InvalidEventPayloadError,
      );
      await expect(bus.publish('photos.photo.uploaded.v1', wrongType, { key: key('photo') })).rejects.toThrow(
        /'photos\.photo\.uploaded\.v1'.*field 'fileSize' number expected/,
      );
      const typo = { ...examplePayload('photos.photo.uploaded.v1'), fileName: 'fox.jpg' } as PhotoUploaded;
      await expect(bus.publish('photos.photo.uploaded.v1', typo, { key: key('photo') })).rejects.toThrow(
        /field 'fileName' is not in the contract/,
      );
      await expect(
        bus.publish('photos.photo.uploaded.v1', examplePayload('photos.photo.uploaded.v1'), { key: '' }),
      ).rejects.toThrow(/non-empty key/);
      await expect(
        bus.publish('photos.photo.uploaded.v1', examplePayload('photos.photo.uploaded.v1'), {
          key: key('photo'),
          headers: { ce_id: 'forged' },
        }),
      ).rejects.toThrow(/header 'ce_id' is reserved/);
      const marker = await bus.publish('photos.photo.uploaded.v1', examplePayload('photos.photo.uploaded.v1'), { key: key('photo') });
      await eventually(() => expect(seen).toEqual([marker]), waitMs);
    });

    it_('refuses to publish before start and after stop', async () => {
      await expect(
        bus.publish('photos.photo.uploaded.v1', examplePayload('photos.photo.uploaded.v1'), { key: key('photo') }),
      ).rejects.toThrow(/not started/);
      await bus.start();
      await bus.stop();
      await expect(
        bus.publish('photos.photo.uploaded.v1', examplePayload('photos.photo.uploaded.v1'), { key: key('photo') }),
      ).rejects.toThrow(/stopped/);
    });
  });
}
