import { examplePayload } from '@wildframe/contracts';
import { Schema } from 'mongoose';
import type { EventBus, EventEnvelope } from '../../events/event-bus';
import { InProcessEventBus } from '../../events/in-process-event-bus';
import { createMongoTestDatabase } from '../../testing/each-backend';
import { mongoTestServer } from '../../testing/mongo-test-server';
import { describeWithServer } from '../../testing/test-servers';
import { pendingEvent, type PendingEvent } from '../ports';
import { FlakyBus } from '../test-fixtures/flaky-bus';
import { MongoEventOutbox } from './mongo-event-outbox';
import { MongoServiceDatabase } from './mongo-service-database';
import { combineUpdates, freedValue, liveOnly, pushEvents, tombstone, withEvents, withOutbox } from './outbox-fields';

const silent = { warn: () => undefined };

interface Note {
  _id: string;
  title: string;
  slug: string;
  likes: number;
}

const noteSchema = withOutbox(
  new Schema<Note>({ _id: { type: String, required: true }, title: String, slug: { type: String, required: true }, likes: { type: Number, default: 0 } }),
);
noteSchema.index({ slug: 1 }, { unique: true });
const reactionSchema = withOutbox(new Schema<{ _id: string; noteId: string }>({ _id: String, noteId: String }));
const models = [
  { name: 'Note', schema: noteSchema, collection: 'notes' },
  { name: 'Reaction', schema: reactionSchema, collection: 'reactions' },
];

describeWithServer('MongoEventOutbox (FerretDB)', mongoTestServer(), ({ url: serverUrl }) => {
  let testDb: Awaited<ReturnType<typeof createMongoTestDatabase>>;
  let database: MongoServiceDatabase;
  const outboxes: MongoEventOutbox[] = [];
  const outbox = (bus: EventBus, options: ConstructorParameters<typeof MongoEventOutbox>[2] = {}, db = database) => {
    const created = new MongoEventOutbox(db, bus, { logger: silent, ...options });
    outboxes.push(created);
    return created;
  };
  const notes = () => database.model<Note>('Note');
  const uploaded = (photoId: string) => pendingEvent('photos.photo.uploaded.v1', examplePayload('photos.photo.uploaded.v1', { photoId }), { key: photoId });
  const deleted = (photoId: string) => pendingEvent('photos.photo.deleted.v1', examplePayload('photos.photo.deleted.v1', { photoId }), { key: photoId });
  /** An insert that carries its events: what an adapter's create does. */
  const create = async (id: string, events: PendingEvent[], slug = id) => {
    await notes().create(withEvents({ _id: id, title: id, slug }, events));
    return events.map((event) => event.id);
  };
  const pendingIds = async () => {
    const all = [];
    for (const name of ['notes', 'reactions']) {
      const documents = await (await database.collection(name)).find({}).toArray();
      for (const document of documents) for (const event of (document['_outbox'] as Array<{ id: string; seq: number }> | undefined) ?? []) all.push(event);
    }
    return all.sort((a, b) => a.seq - b.seq).map((event) => event.id);
  };

  beforeAll(async () => {
    testDb = await createMongoTestDatabase(serverUrl);
    database = MongoServiceDatabase.connect({ service: 'probe', url: testDb.url, models });
    await database.ensureIndexes();
  });
  afterEach(async () => {
    for (const created of outboxes.splice(0)) await created.stop();
    for (const name of ['notes', 'reactions']) await (await database.collection(name)).deleteMany({});
  });
  afterAll(async () => {
    await database.close();
    await testDb.drop();
  });

  it('keeps each service in its own database, named from the URL and the service', () => {
    expect(database.databaseName).toBe(`${new URL(testDb.url).pathname.slice(1)}_probe`);
  });

  it('publishes a created document’s events once, with their ids, key, subject, headers and payload, and empties its outbox', async () => {
    const bus = new InProcessEventBus({ logger: { info: () => undefined, warn: () => undefined, error: () => undefined } });
    const seen: Array<EventEnvelope<'photos.photo.uploaded.v1'>> = [];
    bus.subscribe('photos.photo.uploaded.v1', 'probe', async (event) => void seen.push(event));
    await bus.start();
    const relay = outbox(bus);
    const event = pendingEvent('photos.photo.uploaded.v1', examplePayload('photos.photo.uploaded.v1', { photoId: 'p2' }), {
      key: 'p2',
      subject: 'p2',
      headers: { 'x-request-id': 'r-7' },
    });
    await create('p2', [event]);
    expect(await relay.pending()).toBe(1);
    expect(await relay.flush()).toBe(1);
    expect(await relay.flush()).toBe(0);
    await bus.idle();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id: event.id, key: 'p2', subject: 'p2', headers: { 'x-request-id': 'r-7' }, payload: event.payload });
    expect(await pendingIds()).toEqual([]);
    expect(await relay.pending()).toBe(0);
    expect(await notes().findById('p2').lean()).toMatchObject({ title: 'p2' });
    await bus.stop();
  });

  it('keeps per-key order across documents and collections, and a document’s events in array order', async () => {
    const bus = new FlakyBus();
    const relay = outbox(bus, { batchSize: 2 });
    const ids: string[] = [];
    ids.push(...(await create('a', [uploaded('k1')])));
    ids.push(...(await create('b', [uploaded('k2'), deleted('k2')])));
    const reaction = uploaded('k1');
    await database.model('Reaction').create(withEvents({ _id: 'r1', noteId: 'a' }, [reaction]));
    ids.push(reaction.id);
    const later = [deleted('k1'), uploaded('k3')];
    await notes().updateOne({ _id: 'a', ...liveOnly }, combineUpdates({ $inc: { likes: 1 } }, pushEvents(later)));
    ids.push(...later.map((event) => event.id));
    expect(await relay.flush()).toBe(6);
    const perKey = (key: string) => bus.published.filter((p) => p.options.key === key).map((p) => p.options.id);
    for (const key of ['k1', 'k2', 'k3']) expect(perKey(key)).toEqual(ids.filter((id) => perKey(key).includes(id)));
    expect(perKey('k1')).toEqual([ids[0], reaction.id, later[0]?.id]);
    expect(bus.ids()).toEqual(ids);
    expect(await pendingIds()).toEqual([]);
  });

  it('publishes nothing for a refused change (a conditional update that matched nothing pushes no event)', async () => {
    const bus = new FlakyBus();
    const relay = outbox(bus);
    await create('c', []);
    // The limit lives in the filter: at most one like; the second update matches nothing.
    for (let i = 0; i < 2; i++) await notes().updateOne({ _id: 'c', likes: { $lt: 1 } }, combineUpdates({ $inc: { likes: 1 } }, pushEvents([uploaded(`c${i}`)])));
    expect(await relay.flush()).toBe(1);
    expect(bus.published.map((p) => p.options.key)).toEqual(['c0']);
  });

  it('leaves what the bus refused for the next sweep, holding back later events of the same key and document only', async () => {
    const bus = new FlakyBus();
    bus.fail = (_topic, options) => options.key === 'down';
    const relay = outbox(bus);
    const [first, second] = await create('down', [uploaded('down'), deleted('down')]);
    const [other] = await create('up', [uploaded('up')]);
    const [sameKeyElsewhere] = await create('down-2', [uploaded('down')]);
    await expect(relay.flush()).resolves.toBe(1);
    expect(bus.ids()).toEqual([other]);
    expect(await pendingIds()).toEqual([first, second, sameKeyElsewhere]);

    bus.fail = undefined;
    expect(await relay.sweep()).toBe(3);
    expect(bus.ids()).toEqual([other, first, second, sameKeyElsewhere]);
    expect(await pendingIds()).toEqual([]);
  });

  it('publishes what a crash left behind (written, never flushed) at start-up', async () => {
    const ids = [...(await create('x', [uploaded('x')])), ...(await create('y', [uploaded('y')]))];
    // The process dies here; a new one starts.
    const bus = new FlakyBus();
    const restarted = outbox(bus, { startupDelayMs: 10, sweepIntervalMs: 60_000 });
    restarted.start();
    await waitFor(() => bus.published.length === 2);
    expect(bus.ids()).toEqual(ids);
    await waitFor(async () => (await pendingIds()).length === 0);
  });

  it('publishes what waited as soon as the bus can publish again, not at the next sweep', async () => {
    const bus = new FlakyBus();
    bus.fail = () => true;
    const relay = outbox(bus, { startupDelayMs: 60_000, sweepIntervalMs: 60_000 });
    relay.start();
    const ids = await create('w', [uploaded('w')]);
    await expect(relay.flush()).resolves.toBe(0);
    bus.becomeAvailable();
    await waitFor(() => bus.published.length === 1);
    expect(bus.ids()).toEqual(ids);
    await waitFor(async () => (await pendingIds()).length === 0);
  });

  it('sweeps periodically', async () => {
    const bus = new FlakyBus();
    const relay = outbox(bus, { startupDelayMs: 60_000, sweepIntervalMs: 20 });
    relay.start();
    const ids = await create('s', [uploaded('s')]);
    await waitFor(() => bus.published.length === 1);
    expect(bus.ids()).toEqual(ids);
  });

  it('removes a tombstone once its deletion events are out, and frees its unique value at once', async () => {
    const bus = new FlakyBus();
    bus.fail = () => true;
    const relay = outbox(bus);
    await create('t', [], 'the-slug');
    const gone = deleted('t');
    const removed = await notes().updateOne({ _id: 't', ...liveOnly }, tombstone([gone], { slug: freedValue('t') }));
    expect(removed.modifiedCount).toBe(1);
    // A second delete matches nothing (and announces nothing).
    expect((await notes().updateOne({ _id: 't', ...liveOnly }, tombstone([deleted('t')]))).matchedCount).toBe(0);
    // Reads skip it, and its slug is free while its events wait.
    expect(await notes().findOne({ _id: 't', ...liveOnly }).lean()).toBeNull();
    await create('t2', [], 'the-slug');
    expect(await relay.flush()).toBe(0);
    expect(await notes().countDocuments({ _id: 't' })).toBe(1);

    bus.fail = undefined;
    expect(await relay.flush()).toBe(1);
    expect(bus.ids()).toEqual([gone.id]);
    expect(await notes().countDocuments({ _id: 't' })).toBe(0);
  });

  it('deletes tombstones that announced nothing on the sweep', async () => {
    const relay = outbox(new FlakyBus());
    await create('quiet', []);
    await notes().updateOne({ _id: 'quiet', ...liveOnly }, tombstone([]));
    await relay.sweep();
    expect(await notes().countDocuments({ _id: 'quiet' })).toBe(0);
  });

  it('publishes each event once when flushes overlap in one process', async () => {
    const bus = new FlakyBus();
    bus.delayMs = 2;
    const relay = outbox(bus, { batchSize: 7 });
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      ids.push(...(await create(`o${i}`, [uploaded(`o${i % 3}`)])));
      void relay.flush();
    }
    await relay.flush();
    await relay.idle();
    expect(bus.ids()).toEqual(ids);
  });

  it('publishes each event once when two replicas relay one database', async () => {
    const second = MongoServiceDatabase.connect({ service: 'probe', url: testDb.url, models });
    try {
      const bus = new FlakyBus();
      bus.delayMs = 1;
      const a = outbox(bus, { batchSize: 5 });
      const b = outbox(bus, { batchSize: 5 }, second);
      const ids: string[] = [];
      for (let i = 0; i < 30; i++) ids.push(...(await create(`r${i}`, [uploaded(`r${i}`)])));
      await Promise.all([a.flush(), b.flush()]);
      // A pass that met the other replica's lease stops early: the next flush takes the rest.
      await Promise.all([a.flush(), b.flush()]);
      await a.flush();
      expect([...bus.ids()].sort()).toEqual([...ids].sort());
      expect(await pendingIds()).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('leaves a document another relay holds, and takes it over once that relay’s lease has run out (it died mid-way)', async () => {
    const bus = new FlakyBus();
    const relay = outbox(bus);
    const ids = await create('held', [uploaded('held')]);
    // What a relay that died after taking the document leaves: its lease, a little into the future.
    await (await database.collection('notes')).updateOne({ _id: 'held' as never }, { $set: { _outboxLease: new Date(Date.now() + 300) } });
    expect(await relay.flush()).toBe(0);
    await waitFor(async () => (await relay.flush()) === 1);
    expect(bus.ids()).toEqual(ids);
  });

  it('never throws from flush when the database is unreachable', async () => {
    const broken = MongoServiceDatabase.connect({ service: 'probe', url: 'mongodb://127.0.0.1:1/none', models, serverSelectionTimeoutMs: 300 });
    try {
      await expect(outbox(new FlakyBus(), {}, broken).flush()).resolves.toBe(0);
    } finally {
      await broken.close();
    }
  });

  it('does nothing once stopped', async () => {
    const bus = new FlakyBus();
    const relay = outbox(bus);
    await relay.stop();
    await create('z', [uploaded('z')]);
    expect(await relay.flush()).toBe(0);
    expect(bus.published).toEqual([]);
  });
});

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
