import 'reflect-metadata';
import { MongoServiceDatabase, ServiceDatabase } from '@wildframe/platform';
import type { DatabaseDriver } from '@wildframe/platform';
import { describeEachBackend } from '@wildframe/platform/testing';
import { randomUUID } from 'node:crypto';
import { photosDatabase } from '../photos.database';
import { MemberRatingsBackend, memberRatingsContract } from '../testing/member-ratings.contract';
import { memberRatingsMongoModels, MEMBER_RATINGS_COLLECTION } from './mongo/member-ratings.schemas';
import { MongoMemberRatingsRepository } from './mongo/mongo-member-ratings.repository';
import { PostgresMemberRatingsRepository } from './postgres/postgres-member-ratings.repository';

async function openPostgres(url: string): Promise<MemberRatingsBackend> {
  const service = ServiceDatabase.connect({ schema: 'photos', url, migrationsFolder: photosDatabase.migrationsFolder });
  await service.migrate();
  return {
    repository: new PostgresMemberRatingsRepository(service),
    async seedPhoto() {
      const id = randomUUID();
      await service.pool.query(
        `INSERT INTO photos.photos (id, slug, original_name, title, description, category, mime_type, file_size, storage_key, is_public)
         VALUES ($1, $2, 'p.jpg', 'P', 'D', 'wildlife', 'image/jpeg', 1, 'k', true)`,
        [id, `p-${id}`],
      );
      return id;
    },
    async storedEventIds() {
      return (await service.pool.query<{ id: string }>('SELECT id::text FROM photos.outbox')).rows.map((row) => row.id);
    },
    close: () => service.close(),
  };
}

async function openMongo(url: string): Promise<MemberRatingsBackend> {
  const service = MongoServiceDatabase.connect({ service: 'photos', url, models: memberRatingsMongoModels });
  await service.ensureIndexes();
  return {
    repository: new MongoMemberRatingsRepository(service),
    // No foreign key on MongoDB: a photo id is enough.
    seedPhoto: async () => randomUUID(),
    async storedEventIds() {
      const docs = await (await service.collection(MEMBER_RATINGS_COLLECTION)).find({ '_outbox.0': { $exists: true } }).toArray();
      return docs.flatMap((doc) => ((doc['_outbox'] as Array<{ id: string }> | undefined) ?? []).map((event) => event.id));
    },
    close: () => service.close(),
  };
}

const open = (driver: DatabaseDriver, url: string) => (driver === 'mongo' ? openMongo(url) : openPostgres(url));

describeEachBackend('member critiques', (backend) => {
  memberRatingsContract(backend.label, () => open(backend.driver, backend.url));
});
