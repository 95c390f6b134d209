import 'reflect-metadata';
import { MongoServiceDatabase, ServiceDatabase } from '@wildframe/platform';
import type { DatabaseDriver } from '@wildframe/platform';
import { describeEachBackend } from '@wildframe/platform/testing';
import { photosDatabase } from '../photos.database';
import { UploadAttemptsBackend, uploadAttemptsContract } from '../testing/upload-attempts.contract';
import { MongoUploadAttemptsRepository } from './mongo/mongo-upload-attempts.repository';
import { uploadAttemptsMongoModels } from './mongo/upload-attempts.schemas';
import { PostgresUploadAttemptsRepository } from './postgres/postgres-upload-attempts.repository';

async function openPostgres(url: string): Promise<UploadAttemptsBackend> {
  const service = ServiceDatabase.connect({ schema: 'photos', url, migrationsFolder: photosDatabase.migrationsFolder });
  await service.migrate();
  return {
    repository: new PostgresUploadAttemptsRepository(service),
    async storedEventIds() {
      return (await service.pool.query<{ id: string }>('SELECT id::text FROM photos.outbox')).rows.map((row) => row.id);
    },
    close: () => service.close(),
  };
}

async function openMongo(url: string): Promise<UploadAttemptsBackend> {
  const service = MongoServiceDatabase.connect({ service: 'photos', url, models: uploadAttemptsMongoModels });
  await service.ensureIndexes();
  return {
    repository: new MongoUploadAttemptsRepository(service),
    async storedEventIds() {
      const docs = await (await service.collection('uploads_in_progress')).find({ '_outbox.0': { $exists: true } }).toArray();
      return docs.flatMap((doc) => ((doc['_outbox'] as Array<{ id: string }> | undefined) ?? []).map((event) => event.id));
    },
    close: () => service.close(),
  };
}

const open = (driver: DatabaseDriver, url: string) => (driver === 'mongo' ? openMongo(url) : openPostgres(url));

describeEachBackend('upload attempts', (backend) => {
  uploadAttemptsContract(backend.label, () => open(backend.driver, backend.url));
});
