import { PostgresEventOutbox, ServiceDatabase } from '@wildframe/platform';
import type { EventOutbox } from '@wildframe/platform';
import { createTestDatabase } from '@wildframe/platform/testing';
import { analysisMigrationsFolder } from '../analysis.module';
import { EditingTipsRepository } from '../repositories/editing-tips.repository';
import { PhotoAccessRepository } from '../repositories/photo-access.repository';
import { PostgresEditingTipsRepository } from '../repositories/postgres/editing-tips.repository';
import { PostgresPhotoAccessRepository } from '../repositories/postgres/photo-access.repository';
import { PostgresRatingsRepository } from '../repositories/postgres/ratings.repository';
import { RatingsRepository } from '../repositories/ratings.repository';
import { RecordingBus } from './recording-bus';

/** The analysis ports on one backend, with its outbox relaying to a recording bus. */
export interface AnalysisBackend {
  ratings: RatingsRepository;
  access: PhotoAccessRepository;
  tips: EditingTipsRepository;
  outbox: EventOutbox;
  bus: RecordingBus;
  close(): Promise<void>;
}

const silent = { warn: () => undefined };

/** A fresh database on the test PostgreSQL, migrated. */
export async function postgresAnalysisBackend(): Promise<AnalysisBackend> {
  const testDb = await createTestDatabase();
  const database = ServiceDatabase.connect({ schema: 'analysis', url: testDb.url, migrationsFolder: analysisMigrationsFolder, poolSize: 8 });
  await database.migrate();
  const bus = new RecordingBus();
  const outbox = new PostgresEventOutbox(database, bus, { logger: silent });
  return {
    ratings: new PostgresRatingsRepository(database),
    access: new PostgresPhotoAccessRepository(database),
    tips: new PostgresEditingTipsRepository(database),
    outbox,
    bus,
    close: async () => {
      await outbox.stop();
      await database.close();
      await testDb.drop();
    },
  };
}
