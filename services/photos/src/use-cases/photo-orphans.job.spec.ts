import 'reflect-metadata';
import { IdentityRegistry, loadConfig, metricsRegistry } from '@wildframe/platform';
import type { Identity } from '@wildframe/platform';
import { createServiceTestApp, ServiceTestApp } from '@wildframe/platform/testing';
import { readdirSync, readFileSync, utimesSync } from 'node:fs';
import { join, relative } from 'node:path';
import request from 'supertest';
import { photosConfigSchema } from '../photos.config';
import { PhotosModule } from '../photos.module';
import { PhotoOrphansJob } from './photo-orphans.job';

const TIGER = readFileSync(join(__dirname, '..', '..', 'test-fixtures', 'wildlife_mammal_tiger_in_snow_puzzlejigsaw.jpg'));

jest.setTimeout(60_000);

/**
 * The photos service's orphan sweep with its real reader (PostgreSQL) and files on disk: after a
 * real upload, files no photo row points to and older than ORPHAN_MIN_AGE_MS go; the photo's
 * files, young files, site assets and keys of unknown layout stay.
 */
describe('photo orphans job', () => {
  let t: ServiceTestApp;
  const ada: Identity = { userId: '00000000-0000-4000-8000-00000000a0a0', email: 'ada@example.com', firstName: 'Ada', lastName: 'L', plan: 'explorer', isAdmin: false };

  beforeAll(async () => {
    t = await createServiceTestApp(({ DATABASE_URL, STORAGE_DIR }) => [
      PhotosModule.register(loadConfig('photos', photosConfigSchema, { DATABASE_URL, STORAGE_DIR, ORPHAN_MIN_AGE_MS: '3600000' })),
    ]);
    t.app.get(IdentityRegistry).register({ resolve: async (token) => (token === 'ada' ? ada : null) });
  });
  afterAll(() => t.close());

  const objectsRoot = () => join(t.storageDir, 'objects');
  const storedKeys = (): string[] => {
    const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [relative(objectsRoot(), join(dir, e.name))]));
    return walk(objectsRoot()).sort();
  };
  /** Back-dates a stored object, as if written `hours` ago. */
  const age = (key: string, hours: number) => {
    const when = new Date(Date.now() - hours * 3_600_000);
    utimesSync(join(objectsRoot(), ...key.split('/')), when, when);
  };

  it('removes only the old files no photo row points to', async () => {
    const uploaded = await request(t.server).post('/api/photos/upload').set('Authorization', 'Bearer ada').field('title', 'Tiger').field('description', 'In snow.').attach('photo', TIGER, 'tiger.jpg');
    expect(uploaded.status).toBe(201);
    const photoId = uploaded.body.photo.id as string;
    const photoKeys = storedKeys().filter((key) => key.includes(photoId));
    expect(photoKeys).toHaveLength(4); // the original and three derivatives

    const lost = '7a1c1d6e-5a0e-4d5b-9a43-3c4b2f1e0d9c'; // an upload whose row never committed
    const uploading = '0b6f8f3a-1d2e-4c5b-8a79-6e5d4c3b2a19'; // an upload in progress
    const put = (key: string) => t.storage.put(key, Buffer.from(key));
    await put(`photos/originals/${lost}.jpg`);
    await put(`photos/derivatives/${lost}/thumb.webp`);
    await put(`photos/originals/${uploading}.jpg`);
    await put('photos/originals/imported-by-hand.jpg');
    await put('photos/assets/old-hero.webp');
    for (const key of [...photoKeys, `photos/originals/${lost}.jpg`, `photos/derivatives/${lost}/thumb.webp`, 'photos/originals/imported-by-hand.jpg', 'photos/assets/old-hero.webp']) age(key, 2);
    const removedBefore = (await metricsRegistry.getSingleMetric('storage_orphans_removed_total')?.get())?.values.find((v) => v.labels['service'] === 'photos')?.value ?? 0;

    const result = await t.app.get(PhotoOrphansJob).run();

    expect(result).toMatchObject({ removed: 2, young: 1 });
    expect(storedKeys()).toEqual(
      [...photoKeys, `photos/originals/${uploading}.jpg`, 'photos/originals/imported-by-hand.jpg', 'photos/assets/old-hero.webp'].sort(),
    );
    const removedAfter = (await metricsRegistry.getSingleMetric('storage_orphans_removed_total')?.get())?.values.find((v) => v.labels['service'] === 'photos')?.value ?? 0;
    expect(removedAfter - removedBefore).toBe(2);
    // The photo still serves its image.
    expect((await request(t.server).get(`/api/photos/${photoId}/image?size=thumb`).set('Authorization', 'Bearer ada')).status).toBe(200);
  });
});
