import { join } from 'node:path';
import { createTestDatabase } from '../testing/test-database';
import { PostgresProcessedEventStore } from './processed-event-store';
import { ServiceDatabase } from './service-database';

describe('PostgresProcessedEventStore', () => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  let database: ServiceDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = ServiceDatabase.connect({ schema: 'probe', url: testDb.url, migrationsFolder: join(__dirname, 'test-fixtures', 'migrations') });
    await database.migrate();
  });
  afterAll(async () => {
    await database.close();
    await testDb.drop();
  });

  const notes = async () => (await database.pool.query<{ body: string }>('SELECT body FROM notes ORDER BY id')).rows.map((r) => r.body);

  it('runs an event once per consumer, with its writes in the same transaction', async () => {
    const store = new PostgresProcessedEventStore(database);
    const write = (body: string) => async (tx: Parameters<Parameters<typeof store.runOnce>[2]>[0]) => {
      await tx.execute(`INSERT INTO notes (body) VALUES ('${body}')`);
    };
    expect(await store.runOnce('c1', 'e1', write('first'))).toBe(true);
    expect(await store.runOnce('c1', 'e1', write('again'))).toBe(false);
    expect(await store.runOnce('c2', 'e1', write('other consumer'))).toBe(true);
    expect(await notes()).toEqual(['first', 'other consumer']);
  });

  it('records nothing when the handler fails, so a retry runs it', async () => {
    const store = new PostgresProcessedEventStore(database);
    await expect(
      store.runOnce('c3', 'e2', async (tx) => {
        await tx.execute(`INSERT INTO notes (body) VALUES ('rolled back')`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await notes()).not.toContain('rolled back');
    expect(await store.runOnce('c3', 'e2', async (tx) => void (await tx.execute(`INSERT INTO notes (body) VALUES ('retried')`)))).toBe(true);
    expect(await notes()).toContain('retried');
  });

  it('lets only one of two concurrent deliveries run', async () => {
    const store = new PostgresProcessedEventStore(database);
    let runs = 0;
    const slow = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 100));
    };
    const results = await Promise.all([store.runOnce('c4', 'e3', slow), store.runOnce('c4', 'e3', slow)]);
    expect(results.sort()).toEqual([false, true]);
    expect(runs).toBe(1);
  });
});
