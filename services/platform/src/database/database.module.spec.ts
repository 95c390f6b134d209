import { Module, type DynamicModule } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { join } from 'node:path';
import type { EventEnvelope } from '../events/event-bus';
import { createServiceTestApp, type ServiceTestApp } from '../testing/service-test-app';
import { DATABASE, DatabaseModule } from './database.module';
import { EventOutbox } from './ports';
import type { ServiceDatabase } from './service-database';

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
          runMigrations: true,
          outbox: { startupDelayMs: 10, sweepIntervalMs: 50 },
        }),
      ],
    };
  }
}

describe('DatabaseModule.forService', () => {
  let t: ServiceTestApp;
  const seen: EventEnvelope[] = [];
  beforeAll(async () => {
    t = await createServiceTestApp((env) => [ProbeModule.register(env.DATABASE_URL)], {
      subscribe: (bus) => bus.subscribe('photos.photo.uploaded.v1', 'probe', async (event) => void seen.push(event as EventEnvelope)),
    });
  });
  afterAll(() => t.close());

  it('gives the service its outbox, whose sweep publishes what a crashed process left behind', async () => {
    const database = t.app.get<ServiceDatabase>(DATABASE, { strict: false });
    const outbox = t.app.get(EventOutbox, { strict: false });
    const payload = { photoId: 'p-left', userId: 'u', title: 'T', category: 'wildlife', fileSize: 1, mimeType: 'image/jpeg', isTemporary: false, uploadedAt: '2026-01-01T00:00:00.000Z' };
    // What a process that died after its commit leaves: the row, never flushed.
    await database.db.execute(
      sql`INSERT INTO probe.outbox (id, topic, key, payload) VALUES ('ev-left-behind', 'photos.photo.uploaded.v1', 'p-left', ${JSON.stringify(payload)}::jsonb)`,
    );
    const deadline = Date.now() + 5000;
    while (seen.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await outbox.idle();
    await t.bus.idle();
    expect(seen.map((e) => [e.id, e.key, e.payload])).toEqual([['ev-left-behind', 'p-left', expect.objectContaining({ photoId: 'p-left' })]]);
  });
});
