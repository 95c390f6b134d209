import { join } from 'node:path';
import { createTestDatabase } from '../testing';
import { ServiceDatabase } from './service-database';

const migrationsFolder = join(__dirname, 'test-fixtures', 'migrations');

describe('ServiceDatabase', () => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeEach(async () => {
    testDb = await createTestDatabase();
  });
  afterEach(() => testDb.drop());

  it('applies versioned migrations in order into the service schema, once', async () => {
    const database = ServiceDatabase.connect({ schema: 'probe', url: testDb.url, migrationsFolder });
    await database.migrate();
    await database.migrate();
    expect(await database.appliedMigrations()).toBe(2);
    await database.pool.query('INSERT INTO notes (body) VALUES ($1)', ['kept']);
    const columns = await database.pool.query(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = 'probe' AND table_name = 'notes' ORDER BY ordinal_position`,
    );
    expect(columns.rows.map((r: { column_name: string }) => r.column_name)).toEqual(['id', 'body', 'created_at']);
    await database.close();
  });

  it('lets concurrent starters migrate without racing', async () => {
    const a = ServiceDatabase.connect({ schema: 'probe', url: testDb.url, migrationsFolder });
    const b = ServiceDatabase.connect({ schema: 'probe', url: testDb.url, migrationsFolder });
    await Promise.all([a.migrate(), b.migrate()]);
    expect(await a.appliedMigrations()).toBe(2);
    await Promise.all([a.close(), b.close()]);
  });

  it('creates the table that remembers processed events', async () => {
    const database = ServiceDatabase.connect({ schema: 'probe', url: testDb.url, migrationsFolder });
    await database.migrate();
    const found = await database.pool.query(`SELECT table_schema || '.' || table_name AS t FROM information_schema.tables WHERE table_name = 'processed_events'`);
    expect(found.rows[0].t).toBe('probe.processed_events');
    await database.close();
  });

  it('refuses a schema name that is not a plain identifier', () => {
    expect(() => ServiceDatabase.connect({ schema: 'x; DROP', url: testDb.url, migrationsFolder })).toThrow(/Invalid schema name/);
  });

  it('fails clearly when the migrations folder has no journal', async () => {
    const database = ServiceDatabase.connect({ schema: 'probe', url: testDb.url, migrationsFolder: __dirname });
    await expect(database.migrate()).rejects.toThrow(/No migrations journal/);
    await database.close();
  });
});
