import { examplePayload } from '@wildframe/contracts';
import { describeEventBusContract, RecordingLogger } from './event-bus.contract';
import { InProcessEventBus } from './in-process-event-bus';

describeEventBusContract('InProcessEventBus', async ({ logger }) => {
  const bus = new InProcessEventBus({ logger });
  return {
    bus,
    deadLetters: async (topic, group) => bus.deadLetters().filter((letter) => letter.originalTopic === topic && letter.group === group),
  };
});

/** Rejects after `ms`: a guard so a broken bus fails the test instead of hanging it. */
function deadline(ms: number, what: string): Promise<never> {
  return new Promise((_resolve, reject) => setTimeout(() => reject(new Error(`Timed out waiting for ${what}`)), ms).unref());
}

describe('InProcessEventBus (in-process specifics)', () => {
  let bus: InProcessEventBus;
  let logger: RecordingLogger;

  beforeEach(() => {
    logger = new RecordingLogger();
    bus = new InProcessEventBus({ logger });
  });
  afterEach(() => bus.stop());

  it('returns from publish before any handler runs, and idle() waits for the delivery', async () => {
    let handled = false;
    bus.subscribe('photos.photo.viewed.v1', 'g', async () => {
      handled = true;
    });
    await bus.start();
    await bus.publish('photos.photo.viewed.v1', examplePayload('photos.photo.viewed.v1'), { key: 'p1' });
    expect(handled).toBe(false);
    await bus.idle();
    expect(handled).toBe(true);
  });

  it('runs different keys concurrently: one key waiting does not hold up another', async () => {
    let releaseFirst: () => void = () => undefined;
    const secondStarted = new Promise<void>((resolve) => (releaseFirst = resolve));
    const finished: string[] = [];
    bus.subscribe('photos.photo.viewed.v1', 'g', async (event) => {
      if (event.key === 'first') await Promise.race([secondStarted, deadline(2_000, 'the second key to start')]);
      else releaseFirst();
      finished.push(event.key);
    });
    await bus.start();
    await bus.publish('photos.photo.viewed.v1', examplePayload('photos.photo.viewed.v1'), { key: 'first' });
    await bus.publish('photos.photo.viewed.v1', examplePayload('photos.photo.viewed.v1'), { key: 'second' });
    await bus.idle();
    expect(finished).toEqual(['second', 'first']);
    expect(logger.entries.filter((entry) => entry.level !== 'info')).toEqual([]);
  });

  it('orders one key per topic only, as Kafka does: another topic with the same key is not held up', async () => {
    let releaseViewed: () => void = () => undefined;
    const likedHandled = new Promise<void>((resolve) => (releaseViewed = resolve));
    const finished: string[] = [];
    bus.subscribe('photos.photo.viewed.v1', 'g', async (event) => {
      await Promise.race([likedHandled, deadline(2_000, 'the liked event')]);
      finished.push(event.type);
    });
    bus.subscribe('photos.photo.liked.v1', 'g', async (event) => {
      finished.push(event.type);
      releaseViewed();
    });
    await bus.start();
    await bus.publish('photos.photo.viewed.v1', examplePayload('photos.photo.viewed.v1'), { key: 'photo-1' });
    await bus.publish('photos.photo.liked.v1', examplePayload('photos.photo.liked.v1'), { key: 'photo-1' });
    await bus.idle();
    expect(finished).toEqual(['photos.photo.liked.v1', 'photos.photo.viewed.v1']);
  });

  it('copies the payload at publish: changing it afterwards changes nothing delivered', async () => {
    const titles: string[] = [];
    bus.subscribe('photos.photo.uploaded.v1', 'g', async (event) => {
      titles.push(event.payload.title);
    });
    await bus.start();
    const payload = examplePayload('photos.photo.uploaded.v1', { title: 'before' });
    await bus.publish('photos.photo.uploaded.v1', payload, { key: 'p1' });
    payload.title = 'after';
    await bus.idle();
    expect(titles).toEqual(['before']);
  });

  it('gives each retry a fresh payload, so a failed attempt cannot leave changes behind', async () => {
    const titlesSeen: string[] = [];
    bus.subscribe(
      'photos.photo.uploaded.v1',
      'g',
      async (event) => {
        titlesSeen.push(event.payload.title);
        event.payload.title = 'mangled';
        if (titlesSeen.length === 1) throw new Error('first attempt fails');
      },
      { retryDelayMs: 1 },
    );
    await bus.start();
    await bus.publish('photos.photo.uploaded.v1', examplePayload('photos.photo.uploaded.v1', { title: 'fox' }), { key: 'p1' });
    await bus.idle();
    expect(titlesSeen).toEqual(['fox', 'fox']);
  });

  it('stop() waits for the handler in flight, then refuses publications', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started: () => void = () => undefined;
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    let finished = false;
    bus.subscribe('photos.photo.viewed.v1', 'g', async () => {
      started();
      await gate;
      finished = true;
    });
    await bus.start();
    await bus.publish('photos.photo.viewed.v1', examplePayload('photos.photo.viewed.v1'), { key: 'p1' });
    await Promise.race([handlerStarted, deadline(2_000, 'the handler to start')]);
    let stopped = false;
    const stopping = bus.stop().then(() => (stopped = true));
    // Let every callback that could settle stop() run; the handler is still held by the gate.
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);
    await expect(bus.publish('photos.photo.viewed.v1', examplePayload('photos.photo.viewed.v1'), { key: 'p1' })).rejects.toThrow(
      /stopped/,
    );
  });

  it('lets handlers publish follow-up events while stopping, and drains them too', async () => {
    const followUps: string[] = [];
    bus.subscribe('photos.photo.uploaded.v1', 'analysis', async (event) => {
      await bus.publish(
        'analysis.photo.analyzed.v1',
        examplePayload('analysis.photo.analyzed.v1', { photoId: event.payload.photoId }),
        { key: event.key },
      );
    });
    bus.subscribe('analysis.photo.analyzed.v1', 'photos', async (event) => {
      followUps.push(event.payload.photoId);
    });
    await bus.start();
    await bus.publish('photos.photo.uploaded.v1', examplePayload('photos.photo.uploaded.v1', { photoId: 'p1' }), { key: 'p1' });
    await bus.stop();
    expect(followUps).toEqual(['p1']);
  });

  it('idle() resolves at once when nothing is pending', async () => {
    await bus.start();
    await expect(Promise.race([bus.idle().then(() => 'idle'), deadline(1_000, 'idle()')])).resolves.toBe('idle');
  });

  it('keeps parked events inspectable as copies', async () => {
    bus.subscribe(
      'photos.photo.viewed.v1',
      'g',
      async () => {
        throw new Error('always');
      },
      { maxAttempts: 1 },
    );
    await bus.start();
    const id = await bus.publish('photos.photo.viewed.v1', examplePayload('photos.photo.viewed.v1'), { key: 'p1' });
    await bus.idle();
    const [letter] = bus.deadLetters();
    expect(letter).toMatchObject({ topic: 'photos.photo.viewed.v1.dlq.g', attempts: 1, error: 'always' });
    expect(letter.headers['ce_id']).toBe(id);
    letter.headers['ce_id'] = 'changed';
    bus.deadLetters().pop();
    expect(bus.deadLetters()).toHaveLength(1);
    expect(bus.deadLetters()[0].headers['ce_id']).toBe(id);
  });

  it('refuses a topic outside the catalogue, bad retry settings and bad group names at subscribe', () => {
    const noop = async (): Promise<void> => undefined;
    expect(() => bus.subscribe('photos.photo.stolen.v1' as 'photos.photo.viewed.v1', 'g', noop)).toThrow(/Unknown event topic/);
    expect(() => bus.subscribe('photos.photo.viewed.v1', 'g', noop, { maxAttempts: 0 })).toThrow(/maxAttempts 0/);
    expect(() => bus.subscribe('photos.photo.viewed.v1', 'g', noop, { retryDelayMs: -1 })).toThrow(/retryDelayMs -1/);
    expect(() => bus.subscribe('photos.photo.viewed.v1', 'bad group/name', noop)).toThrow(/Invalid consumer group/);
  });

  it('refuses a second start()', async () => {
    await bus.start();
    await expect(bus.start()).rejects.toThrow(/already started/);
  });
});
