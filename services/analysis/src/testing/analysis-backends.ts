import { createEventOutbox, MongoServiceDatabase, openServiceDatabase } from '@wildframe/platform';
import type { AnyServiceDatabase, EventOutbox } from '@wildframe/platform';
import { RecordingBus } from '@wildframe/platform/testing';
import type { TestBackend } from '@wildframe/platform/testing';
import { analysisDatabase } from '../analysis.database';
import { EditingTipsRepository } from '../repositories/editing-tips.repository';
import { MongoEditingTipsRepository } from '../repositories/mongo/editing-tips.repository';
import { MongoPhotoAccessRepository } from '../repositories/mongo/photo-access.repository';
import { MongoRatingsRepository } from '../repositories/mongo/ratings.repository';
import { PhotoAccessRepository } from '../repositories/photo-access.repository';
import { PostgresEditingTipsRepository } from '../repositories/postgres/editing-tips.repository';
import { PostgresPhotoAccessRepository } from '../repositories/postgres/photo-access.repository';
import { PostgresRatingsRepository } from '../repositories/postgres/ratings.repository';
import { RatingsRepository } from '../repositories/ratings.repository';

/** The analysis ports on one backend, with the platform outbox of that backend relaying to a recording bus. */
export interface AnalysisBackend {
  ratings: RatingsRepository;
  access: PhotoAccessRepository;
  tips: EditingTipsRepository;
  outbox: EventOutbox;
  bus: RecordingBus;
  close(): Promise<void>;
}

/** Opens the analysis database on `backend` (migrated or indexed, as at start-up) with its adapters. */
export async function openAnalysisBackend(backend: TestBackend): Promise<AnalysisBackend> {
  const database: AnyServiceDatabase = await openServiceDatabase({
    ...analysisDatabase,
    url: backend.url,
    runMigrations: true,
    poolSize: 8,
  });
  const bus = new RecordingBus();
  const outbox = createEventOutbox(database, bus, { logger: { warn: () => undefined } });
  const adapters =
    database instanceof MongoServiceDatabase
      ? { ratings: new MongoRatingsRepository(database), access: new MongoPhotoAccessRepository(database), tips: new MongoEditingTipsRepository(database) }
      : { ratings: new PostgresRatingsRepository(database), access: new PostgresPhotoAccessRepository(database), tips: new PostgresEditingTipsRepository(database) };
  return {
    ...adapters,
    outbox,
    bus,
    close: async () => {
      await outbox.stop();
      await database.close();
    },
  };
}
