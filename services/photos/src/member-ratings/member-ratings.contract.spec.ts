import 'reflect-metadata';
import { ServiceDatabase } from '@wildframe/platform';
import { createTestDatabase } from '@wildframe/platform/testing';
import { randomUUID } from 'node:crypto';
import { photosMigrationsFolder } from '../photos.module';
import { memberRatingsContract } from '../testing/member-ratings.contract';
import { PostgresMemberRatingsRepository } from './postgres/postgres-member-ratings.repository';

memberRatingsContract('PostgreSQL', async () => {
  const database = await createTestDatabase();
  const service = ServiceDatabase.connect({ schema: 'photos', url: database.url, migrationsFolder: photosMigrationsFolder });
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
    async close() {
      await service.close();
      await database.drop();
    },
  };
});
