import 'reflect-metadata';
import { MongoServiceDatabase, ServiceDatabase } from '@wildframe/platform';
import type { DatabaseDriver } from '@wildframe/platform';
import { describeEachBackend } from '@wildframe/platform/testing';
import { randomUUID } from 'node:crypto';
import type { NewPhoto } from '../domain/photo';
import { photosDatabase } from '../photos.database';
import { newPhotoRecord } from '../testing/new-photo';
import { MongoPhotosRepository } from '../repositories/mongo/mongo-photos.repository';
import { photosMongoModels } from '../repositories/mongo/schemas';
import type { PhotosRepository } from '../repositories/photos.repository';
import { PostgresPhotosRepository } from '../repositories/postgres/postgres-photos.repository';
import { cellOf, drawPublicPoint } from './geoprivacy';
import type { GeoPoint } from './geoprivacy';
import type { MapCellsRepository } from './map-cells.repository';
import { MongoMapCellsRepository } from './mongo/mongo-map-cells.repository';
import { PostgresMapCellsRepository } from './postgres/postgres-map-cells.repository';

interface Backend {
  photos: PhotosRepository;
  cells: MapCellsRepository;
  close(): Promise<void>;
}

async function open(driver: DatabaseDriver, url: string): Promise<Backend> {
  if (driver === 'mongo') {
    const database = MongoServiceDatabase.connect({ service: 'photos', url, models: photosMongoModels });
    await database.ensureIndexes();
    return { photos: new MongoPhotosRepository(database), cells: new MongoMapCellsRepository(database), close: () => database.close() };
  }
  const database = ServiceDatabase.connect({ schema: 'photos', url, migrationsFolder: photosDatabase.migrationsFolder });
  await database.migrate();
  return { photos: new PostgresPhotosRepository(database), cells: new PostgresMapCellsRepository(database), close: () => database.close() };
}

const T0 = Date.UTC(2026, 4, 1);

function photo(userId: string, at: number, overrides: Partial<NewPhoto>): NewPhoto {
  return newPhotoRecord({ userId, uploadedAt: new Date(T0 + at * 1000), ...overrides });
}

/** An open place at `exact`, shown at a point drawn in its cell. */
const openPlace = (exact: GeoPoint) => ({ place: { ...exact, privacy: 'open' as const, source: 'exif' as const }, publicPlace: drawPublicPoint(exact) });

describeEachBackend('map cells', (backend) => {
  let b: Backend;
  beforeAll(async () => {
    b = await open(backend.driver, backend.url);
  });
  afterAll(() => b.close());

  it('counts the public, open, non-sensitive places per 0.2° cell, with the most liked (then newest) as cover', async () => {
    const userId = randomUUID();
    const fox = { lat: 51.4789, lon: -0.0015 };
    const nearFox = { lat: 51.5123, lon: -0.1801 };
    const heron = { lat: -33.8568, lon: 151.2153 };
    const store = (p: NewPhoto) => b.photos.createWithinQuota(p, { subject: `user:${userId}`, day: '2026-05-01', dailyLimit: 100, userId, storageLimitBytes: 1e9 }, () => []);
    const older = await store(photo(userId, 1, openPlace(fox)));
    const newer = await store(photo(userId, 2, openPlace(nearFox)));
    const onlyOne = await store(photo(userId, 3, openPlace(heron)));
    // Left out: private, not public, a CITES Appendix I species, no place.
    await store(photo(userId, 4, { place: { ...fox, privacy: 'private', source: 'exif' }, publicPlace: drawPublicPoint(fox) }));
    await store(photo(userId, 5, { ...openPlace(fox), isPublic: false }));
    await store(photo(userId, 6, { ...openPlace(heron), species: { commonName: 'Snow leopard', scientificName: 'Panthera uncia', sensitive: true, group: 'mammal' }, publicPlace: null }));
    await store(photo(userId, 7, {}));

    const mine = await b.cells.cells(userId);
    expect(mine).toEqual([
      { ...cellOf(heron), count: 1, cover: { id: onlyOne.id, slug: onlyOne.slug, title: onlyOne.title } },
      { ...cellOf(fox), count: 2, cover: { id: newer.id, slug: newer.slug, title: newer.title } },
    ]);
    // A like makes the older photo the cover.
    await b.photos.toggleLike(older.id, { userId: randomUUID(), ip: '' }, () => []);
    expect((await b.cells.cells(userId)).find((c) => c.row === cellOf(fox).row)?.cover.id).toBe(older.id);
    // Everyone's cells hold these too.
    const all = await b.cells.cells();
    expect(all.find((c) => c.row === cellOf(fox).row && c.col === cellOf(fox).col)?.count).toBeGreaterThanOrEqual(2);
    expect(await b.cells.cells(randomUUID())).toEqual([]);
  });
});
