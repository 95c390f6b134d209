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
import mongoose from 'mongoose';
import type { mongo } from 'mongoose';
import { randomBytes } from 'node:crypto';
import { MongoEditingTipsRepository } from '../repositories/mongo/editing-tips.repository';
import { MongoPhotoAccessRepository } from '../repositories/mongo/photo-access.repository';
import { MongoRatingsRepository } from '../repositories/mongo/ratings.repository';
import { analysisCollections, ensureAnalysisIndexes } from '../repositories/mongo/schemas';
import { InterimMongoOutbox } from './interim-mongo-outbox';

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

/** A fresh database on the test MongoDB server (TEST_MONGODB_URL), indexed. */
export async function mongoAnalysisBackend(): Promise<AnalysisBackend> {
  const server = process.env['TEST_MONGODB_URL'];
  if (!server) throw new Error('TEST_MONGODB_URL is not set');
  const url = new URL(server);
  url.pathname = `/test_${randomBytes(6).toString('hex')}`;
  const connection = await mongoose.createConnection(url.toString()).asPromise();
  await ensureAnalysisIndexes(connection);
  const db = analysisCollections(connection);
  const bus = new RecordingBus();
  const outbox = new InterimMongoOutbox([db.ratings as unknown as mongo.Collection<{ _id: string }>], bus);
  return {
    ratings: new MongoRatingsRepository(db),
    access: new MongoPhotoAccessRepository(db),
    tips: new MongoEditingTipsRepository(db),
    outbox,
    bus,
    close: async () => {
      await outbox.stop();
      await connection.dropDatabase();
      await connection.close();
    },
  };
}
