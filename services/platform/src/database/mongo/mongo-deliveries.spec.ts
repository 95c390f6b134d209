import { Schema } from 'mongoose';
import { createMongoTestDatabase } from '../../testing/each-backend';
import { mongoTestServer } from '../../testing/mongo-test-server';
import { describeWithServer } from '../../testing/test-servers';
import { MongoDeliveries, markApplied, notApplied, withAppliedDeliveries } from './mongo-deliveries';
import { MongoServiceDatabase } from './mongo-service-database';
import { combineUpdates } from './outbox-fields';

interface Counter {
  _id: string;
  n: number;
}

const counterSchema = withAppliedDeliveries(new Schema<Counter>({ _id: String, n: { type: Number, default: 0 } }));

describeWithServer('MongoDeliveries and the in-document guard (FerretDB)', mongoTestServer(), ({ url: serverUrl }) => {
  let testDb: Awaited<ReturnType<typeof createMongoTestDatabase>>;
  let database: MongoServiceDatabase;
  const counters = () => database.model<Counter>('Counter');
  const value = async (id: string) => (await counters().findById(id).lean())?.n;

  beforeAll(async () => {
    testDb = await createMongoTestDatabase(serverUrl);
    database = MongoServiceDatabase.connect({ service: 'probe', url: testDb.url, models: [{ name: 'Counter', schema: counterSchema, collection: 'counters' }] });
    await database.ensureIndexes();
  });
  afterAll(async () => {
    await database.close();
    await testDb.drop();
  });

  it('creates the unique (consumer, eventId) index with ensureIndexes(), idempotently', async () => {
    await database.ensureIndexes();
    expect(await database.indexNames('processed_events')).toContain('processed_events_consumer_event');
  });

  it('runs an effect once per consumer and event', async () => {
    const deliveries = new MongoDeliveries(database);
    await counters().create({ _id: 'once', n: 0 });
    const bump = () => counters().updateOne({ _id: 'once' }, { $inc: { n: 1 } }).then(() => undefined);
    expect(await deliveries.once({ consumer: 'c1', eventId: 'e1' }, bump)).toBe(true);
    expect(await deliveries.once({ consumer: 'c1', eventId: 'e1' }, bump)).toBe(false);
    expect(await deliveries.once({ consumer: 'c2', eventId: 'e1' }, bump)).toBe(true);
    expect(await value('once')).toBe(2);
    expect(await deliveries.processed({ consumer: 'c1', eventId: 'e1' })).toBe(true);
  });

  it('lets a failed effect be retried (the claim is released)', async () => {
    const deliveries = new MongoDeliveries(database);
    await expect(deliveries.once({ consumer: 'c', eventId: 'fails' }, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await deliveries.processed({ consumer: 'c', eventId: 'fails' })).toBe(false);
    let ran = 0;
    expect(await deliveries.once({ consumer: 'c', eventId: 'fails' }, async () => void ran++)).toBe(true);
    expect(ran).toBe(1);
  });

  it('runs the effect once when the same event is delivered six times at once', async () => {
    const deliveries = new MongoDeliveries(database, { pollMs: 5 });
    await counters().create({ _id: 'parallel', n: 0 });
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        deliveries.once({ consumer: 'c', eventId: 'dup' }, async () => {
          await counters().updateOne({ _id: 'parallel' }, { $inc: { n: 1 } });
        }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await value('parallel')).toBe(1);
  });

  it('takes over a claim whose consumer died mid-way once its lease is over', async () => {
    const dead = new MongoDeliveries(database, { leaseMs: 50 });
    // The consumer dies while running: its claim stays 'running'.
    const never = new Promise<void>(() => undefined);
    void dead.once({ consumer: 'c', eventId: 'orphan' }, () => never);
    await new Promise((resolve) => setTimeout(resolve, 20));
    let ran = 0;
    const next = new MongoDeliveries(database, { leaseMs: 50, pollMs: 5 });
    expect(await next.once({ consumer: 'c', eventId: 'orphan' }, async () => void ran++)).toBe(true);
    expect(ran).toBe(1);
  });

  it('guards an effect inside the target document: six parallel duplicates apply once, in one write each', async () => {
    await counters().create({ _id: 'guarded', n: 0 });
    const delivery = { consumer: 'c', eventId: 'g1' };
    const results = await Promise.all(
      Array.from({ length: 6 }, () => counters().updateOne({ _id: 'guarded', ...notApplied(delivery) }, combineUpdates({ $inc: { n: 1 } }, markApplied(delivery)))),
    );
    expect(results.map((result) => result.modifiedCount).reduce((a, b) => a + b, 0)).toBe(1);
    expect(await value('guarded')).toBe(1);
    await counters().updateOne({ _id: 'guarded', ...notApplied({ consumer: 'c', eventId: 'g2' }) }, combineUpdates({ $inc: { n: 1 } }, markApplied({ consumer: 'c', eventId: 'g2' })));
    expect(await value('guarded')).toBe(2);
  });
});
