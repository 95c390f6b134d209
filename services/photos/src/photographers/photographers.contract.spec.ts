import 'reflect-metadata';
import { MongoServiceDatabase, ServiceDatabase } from '@wildframe/platform';
import type { DatabaseDriver } from '@wildframe/platform';
import { describeEachBackend } from '@wildframe/platform/testing';
import { randomUUID } from 'node:crypto';
import { photosDatabase } from '../photos.database';
import { photographersMongoModels, PHOTOS_COLLECTION } from './mongo/photographers.schemas';
import { MongoPhotographersRepository } from './mongo/mongo-photographers.repository';
import type { PhotographersRepository } from './photographers.repository';
import { PostgresPhotographersRepository } from './postgres/postgres-photographers.repository';

interface Backend {
  repository: PhotographersRepository;
  /** Stores a photo of the member with these counts. */
  seedPhoto(userId: string, photo: { isPublic: boolean; likes: number; views: number; uploadedAt: Date }): Promise<string>;
  close(): Promise<void>;
}

async function open(driver: DatabaseDriver, url: string): Promise<Backend> {
  if (driver === 'mongo') {
    const service = MongoServiceDatabase.connect({ service: 'photos', url, models: photographersMongoModels });
    await service.ensureIndexes();
    return {
      repository: new MongoPhotographersRepository(service),
      async seedPhoto(userId, photo) {
        const id = randomUUID();
        await (await service.collection<{ _id: string; [field: string]: unknown }>(PHOTOS_COLLECTION)).insertOne({ _id: id, slug: `p-${id}`, title: 'P', userId, ...photo });
        return id;
      },
      close: () => service.close(),
    };
  }
  const service = ServiceDatabase.connect({ schema: 'photos', url, migrationsFolder: photosDatabase.migrationsFolder });
  await service.migrate();
  return {
    repository: new PostgresPhotographersRepository(service),
    async seedPhoto(userId, photo) {
      const id = randomUUID();
      await service.pool.query(
        `INSERT INTO photos.photos (id, slug, original_name, title, description, category, mime_type, file_size, storage_key, user_id, is_public, likes, views, uploaded_at)
         VALUES ($1, $2, 'p.jpg', 'P', 'D', 'wildlife', 'image/jpeg', 1, 'k', $3, $4, $5, $6, $7)`,
        [id, `p-${id}`, userId, photo.isPublic, photo.likes, photo.views, photo.uploadedAt],
      );
      return id;
    },
    close: () => service.close(),
  };
}

describeEachBackend('photographer read model', (backend) => {
  let b: Backend;
  beforeAll(async () => {
    b = await open(backend.driver, backend.url);
  });
  afterAll(() => b.close());
  const at = (seconds: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, seconds));

  it('has a public page only after the member turns publicProfile on, and keeps the newest of each fact whatever the arrival order', async () => {
    const userId = randomUUID();
    await b.repository.applyProfile(userId, { firstName: 'Ada', lastName: 'Lovelace', at: at(1) });
    expect(await b.repository.findPublic(userId)).toBeNull();
    await b.repository.applyPreference(userId, true, { firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: '/a.webp', at: at(5) });
    await b.repository.applyProfile(userId, { firstName: 'Ada', lastName: 'King', profileImageUrl: '', at: at(9) });
    // Late and repeated events: an older preference and an older name arrive after the newer ones.
    await b.repository.applyPreference(userId, false, { firstName: 'Old', lastName: 'Name', profileImageUrl: '/old.webp', at: at(3) });
    await b.repository.applyProfile(userId, { firstName: 'Older', lastName: 'Still', at: at(2) });
    expect(await b.repository.findPublic(userId)).toEqual({ userId, firstName: 'Ada', lastName: 'King', profileImageUrl: '', publicProfile: true });
    expect(await b.repository.publicAmong([userId, randomUUID()])).toEqual(new Set([userId]));
    await b.repository.applyPreference(userId, false, { firstName: 'Ada', lastName: 'King', profileImageUrl: '', at: at(12) });
    expect(await b.repository.findPublic(userId)).toBeNull();
    expect(await b.repository.publicAmong([userId])).toEqual(new Set());
  });

  it('counts and lists only the public photos, newest first, a page at a time', async () => {
    const userId = randomUUID();
    await b.repository.applyPreference(userId, true, { firstName: 'Dora', lastName: 'Maar', at: at(1) });
    const older = await b.seedPhoto(userId, { isPublic: true, likes: 2, views: 10, uploadedAt: at(10) });
    const newer = await b.seedPhoto(userId, { isPublic: true, likes: 3, views: 5, uploadedAt: at(20) });
    await b.seedPhoto(userId, { isPublic: false, likes: 50, views: 50, uploadedAt: at(30) });
    await b.seedPhoto(randomUUID(), { isPublic: true, likes: 7, views: 7, uploadedAt: at(40) });
    expect(await b.repository.totals(userId)).toEqual({ photos: 2, likes: 5, views: 15 });
    const first = await b.repository.publicPhotos(userId, 1, 1);
    expect(first.map((row) => [row.photo.id, row.firstName])).toEqual([[newer, 'Dora']]);
    expect((await b.repository.publicPhotos(userId, 2, 1)).map((row) => row.photo.id)).toEqual([older]);
  });

  it('forgets a deleted member', async () => {
    const userId = randomUUID();
    await b.repository.applyPreference(userId, true, { firstName: 'Gone', lastName: 'Soon', at: at(1) });
    await b.repository.remove(userId);
    expect(await b.repository.findPublic(userId)).toBeNull();
  });
});
