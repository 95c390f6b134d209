import { Module, type DynamicModule } from '@nestjs/common';
import { examplePayload } from '@wildframe/contracts';
import { sql } from 'drizzle-orm';
import { Schema } from 'mongoose';
import { join } from 'node:path';
import type { EventEnvelope } from '../events/event-bus';
import { HealthRegistry } from '../health/health';
import { describeEachBackend } from '../testing/each-backend';
import { createServiceTestApp, type ServiceTestApp } from '../testing/service-test-app';
import { FixedWindowRateLimiter } from '../rate-limit/fixed-window-rate-limiter';
import { RateLimitStore } from '../rate-limit/rate-limit-store';
import { createRateLimitStore, DATABASE, DatabaseModule, openServiceDatabase } from './database.module';
import { MongoServiceDatabase } from './mongo/mongo-service-database';
import { pendingEvent } from './ports';
import { withEvents, withOutbox } from './mongo/outbox-fields';
import { ServiceDatabase } from './service-database';

const noteSchema = withOutbox(new Schema({ _id: String, slug: String }));
noteSchema.index({ slug: 1 }, { unique: true, name: 'notes_slug_unique' });

@Module({})
class ProbeModule {
  static register(url: string): DynamicModule {
    return {
      module: ProbeModule,
      imports: [
        DatabaseModule.forService({
          schema: 'probe',
          url,
          migrationsFolder: join(__dirname, 'test-fixtures', 'migrations'),
          mongoModels: [{ name: 'Note', schema: noteSchema, collection: 'notes' }],
          runMigrations: true,
          outbox: { startupDelayMs: 10, sweepIntervalMs: 50 },
        }),
      ],
    };
  }
}

describeEachBackend('DatabaseModule.forService', (backend) => {
  let t: ServiceTestApp;
  const seen: EventEnvelope[] = [];
  beforeAll(async () => {
    t = await createServiceTestApp((env) => [ProbeModule.register(env.DATABASE_URL)], {
      databaseUrl: backend.url,
      subscribe: (bus) => bus.subscribe('photos.photo.uploaded.v1', 'probe', async (event) => void seen.push(event as EventEnvelope)),
    });
  });
  afterAll(() => t.close());

  it('gives the handle of the backend the URL names, by the DATABASE token and by its class, and checks it for readiness', async () => {
    const database = t.app.get<ServiceDatabase | MongoServiceDatabase>(DATABASE, { strict: false });
    const typed = backend.driver === 'mongo' ? MongoServiceDatabase : ServiceDatabase;
    expect(database).toBeInstanceOf(typed);
    expect(t.app.get<unknown>(typed, { strict: false })).toBe(database);
    const health = t.app.get(HealthRegistry, { strict: false });
    expect(await health.run()).toEqual({ ok: true, checks: { 'database:probe': 'up' } });
  });

  it('prepares the database at start-up: migrations on PostgreSQL, the models’ indexes on MongoDB', async () => {
    const database = t.app.get<ServiceDatabase | MongoServiceDatabase>(DATABASE, { strict: false });
    if (database instanceof MongoServiceDatabase) {
      expect(await database.indexNames('notes')).toEqual(expect.arrayContaining(['notes_slug_unique', 'outbox_seq']));
      expect(await database.indexNames('processed_events')).toContain('processed_events_consumer_event');
    } else {
      expect(await database.appliedMigrations()).toBe(2);
    }
  });

  it('gives the service its outbox, whose sweep publishes what a crashed process left behind', async () => {
    const database = t.app.get<ServiceDatabase | MongoServiceDatabase>(DATABASE, { strict: false });
    const payload = examplePayload('photos.photo.uploaded.v1', { photoId: 'p-left' });
    // What a process that died after its write leaves: the event stored, never flushed.
    if (database instanceof MongoServiceDatabase) {
      const event = pendingEvent('photos.photo.uploaded.v1', payload, { key: 'p-left', id: 'ev-left-behind' });
      await database.model('Note').create(withEvents({ _id: 'n1', slug: 'n1' }, [event]));
    } else {
      await database.db.execute(
        sql`INSERT INTO probe.outbox (id, topic, key, payload) VALUES ('ev-left-behind', 'photos.photo.uploaded.v1', 'p-left', ${JSON.stringify(payload)}::jsonb)`,
      );
    }
    const deadline = Date.now() + 5000;
    while (seen.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await t.bus.idle();
    expect(seen.map((e) => [e.id, e.key, e.payload])).toEqual([['ev-left-behind', 'p-left', expect.objectContaining({ photoId: 'p-left' })]]);
  });

  it('gives the service a rate-limit store every replica counts against, concurrent hits included', async () => {
    const store = t.app.get(RateLimitStore, { strict: false });
    // A second replica: its own connection to the same database.
    const other = await openServiceDatabase({
      schema: 'probe',
      url: backend.url,
      migrationsFolder: join(__dirname, 'test-fixtures', 'migrations'),
      mongoModels: [{ name: 'Note', schema: noteSchema, collection: 'notes' }],
      runMigrations: false,
    });
    try {
      const now = () => Date.UTC(2026, 0, 1, 12, 0, 30);
      const here = new FixedWindowRateLimiter('probe-signup', 5, 60_000, store, now);
      const there = new FixedWindowRateLimiter('probe-signup', 5, 60_000, createRateLimitStore(other), now);
      const hits = await Promise.all([...Array.from({ length: 4 }, () => here.tryHit('203.0.113.7')), ...Array.from({ length: 4 }, () => there.tryHit('203.0.113.7'))]);
      expect(hits.filter(Boolean)).toHaveLength(5);
      expect(await here.tryHit('203.0.113.8')).toBe(true);
      // The next window starts afresh, on either replica.
      const later = new FixedWindowRateLimiter('probe-signup', 5, 60_000, createRateLimitStore(other), () => now() + 60_000);
      expect(await later.tryHit('203.0.113.7')).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('publishes an event stored by the previous version, before a field was added to its message, with that field’s default', async () => {
    const database = t.app.get<ServiceDatabase | MongoServiceDatabase>(DATABASE, { strict: false });
    // `moderation` was added to photos.photo.uploaded.v1 later: an upgrade finds such events still waiting.
    const { moderation: _added, ...older } = examplePayload('photos.photo.uploaded.v1', { photoId: 'p-older' });
    seen.length = 0;
    if (database instanceof MongoServiceDatabase) {
      const event = { ...pendingEvent('photos.photo.uploaded.v1', { ...older, moderation: '' }, { key: 'p-older', id: 'ev-older' }), payload: older };
      await database.model('Note').create(withEvents({ _id: 'n-older', slug: 'n-older' }, [event as never]));
    } else {
      await database.db.execute(sql`INSERT INTO probe.outbox (id, topic, key, payload) VALUES ('ev-older', 'photos.photo.uploaded.v1', 'p-older', ${JSON.stringify(older)}::jsonb)`);
    }
    const deadline = Date.now() + 5000;
    while (seen.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await t.bus.idle();
    expect(seen.map((e) => [e.id, e.payload])).toEqual([['ev-older', { ...older, moderation: '' }]]);
  });
});
