import { examplePayload, type EventPayloads, type Topic } from '@wildframe/contracts';
import { sql } from 'drizzle-orm';
import { join } from 'node:path';
import type { EventBus, EventEnvelope, PublishOptions } from '../events/event-bus';
import { FlakyBus } from './test-fixtures/flaky-bus';
import { InProcessEventBus } from '../events/in-process-event-bus';
import { createTestDatabase } from '../testing/test-database';
import type { DatabaseTransaction } from './processed-event-store';
import { PostgresEventOutbox, storeEvents } from './event-outbox';
import { pendingEvent } from './ports';
import { ServiceDatabase } from './service-database';

const silent = { warn: () => undefined };
const migrationsFolder = join(__dirname, 'test-fixtures', 'migrations');

/** Stores one event in the caller's transaction, as the PostgreSQL adapters do (`pendingEvent` + `storeEvents`). */
async function enqueue<T extends Topic>(tx: DatabaseTransaction, topic: T, payload: EventPayloads[T], options: PublishOptions): Promise<string> {
  const event = pendingEvent(topic, payload, options);
  await storeEvents(tx, 'probe', [event]);
  return event.id;
}

describe('EventOutbox', () => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  let database: ServiceDatabase;
  const outboxes: PostgresEventOutbox[] = [];
  const outbox = (bus: EventBus, options: ConstructorParameters<typeof PostgresEventOutbox>[2] = {}, db = database) => {
    const created = new PostgresEventOutbox(db, bus, { logger: silent, ...options });
    outboxes.push(created);
    return created;
  };

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = ServiceDatabase.connect({ schema: 'probe', url: testDb.url, migrationsFolder });
    await database.migrate();
  });
  afterEach(async () => {
    for (const created of outboxes.splice(0)) await created.stop();
    await database.pool.query('DELETE FROM probe.outbox');
  });
  afterAll(async () => {
    await database.close();
    await testDb.drop();
  });

  const uploaded = (photoId: string) => examplePayload('photos.photo.uploaded.v1', { photoId });
  const unpublished = async () =>
    (await database.pool.query<{ id: string }>('SELECT id FROM probe.outbox WHERE published_at IS NULL ORDER BY seq')).rows.map((r) => r.id);

  it('creates its table with migrate(), idempotently', async () => {
    await database.migrate();
    const columns = await database.pool.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = 'probe' AND table_name = 'outbox' ORDER BY ordinal_position`,
    );
    expect(columns.rows.map((r) => r.column_name)).toEqual(
      expect.arrayContaining(['id', 'topic', 'key', 'subject', 'headers', 'payload', 'created_at', 'published_at']),
    );
  });

  it('never publishes an event whose transaction rolled back', async () => {
    const bus = new FlakyBus();
    const relay = outbox(bus);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO notes (body) VALUES ('rolled back')`);
        await enqueue(tx, 'photos.photo.uploaded.v1', uploaded('p1'), { key: 'p1' });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await relay.flush()).toBe(0);
    expect(bus.published).toEqual([]);
    expect(await unpublished()).toEqual([]);
  });

  it('publishes a committed event once, with its id, key, subject, headers and payload', async () => {
    const bus = new InProcessEventBus({ logger: { info: () => undefined, warn: () => undefined, error: () => undefined } });
    const seen: Array<EventEnvelope<'photos.photo.uploaded.v1'>> = [];
    bus.subscribe('photos.photo.uploaded.v1', 'probe', async (event) => void seen.push(event));
    await bus.start();
    const relay = outbox(bus);
    const id = await database.db.transaction((tx) =>
      enqueue(tx, 'photos.photo.uploaded.v1', uploaded('p2'), { key: 'p2', subject: 'p2', headers: { 'x-request-id': 'r-7' } }),
    );
    expect(await relay.flush()).toBe(1);
    expect(await relay.flush()).toBe(0);
    await bus.idle();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id, key: 'p2', subject: 'p2', headers: { 'x-request-id': 'r-7' }, payload: uploaded('p2') });
    expect(await unpublished()).toEqual([]);
    await bus.stop();
  });

  it('refuses an invalid payload inside the caller transaction', async () => {
    await expect(
      database.db.transaction((tx) => enqueue(tx, 'photos.photo.uploaded.v1', { photoId: 42 } as never, { key: 'p3' })),
    ).rejects.toThrow(/Invalid payload/);
    await expect(database.db.transaction((tx) => enqueue(tx, 'photos.photo.uploaded.v1', uploaded('p3'), { key: '' }))).rejects.toThrow(/key/);
    expect(await unpublished()).toEqual([]);
  });

  it('publishes what a crash left behind (committed, never flushed) at start-up, in stored order', async () => {
    const ids = await database.db.transaction(async (tx) => [
      await enqueue(tx, 'photos.photo.uploaded.v1', uploaded('a'), { key: 'a' }),
      await enqueue(tx, 'photos.photo.uploaded.v1', uploaded('b'), { key: 'b' }),
    ]);
    ids.push(await database.db.transaction((tx) => enqueue(tx, 'photos.photo.uploaded.v1', uploaded('a'), { key: 'a' })));
    // The process dies here; a new one starts.
    const bus = new FlakyBus();
    const restarted = outbox(bus, { startupDelayMs: 10, sweepIntervalMs: 60_000 });
    restarted.start();
    await waitFor(() => bus.published.length === 3);
    expect(bus.ids()).toEqual(ids);
    // The relay marks a row published after the bus took it: wait for the mark, not only the send.
    await waitFor(async () => (await unpublished()).length === 0);
  });

  it('sweeps periodically', async () => {
    const bus = new FlakyBus();
    const relay = outbox(bus, { startupDelayMs: 60_000, sweepIntervalMs: 20 });
    relay.start();
    const id = await database.db.transaction((tx) => enqueue(tx, 'photos.photo.uploaded.v1', uploaded('s'), { key: 's' }));
    await waitFor(() => bus.published.length === 1);
    expect(bus.ids()).toEqual([id]);
  });

  it('leaves what the bus refused for the next sweep, holding back later events of the same key only', async () => {
    const bus = new FlakyBus();
    bus.fail = (_topic, options) => options.key === 'down';
    const relay = outbox(bus);
    const [first, second, other] = await database.db.transaction(async (tx) => [
      await enqueue(tx, 'photos.photo.uploaded.v1', uploaded('down'), { key: 'down' }),
      await enqueue(tx, 'photos.photo.deleted.v1', examplePayload('photos.photo.deleted.v1', { photoId: 'down' }), { key: 'down' }),
      await enqueue(tx, 'photos.photo.uploaded.v1', uploaded('up'), { key: 'up' }),
    ]);
    await expect(relay.flush()).resolves.toBe(1);
    expect(bus.ids()).toEqual([other]);
    expect(await unpublished()).toEqual([first, second]);

    bus.fail = undefined;
    expect(await relay.sweep()).toBe(2);
    expect(bus.ids()).toEqual([other, first, second]);
    expect(await unpublished()).toEqual([]);
  });

  it('publishes what waited as soon as the bus can publish again, not at the next sweep', async () => {
    const bus = new FlakyBus();
    bus.fail = () => true;
    const relay = outbox(bus, { startupDelayMs: 60_000, sweepIntervalMs: 60_000 });
    relay.start();
    const id = await database.db.transaction((tx) => enqueue(tx, 'photos.photo.uploaded.v1', uploaded('w'), { key: 'w' }));
    await expect(relay.flush()).resolves.toBe(0);
    bus.becomeAvailable();
    await waitFor(() => bus.published.length === 1);
    expect(bus.ids()).toEqual([id]);
    await waitFor(async () => (await unpublished()).length === 0);
  });

  it('never throws from flush when the database is unreachable', async () => {
    const broken = ServiceDatabase.connect({ schema: 'probe', url: 'postgres://nobody:nothing@127.0.0.1:1/none', migrationsFolder });
    try {
      await expect(outbox(new FlakyBus(), {}, broken).flush()).resolves.toBe(0);
    } finally {
      await broken.close();
    }
  });

  it('publishes each row once when flushes overlap in one process', async () => {
    const bus = new FlakyBus();
    bus.delayMs = 2;
    const relay = outbox(bus, { batchSize: 7 });
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      ids.push(await database.db.transaction((tx) => enqueue(tx, 'photos.photo.uploaded.v1', uploaded(`o${i}`), { key: `o${i % 3}` })));
      void relay.flush();
    }
    await relay.flush();
    await relay.idle();
    expect(bus.ids()).toEqual(ids);
  });

  it('publishes each row once when two replicas relay one table', async () => {
    const secondDb = ServiceDatabase.connect({ schema: 'probe', url: testDb.url, migrationsFolder });
    try {
      const bus = new FlakyBus();
      bus.delayMs = 1;
      const a = outbox(bus, { batchSize: 5 });
      const b = outbox(bus, { batchSize: 5 }, secondDb);
      const ids = await database.db.transaction(async (tx) => {
        const created: string[] = [];
        for (let i = 0; i < 60; i++) created.push(await enqueue(tx, 'photos.photo.uploaded.v1', uploaded(`r${i}`), { key: `r${i}` }));
        return created;
      });
      const [byA, byB] = await Promise.all([a.flush(), b.flush()]);
      expect(byA + byB).toBe(60);
      expect(byA).toBeGreaterThan(0);
      expect(byB).toBeGreaterThan(0);
      expect([...bus.ids()].sort()).toEqual([...ids].sort());
      expect(await unpublished()).toEqual([]);
    } finally {
      await secondDb.close();
    }
  });

  it('deletes published rows after the retention', async () => {
    const bus = new FlakyBus();
    const keep = outbox(bus);
    await database.db.transaction((tx) => enqueue(tx, 'photos.photo.uploaded.v1', uploaded('k'), { key: 'k' }));
    await keep.sweep();
    const count = async () => Number((await database.pool.query<{ n: string }>('SELECT count(*) AS n FROM probe.outbox')).rows[0]?.n);
    expect(await count()).toBe(1);
    await outbox(bus, { retainPublishedMs: 0 }).sweep();
    expect(await count()).toBe(0);
  });

  it('does nothing once stopped', async () => {
    const bus = new FlakyBus();
    const relay = outbox(bus);
    await relay.stop();
    await database.db.transaction((tx) => enqueue(tx, 'photos.photo.uploaded.v1', uploaded('x'), { key: 'x' }));
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
