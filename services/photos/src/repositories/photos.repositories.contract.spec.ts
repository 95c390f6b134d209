import 'reflect-metadata';
import type { EventPayloads, Topic } from '@wildframe/contracts';
import { MongoEventOutbox, MongoServiceDatabase, pendingEvent, PostgresEventOutbox, ServiceDatabase } from '@wildframe/platform';
import type { EventBus, EventOutbox, PublishOptions } from '@wildframe/platform';
import { describeEachBackend } from '@wildframe/platform/testing';
import type { TestBackend } from '@wildframe/platform/testing';
import { randomUUID } from 'node:crypto';
import type { NewPhoto, Photo, StoredRating, Viewer } from '../domain/photo';
import { PhotosError } from '../domain/photos.errors';
import { cellOf, drawPublicPoint } from '../nature/geoprivacy';
import { photosDatabase } from '../photos.database';
import { newPhotoRecord } from '../testing/new-photo';
import { MongoPhotosRepository } from './mongo/mongo-photos.repository';
import { MongoSiteAssetsRepository } from './mongo/mongo-site-assets.repository';
import { MongoUploadersRepository } from './mongo/mongo-uploaders.repository';
import { photosMongoModels } from './mongo/schemas';
import { PhotosRepository, Quota } from './photos.repository';
import { PostgresPhotosRepository } from './postgres/postgres-photos.repository';
import { PostgresSiteAssetsRepository } from './postgres/postgres-site-assets.repository';
import { PostgresUploadersRepository } from './postgres/postgres-uploaders.repository';
import { SiteAssetsRepository } from './site-assets.repository';
import { UploadersRepository } from './uploaders.repository';

/** A bus that records what the outbox relay publishes. */
class RecordingBus implements EventBus {
  readonly published: Array<{ topic: Topic; payload: unknown; id: string }> = [];

  async publish<T extends Topic>(topic: T, payload: EventPayloads[T], options: PublishOptions): Promise<string> {
    this.published.push({ topic, payload, id: options.id ?? '' });
    return options.id ?? '';
  }
  subscribe(): void {
    throw new Error('not used by the outbox');
  }
  start(): Promise<void> {
    return Promise.resolve();
  }
  stop(): Promise<void> {
    return Promise.resolve();
  }

  of<T extends Topic>(topic: T): Array<EventPayloads[T]> {
    return this.published.filter((e) => e.topic === topic).map((e) => e.payload as EventPayloads[T]);
  }
}

/** One backend under test: the photos ports, the service's outbox relay and what it published. */
interface PhotosBackend {
  photos: PhotosRepository;
  uploaders: UploadersRepository;
  assets: SiteAssetsRepository;
  outbox: EventOutbox;
  bus: RecordingBus;
  close(): Promise<void>;
}

const silent = { logger: { warn: () => undefined } };

/** The adapters of a backend on its fresh database, as the service module makes them. */
async function openBackend(backend: TestBackend): Promise<PhotosBackend> {
  const bus = new RecordingBus();
  if (backend.driver === 'postgres') {
    const database = ServiceDatabase.connect({ schema: 'photos', url: backend.url, migrationsFolder: photosDatabase.migrationsFolder, poolSize: 12 });
    await database.migrate();
    const outbox = new PostgresEventOutbox(database, bus, silent);
    return {
      photos: new PostgresPhotosRepository(database),
      uploaders: new PostgresUploadersRepository(database),
      assets: new PostgresSiteAssetsRepository(database),
      outbox,
      bus,
      close: async () => {
        await outbox.stop();
        await database.close();
      },
    };
  }
  const database = MongoServiceDatabase.connect({ service: 'photos', url: backend.url, models: photosMongoModels, poolSize: 12 });
  await database.ensureIndexes();
  const outbox = new MongoEventOutbox(database, bus, silent);
  return {
    photos: new MongoPhotosRepository(database),
    uploaders: new MongoUploadersRepository(database),
    assets: new MongoSiteAssetsRepository(database),
    outbox,
    bus,
    close: async () => {
      await outbox.stop();
      await database.close();
    },
  };
}

const MB = 1024 * 1024;
const NOW = new Date('2026-05-04T10:00:00.000Z');
const DAY = '2026-05-04';

let counter = 0;
function newPhoto(overrides: Partial<NewPhoto> = {}): NewPhoto {
  counter++;
  const id = randomUUID();
  return newPhotoRecord({ id, slug: `photo-${counter}-${id.slice(0, 6)}`, title: `Photo ${counter}`, uploadedAt: new Date(NOW.getTime() - counter * 60_000), ...overrides });
}

const roomy = (subject: string, userId: string | null = null): Quota => ({ subject, day: DAY, dailyLimit: 1000, userId, storageLimitBytes: 10_000 * MB });

const uploaded = (photo: Photo) => [
  pendingEvent(
    'photos.photo.uploaded.v1',
    { photoId: photo.id, userId: photo.userId ?? '', title: photo.title, category: photo.category, fileSize: photo.fileSize, mimeType: photo.mimeType, isTemporary: photo.isTemporary, uploadedAt: photo.uploadedAt.toISOString(), moderation: photo.moderation ?? '', labels: [...photo.labels], speciesCommonName: photo.species?.commonName ?? '', speciesScientificName: photo.species?.scientificName ?? '' },
    { key: photo.id, subject: photo.id },
  ),
];

const deleted = (reason: string) => (photo: Photo) => [
  pendingEvent('photos.photo.deleted.v1', { photoId: photo.id, userId: photo.userId ?? '', reason, deletedAt: NOW.toISOString() }, { key: photo.id }),
];

const liked = (photoId: string) => (result: { liked: boolean; totalLikes: number }) => [
  pendingEvent('photos.photo.liked.v1', { photoId, userId: '', ipHash: 'h', liked: result.liked, totalLikes: result.totalLikes, at: NOW.toISOString() }, { key: photoId }),
];

const viewed = (photoId: string) => (views: number) => [pendingEvent('photos.photo.viewed.v1', { photoId, userId: '', views, at: NOW.toISOString() }, { key: photoId })];

const rating = (overall: string): StoredRating => ({
  overallRating: overall,
  composition: overall,
  lighting: overall,
  clarity: overall,
  creativity: overall,
  feedback: 'Measured.',
  subject: 'owl',
  location: null,
  aiModel: 'test',
  category: 'wildlife',
  createdAt: NOW.toISOString(),
});

function errorCode(result: PromiseSettledResult<unknown>): string {
  if (result.status === 'fulfilled') return 'stored';
  return result.reason instanceof PhotosError ? result.reason.code : String(result.reason);
}

/** The contract every photos adapter keeps, on each backend's fresh database. */
describeEachBackend('photos repositories', (backend) => {
  let b: PhotosBackend;
  const create = (photo: NewPhoto, quota?: Quota) => b.photos.createWithinQuota(photo, quota ?? roomy(`user:${photo.userId ?? 'x'}`, photo.userId), uploaded);

  beforeAll(async () => {
    b = await openBackend(backend);
  });
  afterAll(async () => {
    await b?.close();
  });

  describe('quota-checked create', () => {
    it('lets parallel uploads at the daily limit store exactly the limit, with one event per stored photo and none for the refused', async () => {
      const userId = randomUUID();
      const quota: Quota = { subject: `user:${userId}`, day: DAY, dailyLimit: 3, userId, storageLimitBytes: 10_000 * MB };
      const attempts = Array.from({ length: 8 }, () => newPhoto({ userId }));
      const results = await Promise.allSettled(attempts.map((photo) => create(photo, quota)));
      expect(results.map(errorCode).sort()).toEqual(['UPLOAD_LIMIT', 'UPLOAD_LIMIT', 'UPLOAD_LIMIT', 'UPLOAD_LIMIT', 'UPLOAD_LIMIT', 'stored', 'stored', 'stored']);
      expect(await b.photos.uploadsOn(quota.subject, DAY)).toBe(3);
      expect(await b.photos.uploadsOn(quota.subject, '2026-05-05')).toBe(0);
      expect(await b.photos.byUser(userId)).toHaveLength(3);
      await b.outbox.flush();
      const stored = results.flatMap((r, i) => (r.status === 'fulfilled' ? [attempts[i]?.id] : []));
      expect(b.bus.of('photos.photo.uploaded.v1').filter((e) => e.userId === userId).map((e) => e.photoId).sort()).toEqual([...stored].sort());
    });

    it('lets parallel uploads at the storage limit never exceed it, and a deletion frees its bytes', async () => {
      const userId = randomUUID();
      const quota: Quota = { subject: `user:${userId}`, day: DAY, dailyLimit: 100, userId, storageLimitBytes: 3 * MB };
      const results = await Promise.allSettled(Array.from({ length: 6 }, () => create(newPhoto({ userId, fileSize: MB }), quota)));
      expect(results.map(errorCode).sort()).toEqual(['STORAGE_LIMIT', 'STORAGE_LIMIT', 'STORAGE_LIMIT', 'stored', 'stored', 'stored']);
      expect(await b.photos.storageUsed(userId)).toBe(3 * MB);
      // The refused uploads are not counted against the day either.
      expect(await b.photos.uploadsOn(quota.subject, DAY)).toBe(3);

      const [first] = await b.photos.byUser(userId);
      expect(await b.photos.delete((first as Photo).id, deleted('test'))).toMatchObject({ id: first?.id });
      expect(await b.photos.storageUsed(userId)).toBe(2 * MB);
      await expect(create(newPhoto({ userId, fileSize: MB }), quota)).resolves.toMatchObject({ userId });
      await expect(create(newPhoto({ userId, fileSize: MB }), quota)).rejects.toMatchObject({ code: 'STORAGE_LIMIT' });
    });

    it('keeps slugs unique: a taken slug is refused, counts nothing and announces nothing', async () => {
      const userId = randomUUID();
      const quota = roomy(`user:${userId}`, userId);
      const first = await create(newPhoto({ userId, slug: `snowy-owl-${userId}` }), quota);
      const clash = newPhoto({ userId, slug: first.slug });
      await expect(create(clash, quota)).rejects.toMatchObject({ code: 'SLUG_TAKEN' });
      expect(await b.photos.uploadsOn(quota.subject, DAY)).toBe(1);
      expect(await b.photos.storageUsed(userId)).toBe(first.fileSize);
      expect(await b.photos.findById(clash.id)).toBeUndefined();
      await b.outbox.flush();
      expect(b.bus.of('photos.photo.uploaded.v1').filter((e) => e.photoId === clash.id)).toEqual([]);
      expect((await b.photos.findBySlug(first.slug))?.photo.id).toBe(first.id);
    });

    it('stores what it was given and answers it back', async () => {
      const photo = newPhoto({ camera: { make: 'Canon', iso: 400 }, credit: { author: 'A', licence: 'CC BY', source: 'x' }, rating: rating('7.4'), overallRating: '7.4' });
      const stored = await create(photo);
      expect(stored).toEqual({ ...photo, views: 0, likes: 0, isFeatured: false });
      expect(await b.photos.findById(photo.id)).toEqual(stored);
    });
  });

  describe('gallery queries', () => {
    const tag = randomUUID().slice(0, 8);
    const owner = randomUUID();
    const other = randomUUID();
    let all: Photo[];

    beforeAll(async () => {
      await b.uploaders.ensure({ userId: owner, firstName: 'Ada', lastName: 'Lovelace' });
      const specs: Array<Partial<NewPhoto>> = [
        { title: `Heron ${tag} at dawn`, category: 'wildlife', userId: owner },
        { title: `Canyon ${tag}`, description: `Red rock, 50% shade ${tag}`, category: 'landscape', userId: owner },
        { title: `HERON ${tag} in flight`, category: 'wildlife', userId: other },
        { title: `Private heron ${tag}`, category: 'wildlife', userId: owner, isPublic: false },
        { title: `Fox ${tag}`, description: `five0 shade ${tag}`, category: 'wildlife', userId: null, isTemporary: true, expiresAt: new Date(NOW.getTime() + 15 * 60_000) },
      ];
      all = [];
      for (const spec of specs) all.push(await create(newPhoto(spec)));
      // Likes and views to sort by: heron 2 likes, fox 1; canyon 3 views.
      const [heron, canyon, , , fox] = all as [Photo, Photo, Photo, Photo, Photo];
      for (const ip of ['10.0.0.1', '10.0.0.2']) await b.photos.toggleLike(heron.id, { userId: null, ip }, liked(heron.id));
      await b.photos.toggleLike(fox.id, { userId: null, ip: '10.0.0.1' }, liked(fox.id));
      for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) await b.photos.recordView(canyon.id, { userId: null, ip }, NOW, new Date(0), viewed(canyon.id));
    });

    const titles = async (query: Parameters<PhotosRepository['listPublic']>[0]) => (await b.photos.listPublic(query)).map((r) => r.photo.title);

    it('searches titles and descriptions as a case-insensitive substring, wildcards taken literally', async () => {
      expect((await titles({ search: `heron ${tag}`, sort: 'newest', page: 1, pageSize: 10 })).sort()).toEqual([`HERON ${tag} in flight`, `Heron ${tag} at dawn`].sort());
      expect(await titles({ search: `50% SHADE ${tag}`, sort: 'newest', page: 1, pageSize: 10 })).toEqual([`Canyon ${tag}`]);
      expect(await titles({ search: `5_% shade ${tag}`, sort: 'newest', page: 1, pageSize: 10 })).toEqual([]);
      expect(await titles({ search: `.* ${tag}`, sort: 'newest', page: 1, pageSize: 10 })).toEqual([]);
      expect(await b.photos.countPublic({ search: tag })).toBe(4);
      expect(await b.photos.countPublic({ search: tag, category: 'wildlife' })).toBe(3);
    });

    it('filters by category, sorts with ties broken by newest upload, and pages', async () => {
      const query = { search: tag, page: 1, pageSize: 10 };
      expect(await titles({ ...query, sort: 'newest' })).toEqual([`Heron ${tag} at dawn`, `Canyon ${tag}`, `HERON ${tag} in flight`, `Fox ${tag}`]);
      expect(await titles({ ...query, sort: 'oldest' })).toEqual([`Fox ${tag}`, `HERON ${tag} in flight`, `Canyon ${tag}`, `Heron ${tag} at dawn`]);
      expect(await titles({ ...query, sort: 'most-liked' })).toEqual([`Heron ${tag} at dawn`, `Fox ${tag}`, `Canyon ${tag}`, `HERON ${tag} in flight`]);
      expect(await titles({ ...query, sort: 'most-viewed' })).toEqual([`Canyon ${tag}`, `Heron ${tag} at dawn`, `HERON ${tag} in flight`, `Fox ${tag}`]);
      expect(await titles({ ...query, category: 'landscape', sort: 'newest' })).toEqual([`Canyon ${tag}`]);
      expect(await titles({ ...query, sort: 'newest', page: 2, pageSize: 3 })).toEqual([`Fox ${tag}`]);
      expect(await titles({ ...query, sort: 'newest', page: 3, pageSize: 3 })).toEqual([]);
    });

    it('sorts by rating, highest first (a perfect 10.0 included), unrated last, ties by newest, across pages', async () => {
      const rated = randomUUID().slice(0, 8);
      // Created oldest first: each later one is newer.
      const specs: Array<[string, string | null, Partial<NewPhoto>?]> = [
        ['Good old', '9.5'],
        ['Unrated', null],
        ['Fair', '7.0'],
        ['Perfect old', '10.0'],
        ['Low', '2.0', { category: 'landscape' }],
        ['Private best', '9.9', { isPublic: false }],
        ['Good new', '9.5'],
        ['Perfect new', '10.0', { category: 'landscape' }],
      ];
      for (const [name, score, extra] of specs) {
        await create(newPhoto({ title: `${name} ${rated}`, uploadedAt: new Date(NOW.getTime() + 3_600_000 + specs.findIndex(([n]) => n === name) * 60_000), rating: score ? rating(score) : null, overallRating: score, ...extra }));
      }
      const order = ['Perfect new', 'Perfect old', 'Good new', 'Good old', 'Fair', 'Low', 'Unrated'].map((name) => `${name} ${rated}`);
      expect(await titles({ search: rated, sort: 'top-rated', page: 1, pageSize: 10 })).toEqual(order);
      // Pages that start among the perfect scores, straddle them and the rest, or lie past them.
      const paged: string[] = [];
      for (let page = 1; page <= 3; page++) paged.push(...(await titles({ search: rated, sort: 'top-rated', page, pageSize: 3 })));
      expect(paged).toEqual(order);
      expect(await titles({ search: rated, sort: 'top-rated', page: 1, pageSize: 1 })).toEqual([order[0]]);
      expect(await titles({ search: rated, sort: 'top-rated', page: 2, pageSize: 1 })).toEqual([order[1]]);
      expect(await titles({ search: rated, sort: 'top-rated', page: 4, pageSize: 2 })).toEqual([order[6]]);
      expect(await titles({ search: rated, sort: 'top-rated', page: 5, pageSize: 2 })).toEqual([]);
      expect(await titles({ search: rated, category: 'landscape', sort: 'top-rated', page: 1, pageSize: 10 })).toEqual([`Perfect new ${rated}`, `Low ${rated}`]);
      expect(await titles({ search: rated, category: 'wildlife', sort: 'top-rated', page: 1, pageSize: 2 })).toEqual([`Perfect old ${rated}`, `Good new ${rated}`]);
    });

    it('joins uploader names, and lists a user’s photos and everything for the admin, newest first', async () => {
      const page = await b.photos.listPublic({ search: tag, sort: 'newest', page: 1, pageSize: 2 });
      expect(page.map((r) => [r.firstName, r.lastName])).toEqual([
        ['Ada', 'Lovelace'],
        ['Ada', 'Lovelace'],
      ]);
      expect((await b.photos.findBySlug(all[2]?.slug ?? ''))).toMatchObject({ firstName: null, lastName: null });
      const mine = await b.photos.listByUser(owner);
      expect(mine.map((r) => r.photo.title)).toEqual([`Heron ${tag} at dawn`, `Canyon ${tag}`, `Private heron ${tag}`]);
      expect((await b.photos.listByUser(owner, { page: 2, limit: 2 })).map((r) => r.photo.title)).toEqual([`Private heron ${tag}`]);
      const everything = (await b.photos.listAll()).map((r) => r.photo.id);
      expect(everything).toEqual(expect.arrayContaining(all.map((p) => p.id)));
      const firstPage = (await b.photos.listAll({ page: 1, limit: 2 })).map((r) => r.photo.id);
      expect(firstPage).toEqual(everything.slice(0, 2));
      expect(await b.photos.totalsByUser(owner)).toEqual({ photos: 3, publicPhotos: 2, likes: 2, views: 3 });
      expect(await b.photos.totalsByUser(randomUUID())).toEqual({ photos: 0, publicPhotos: 0, likes: 0, views: 0 });
    });

    it('lists featured public photos, newest first, and toggles flags with their events', async () => {
      const [heron, canyon, , hidden] = all as [Photo, Photo, Photo, Photo];
      const featuredIds = async () => (await b.photos.featured(24)).map((r) => r.photo.id).filter((id) => all.some((p) => p.id === id));
      const featuring = (row: Photo) => [
        pendingEvent('photos.photo.featured-changed.v1', { photoId: row.id, isFeatured: row.isFeatured, changedBy: owner, at: NOW.toISOString() }, { key: row.id }),
      ];
      expect(await featuredIds()).toEqual([]);
      for (const photo of [canyon, heron]) expect((await b.photos.toggle(photo.id, 'isFeatured', featuring)).isFeatured).toBe(true);
      // A private photo is not featured: the home page would not show it. Refused, nothing changes.
      await expect(b.photos.toggle(hidden.id, 'isFeatured', featuring)).rejects.toMatchObject({ code: 'NOT_PUBLIC', status: 409 });
      expect(await b.photos.findById(hidden.id)).toMatchObject({ isPublic: false, isFeatured: false });
      expect(await featuredIds()).toEqual([heron.id, canyon.id]);
      const [once, twice] = await Promise.all(
        [1, 2].map(() =>
          b.photos.toggle(heron.id, 'isPublic', (row) => [
            pendingEvent('photos.photo.visibility-changed.v1', { photoId: row.id, userId: owner, isPublic: row.isPublic, at: NOW.toISOString() }, { key: row.id }),
          ]),
        ),
      );
      expect([once?.isPublic, twice?.isPublic].sort()).toEqual([false, true]);
      expect((await b.photos.findById(heron.id))?.isPublic).toBe(true);
      await b.outbox.flush();
      expect(b.bus.of('photos.photo.visibility-changed.v1').filter((e) => e.photoId === heron.id).map((e) => e.isPublic).sort()).toEqual([false, true]);
      expect(b.bus.of('photos.photo.featured-changed.v1').filter((e) => e.photoId === heron.id)).toHaveLength(1);
      expect(b.bus.of('photos.photo.featured-changed.v1').filter((e) => e.photoId === hidden.id)).toEqual([]);
      // A featured photo its owner then made private stays off the home page; it can be unfeatured,
      // and is featured again only once public.
      const heronNow = await b.photos.findById(heron.id);
      if (heronNow?.isPublic) await b.photos.toggle(heron.id, 'isPublic', () => []);
      expect(await featuredIds()).toEqual([canyon.id]);
      expect((await b.photos.toggle(heron.id, 'isFeatured', featuring)).isFeatured).toBe(false);
      await expect(b.photos.toggle(heron.id, 'isFeatured', featuring)).rejects.toMatchObject({ code: 'NOT_PUBLIC' });
      await b.photos.toggle(heron.id, 'isPublic', () => []);
      expect((await b.photos.toggle(heron.id, 'isFeatured', featuring)).isFeatured).toBe(true);
      await expect(b.photos.toggle(randomUUID(), 'isPublic', () => [])).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });

    it('updates a description, and stores a rating once per delivery', async () => {
      const [heron] = all as [Photo];
      expect((await b.photos.updateDescription(heron.id, 'Grey heron')).description).toBe('Grey heron');
      await expect(b.photos.updateDescription(randomUUID(), 'x')).rejects.toMatchObject({ code: 'NOT_FOUND' });
      const delivery = { consumer: 'photos', eventId: randomUUID() };
      expect(await b.photos.setRating(heron.id, rating('8.1'), delivery)).toBe(true);
      expect(await b.photos.setRating(heron.id, rating('2.0'), delivery)).toBe(false);
      expect(await b.photos.findById(heron.id)).toMatchObject({ overallRating: '8.1', rating: rating('8.1') });
    });
  });

  describe('the nature layer: species, labels and places', () => {
    const tag = randomUUID().slice(0, 8);
    // A cell of our own (random), so other tests' places never fall in it.
    const exact = { lat: -60 + Math.floor(Math.random() * 600) / 5 + 0.0731, lon: -170 + Math.floor(Math.random() * 1700) / 5 + 0.1313 };
    const open = { ...exact, privacy: 'open' as const, source: 'exif' as const };
    const shown = drawPublicPoint(exact);
    const fox = { commonName: 'Red fox', scientificName: 'Vulpes vulpes', sensitive: false, group: 'mammal' };
    const leopard = { commonName: 'Snow leopard', scientificName: 'Panthera uncia', sensitive: true, group: 'mammal' };
    const search = (text: string) => b.photos.listPublic({ search: text, sort: 'newest', page: 1, pageSize: 20 }).then((rows) => rows.map((r) => r.photo.title).sort());
    const flagged = (row: Photo) => [pendingEvent('photos.photo.featured-changed.v1', { photoId: row.id, isFeatured: row.isFeatured, changedBy: 'admin', at: NOW.toISOString() }, { key: row.id })];
    let wildFox: Photo;
    let captiveFox: Photo;

    beforeAll(async () => {
      wildFox = await create(newPhoto({ title: `Wild ${tag}`, species: fox, place: open, publicPlace: shown, camera: { make: 'Nikon', model: 'D500', body: 'Nikon D500' } }));
      captiveFox = await create(newPhoto({ title: `Captive ${tag}`, species: fox, labels: ['captive'], place: open, publicPlace: drawPublicPoint(exact) }));
      await create(newPhoto({ title: `Baited ${tag}`, labels: ['baited', 'composite'], rating: { ...rating('7'), subject: `bird ${tag}` } }));
      await create(newPhoto({ title: `Composite ${tag}`, labels: ['composite'], species: { commonName: `Garden visitor ${tag}`, scientificName: null, sensitive: false, group: null } }));
      await create(newPhoto({ title: `Leopard ${tag}`, species: leopard, place: open, publicPlace: null }));
      await create(newPhoto({ title: `Private ${tag}`, place: { ...open, privacy: 'private' }, publicPlace: drawPublicPoint(exact) }));
    });

    it('stores the species, labels and both points, and answers them back', async () => {
      expect(await b.photos.findById(captiveFox.id)).toMatchObject({ species: fox, labels: ['captive'], place: open, publicPlace: captiveFox.publicPlace });
      expect(await b.photos.findById(wildFox.id)).toMatchObject({ labels: [], publicPlace: shown });
    });

    it('finds photos by species names, group, the critique’s subject and the camera', async () => {
      expect(await b.photos.countPublic({ search: tag })).toBe(6);
      expect(await search(`Wild ${tag}`)).toEqual([`Wild ${tag}`]);
      // Other tests' foxes may match too: these two are among them.
      const foxes = (await b.photos.listPublic({ search: 'vulpes vulp', sort: 'newest', page: 1, pageSize: 48 })).map((r) => r.photo.id);
      expect(foxes).toEqual(expect.arrayContaining([wildFox.id, captiveFox.id]));
      expect((await b.photos.listPublic({ search: 'RED FOX', sort: 'newest', page: 1, pageSize: 48 })).map((r) => r.photo.id)).toEqual(expect.arrayContaining([wildFox.id, captiveFox.id]));
      expect(await search(`bird ${tag}`)).toEqual([`Baited ${tag}`]);
      expect(await search(`garden visitor ${tag}`)).toEqual([`Composite ${tag}`]);
      expect((await b.photos.listPublic({ search: 'nikon d500', sort: 'newest', page: 1, pageSize: 48 })).map((r) => r.photo.id)).toContain(wildFox.id);
    });

    it('filters by scientific name, and leaves captive, baited and AI-generated photos out of the wild gallery', async () => {
      const ids = (await b.photos.listPublic({ species: 'Vulpes vulpes', sort: 'newest', page: 1, pageSize: 48 })).map((r) => r.photo.id);
      expect(ids).toEqual(expect.arrayContaining([wildFox.id, captiveFox.id]));
      expect(await b.photos.countPublic({ species: 'Vulpes vulpes' })).toBeGreaterThanOrEqual(2);
      const wild = (await b.photos.listPublic({ search: tag, wild: true, sort: 'newest', page: 1, pageSize: 48 })).map((r) => r.photo.title).sort();
      expect(wild).toEqual([`Composite ${tag}`, `Leopard ${tag}`, `Private ${tag}`, `Wild ${tag}`].sort());
      expect(await b.photos.countPublic({ search: tag, wild: true })).toBe(4);
    });

    it('lists a map cell’s photos: open places only, never a private one or a sensitive species', async () => {
      const cell = cellOf(exact);
      const inCell = (await b.photos.listPublic({ cell, sort: 'newest', page: 1, pageSize: 48 })).map((r) => r.photo.title).sort();
      expect(inCell).toEqual([`Captive ${tag}`, `Wild ${tag}`]);
      expect(await b.photos.countPublic({ cell, wild: true })).toBe(1);
    });

    it('lists one photographer’s photos only, in a map cell and in the whole gallery', async () => {
      const photographer = randomUUID();
      const theirs = await create(newPhoto({ title: `Theirs ${tag}`, userId: photographer, place: open, publicPlace: drawPublicPoint(exact) }));
      await create(newPhoto({ title: `Theirs too ${tag}`, userId: photographer }));
      await create(newPhoto({ title: `Theirs private ${tag}`, userId: photographer, place: open, publicPlace: drawPublicPoint(exact), isPublic: false }));
      const cell = cellOf(exact);
      const ids = (filter: { cell?: typeof cell; photographer?: string }) => b.photos.listPublic({ ...filter, sort: 'newest', page: 1, pageSize: 48 }).then((rows) => rows.map((r) => r.photo.id));
      // The cell holds other uploaders' photos too; the photographer's listing leaves them out.
      expect(await ids({ cell })).toEqual(expect.arrayContaining([theirs.id, wildFox.id]));
      expect(await ids({ cell, photographer })).toEqual([theirs.id]);
      expect(await b.photos.countPublic({ cell, photographer })).toBe(1);
      expect((await b.photos.listPublic({ photographer, sort: 'newest', page: 1, pageSize: 48 })).map((r) => r.photo.title).sort()).toEqual([`Theirs ${tag}`, `Theirs too ${tag}`]);
      expect(await b.photos.countPublic({ photographer })).toBe(2);
      expect(await b.photos.countPublic({ photographer: randomUUID() })).toBe(0);
    });

    it('changes the nature fields on the state read, with their events; a gone photo answers undefined', async () => {
      const photo = await create(newPhoto({ title: `Edited ${tag}`, place: open, publicPlace: shown }));
      const after = await b.photos.updateNature(
        photo.id,
        (before) => ({ species: leopard, labels: ['captive'], publicPlace: before.place ? null : before.publicPlace }),
        ({ after: changed }) => [pendingEvent('photos.photo.details-changed.v1', { photoId: changed.id, userId: '', speciesCommonName: changed.species?.commonName ?? '', speciesScientificName: '', speciesSensitive: true, labels: [...changed.labels], hasPlace: true, placePrivacy: 'open', placeShown: false, at: NOW.toISOString() }, { key: changed.id })],
      );
      expect(after).toMatchObject({ species: leopard, labels: ['captive'], place: open, publicPlace: null });
      expect(await b.photos.findById(photo.id)).toMatchObject({ species: leopard, labels: ['captive'], publicPlace: null });
      await b.outbox.flush();
      expect(b.bus.of('photos.photo.details-changed.v1').filter((e) => e.photoId === photo.id)).toEqual([expect.objectContaining({ speciesCommonName: 'Snow leopard', labels: ['captive'], placeShown: false })]);
      expect(await b.photos.updateNature(randomUUID(), () => ({ labels: [] }), () => [])).toBeUndefined();
    });

    it('refuses to turn a flag on when asked to, on the state written, changing nothing', async () => {
      const refusal = new Error('captive');
      await expect(b.photos.toggle(captiveFox.id, 'isFeatured', flagged, (photo) => (photo.labels.includes('captive') ? refusal : null))).rejects.toBe(refusal);
      expect((await b.photos.findById(captiveFox.id))?.isFeatured).toBe(false);
      await expect(b.photos.toggle(wildFox.id, 'isFeatured', flagged, (photo) => (photo.labels.includes('captive') ? refusal : null))).resolves.toMatchObject({ isFeatured: true });
    });
  });

  describe('photos held for review', () => {
    const reasons = ['It looks like a screenshot.'];
    const held = (overrides: Partial<NewPhoto> = {}) => newPhoto({ isPublic: false, moderation: 'review', reviewReasons: reasons, reviewCategory: 'landscape', category: 'others', rating: rating('6.0'), overallRating: '6.0', ...overrides });
    const featured = (row: Photo) => [pendingEvent('photos.photo.featured-changed.v1', { photoId: row.id, isFeatured: row.isFeatured, changedBy: 'admin', at: NOW.toISOString() }, { key: row.id })];
    const reviewed = (row: Photo) => [
      pendingEvent('photos.photo.reviewed.v1', { photoId: row.id, userId: '', decision: 'approved', reason: '', reviewedBy: 'admin', reviewReasons: reasons, category: row.category, at: NOW.toISOString() }, { key: row.id }),
    ];

    it('stores the hold, and refuses to make a held photo public or featured, changing nothing', async () => {
      const photo = await create(held());
      expect(await b.photos.findById(photo.id)).toMatchObject({ moderation: 'review', reviewReasons: reasons, reviewCategory: 'landscape', category: 'others' });
      for (const flag of ['isPublic', 'isFeatured'] as const) await expect(b.photos.toggle(photo.id, flag, featured)).rejects.toMatchObject({ code: 'HELD_FOR_REVIEW', status: 409 });
      expect(await b.photos.findById(photo.id)).toMatchObject({ isPublic: false, isFeatured: false });
      await b.outbox.flush();
      expect(b.bus.of('photos.photo.featured-changed.v1').filter((e) => e.photoId === photo.id)).toEqual([]);
    });

    it('approves a held photo once, giving it the category the hold kept, with its events', async () => {
      const photo = await create(held());
      const [first, second] = await Promise.all([b.photos.approveHeld(photo.id, reviewed), b.photos.approveHeld(photo.id, reviewed)]);
      const approved = first ?? second;
      expect([first, second].filter(Boolean)).toHaveLength(1);
      expect(approved).toMatchObject({ id: photo.id, moderation: null, reviewReasons: null, reviewCategory: null, category: 'landscape' });
      expect(await b.photos.findById(photo.id)).toEqual(approved);
      await b.outbox.flush();
      expect(b.bus.of('photos.photo.reviewed.v1').filter((e) => e.photoId === photo.id)).toEqual([expect.objectContaining({ category: 'landscape' })]);
      // Not held (any more): nothing to approve.
      expect(await b.photos.approveHeld(photo.id, reviewed)).toBeUndefined();
      expect(await b.photos.approveHeld(randomUUID(), reviewed)).toBeUndefined();
      expect((await b.photos.toggle(photo.id, 'isPublic', () => [])).isPublic).toBe(true);
    });

    it('deletes only a photo still held when asked to (a rejection), with its events', async () => {
      const rated = await create(newPhoto());
      expect(await b.photos.delete(rated.id, deleted('rejected in review'), true)).toBeUndefined();
      expect(await b.photos.findById(rated.id)).toBeDefined();
      const photo = await create(held());
      expect(await b.photos.delete(photo.id, deleted('rejected in review'), true)).toMatchObject({ id: photo.id, moderation: 'review' });
      expect(await b.photos.findById(photo.id)).toBeUndefined();
      await b.outbox.flush();
      expect(b.bus.of('photos.photo.deleted.v1').filter((e) => e.photoId === photo.id || e.photoId === rated.id)).toEqual([expect.objectContaining({ photoId: photo.id, reason: 'rejected in review' })]);
    });

    it('holds a photo stored without a critique when its late critique says so, once, announcing what the hold took', async () => {
      const photo = await create(newPhoto({ isPublic: true, category: 'wildlife' }));
      await b.photos.toggle(photo.id, 'isFeatured', featured);
      const hold = {
        reasons,
        engineCategory: 'landscape',
        announce: ({ before, after }: { before: Photo; after: Photo }) =>
          before.isPublic ? [pendingEvent('photos.photo.visibility-changed.v1', { photoId: after.id, userId: '', isPublic: after.isPublic, at: NOW.toISOString() }, { key: after.id })] : [],
      };
      const delivery = { consumer: 'photos', eventId: randomUUID() };
      const [once, twice] = await Promise.all([b.photos.setRating(photo.id, rating('6.2'), delivery, hold), b.photos.setRating(photo.id, rating('6.2'), delivery, hold)]);
      expect([once, twice].sort()).toEqual([false, true]);
      // The uploader chose wildlife: an approval keeps it.
      expect(await b.photos.findById(photo.id)).toMatchObject({ rating: rating('6.2'), moderation: 'review', reviewReasons: reasons, reviewCategory: 'wildlife', category: 'others', isPublic: false, isFeatured: false });
      await b.outbox.flush();
      expect(b.bus.of('photos.photo.visibility-changed.v1').filter((e) => e.photoId === photo.id)).toEqual([expect.objectContaining({ isPublic: false })]);

      // A photo that has its critique is not held by another one.
      const rated = await create(newPhoto({ rating: rating('7.0'), overallRating: '7.0' }));
      expect(await b.photos.setRating(rated.id, rating('7.5'), { consumer: 'photos', eventId: randomUUID() }, hold)).toBe(true);
      expect(await b.photos.findById(rated.id)).toMatchObject({ overallRating: '7.5', moderation: null, category: 'wildlife', isPublic: true });
    });
  });

  describe('likes', () => {
    it('ends six parallel toggles by one viewer consistent: the liked flag and the count equal the likes stored', async () => {
      const photo = await create(newPhoto());
      const other: Viewer = { userId: randomUUID(), ip: '10.1.0.9' };
      const guest: Viewer = { userId: null, ip: '10.1.0.1' };
      await b.photos.toggleLike(photo.id, other, liked(photo.id));
      const results = await Promise.all(Array.from({ length: 6 }, () => b.photos.toggleLike(photo.id, guest, liked(photo.id))));
      // Applied one at a time: three likes and three unlikes, each answering the count it left.
      expect(results.map((r) => r.liked).sort()).toEqual([false, false, false, true, true, true]);
      for (const r of results) expect(r.totalLikes).toBe(r.liked ? 2 : 1);
      expect(await b.photos.hasLiked(photo.id, guest)).toBe(false);
      expect(await b.photos.hasLiked(photo.id, other)).toBe(true);
      expect((await b.photos.findById(photo.id))?.likes).toBe(1);

      // An odd number ends liked.
      const odd = await Promise.all(Array.from({ length: 7 }, () => b.photos.toggleLike(photo.id, guest, liked(photo.id))));
      expect(odd.filter((r) => r.liked)).toHaveLength(4);
      expect(await b.photos.hasLiked(photo.id, guest)).toBe(true);
      expect((await b.photos.findById(photo.id))?.likes).toBe(2);

      await b.outbox.flush();
      const events = b.bus.of('photos.photo.liked.v1').filter((e) => e.photoId === photo.id);
      expect(events).toHaveLength(14);
      expect(events.map((e) => e.totalLikes).sort()).toEqual([...results, ...odd].map((r) => r.totalLikes).concat(1).sort());
    });

    it('keeps a user’s like apart from a guest’s at the same address, and answers liked sets', async () => {
      const [a, c] = [await create(newPhoto()), await create(newPhoto())];
      const ip = `10.2.${counter % 250}.1`;
      const user: Viewer = { userId: randomUUID(), ip };
      expect(await b.photos.guestHasLikes(ip)).toBe(false);
      await b.photos.toggleLike(a.id, user, liked(a.id));
      expect(await b.photos.guestHasLikes(ip)).toBe(false);
      expect(await b.photos.hasLiked(a.id, { userId: null, ip })).toBe(false);
      await b.photos.toggleLike(c.id, { userId: null, ip }, liked(c.id));
      expect(await b.photos.guestHasLikes(ip)).toBe(true);
      expect([...(await b.photos.likedAmong([a.id, c.id, randomUUID()], user))]).toEqual([a.id]);
      expect([...(await b.photos.likedAmong([a.id, c.id], { userId: null, ip }))]).toEqual([c.id]);
      expect(await b.photos.likedAmong([], user)).toEqual(new Set());
      await expect(b.photos.toggleLike(randomUUID(), user, liked('x'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });
  });

  describe('views', () => {
    it('counts a viewer once per window, parallel loads included, announcing only counted views', async () => {
      const photo = await create(newPhoto());
      const viewer: Viewer = { userId: null, ip: '10.3.0.1' };
      const windowStart = new Date(NOW.getTime() - 30 * 60_000);
      const first = await Promise.all(Array.from({ length: 5 }, () => b.photos.recordView(photo.id, viewer, NOW, windowStart, viewed(photo.id))));
      expect(first.filter((r) => r.counted).map((r) => r.views)).toEqual([1]);
      // A load not counted answers the count as it read it (on MongoDB possibly before the parallel
      // counted load's increment): never more than what is stored.
      for (const r of first) expect(r.views).toBeLessThanOrEqual(1);
      // A signed-in viewer at the same address is another viewer.
      expect(await b.photos.recordView(photo.id, { userId: randomUUID(), ip: viewer.ip }, NOW, windowStart, viewed(photo.id))).toEqual({ views: 2, counted: true });
      // After the window, the same viewer counts again.
      const later = new Date(NOW.getTime() + 31 * 60_000);
      expect(await b.photos.recordView(photo.id, viewer, later, new Date(later.getTime() - 30 * 60_000), viewed(photo.id))).toEqual({ views: 3, counted: true });
      expect((await b.photos.findById(photo.id))?.views).toBe(3);
      await b.outbox.flush();
      expect(b.bus.of('photos.photo.viewed.v1').filter((e) => e.photoId === photo.id).map((e) => e.views).sort()).toEqual([1, 2, 3]);
    });
  });

  describe('guest expiry and deletion', () => {
    it('finds expired guest photos only, and deletes each once with one event', async () => {
      const ip = '10.4.0.1';
      const guest = (minutes: number) => newPhoto({ isTemporary: true, guestIp: ip, storageType: 'temporary', expiresAt: new Date(NOW.getTime() + minutes * 60_000) });
      const expired = await create(guest(-1), roomy(`guest:${ip}`));
      const due = await create(guest(0), roomy(`guest:${ip}`));
      const fresh = await create(guest(10), roomy(`guest:${ip}`));
      const kept = await create(newPhoto({ userId: randomUUID() }));
      await b.photos.toggleLike(expired.id, { userId: null, ip }, liked(expired.id));
      const found = (await b.photos.expiredTemporary(NOW, 1000)).map((p) => p.id);
      expect(found).toEqual(expect.arrayContaining([expired.id, due.id]));
      expect(found).not.toContain(fresh.id);
      expect(found).not.toContain(kept.id);
      expect(await b.photos.expiredTemporary(NOW, 1)).toHaveLength(1);

      const outcomes = await Promise.all([expired, expired, due].map((p) => b.photos.delete(p.id, deleted('guest photo expired'))));
      expect(outcomes.filter((o) => o !== undefined)).toHaveLength(2);
      const left = (await b.photos.expiredTemporary(NOW, 1000)).map((p) => p.id);
      expect(left).not.toContain(expired.id);
      expect(left).not.toContain(due.id);
      expect(await b.photos.findById(expired.id)).toBeUndefined();
      expect(await b.photos.findBySlug(expired.slug)).toBeUndefined();
      expect(await b.photos.guestHasLikes(ip)).toBe(false);
      await b.outbox.flush();
      const events = b.bus.of('photos.photo.deleted.v1').filter((e) => e.photoId === expired.id || e.photoId === due.id);
      expect(events.map((e) => e.photoId).sort()).toEqual([expired.id, due.id].sort());
      // A deleted photo's slug can be used again.
      await expect(create(newPhoto({ slug: expired.slug }))).resolves.toMatchObject({ slug: expired.slug });
    });
  });

  describe('events', () => {
    it('publishes each committed event exactly once, however often the relay runs', async () => {
      const photo = await create(newPhoto());
      await b.photos.announce([pendingEvent('photos.photo.deleted.v1', { photoId: randomUUID(), userId: '', reason: 'upload refused', deletedAt: NOW.toISOString() }, { key: photo.id })]);
      await Promise.all([b.outbox.flush(), b.outbox.flush(), b.outbox.flush()]);
      await b.outbox.flush();
      const ids = b.bus.published.map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(b.bus.of('photos.photo.uploaded.v1').filter((e) => e.photoId === photo.id)).toHaveLength(1);
      expect(await b.outbox.pending()).toBe(0);
    });

    it('stores nothing, and announces nothing, when the events cannot be made', async () => {
      const photo = newPhoto();
      const before = b.bus.published.length;
      await expect(
        b.photos.createWithinQuota(photo, roomy('user:bad'), () => {
          throw new Error('invalid event');
        }),
      ).rejects.toThrow('invalid event');
      expect(await b.photos.findById(photo.id)).toBeUndefined();
      expect(await b.photos.uploadsOn('user:bad', DAY)).toBe(0);
      await b.outbox.flush();
      expect(b.bus.published.length).toBe(before);
    });
  });

  describe('uploaders (an event-fed read model)', () => {
    it('applies a delivery once, also when it arrives twice at the same time', async () => {
      const userId = randomUUID();
      const photo = await create(newPhoto({ userId }));
      const delivery = { consumer: 'photos', eventId: randomUUID() };
      const applied = await Promise.all([
        b.uploaders.upsert({ userId, firstName: 'Grace', lastName: 'Hopper' }, delivery),
        b.uploaders.upsert({ userId, firstName: 'Grace', lastName: 'Hopper' }, delivery),
      ]);
      expect(applied.sort()).toEqual([false, true]);
      expect(await b.uploaders.upsert({ userId, firstName: 'Other', lastName: 'Name' }, delivery)).toBe(false);
      expect(await b.photos.findByIdWithUploader(photo.id)).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
      // The same event is another consumer's to apply too.
      expect(await b.uploaders.upsert({ userId, firstName: 'Grace', lastName: 'B. Hopper' }, { consumer: 'other', eventId: delivery.eventId })).toBe(true);
      // ensure() never overwrites a known name.
      await b.uploaders.ensure({ userId, firstName: 'Stale', lastName: 'Token' });
      expect(await b.photos.findByIdWithUploader(photo.id)).toMatchObject({ firstName: 'Grace', lastName: 'B. Hopper' });
      const removal = { consumer: 'photos', eventId: randomUUID() };
      expect(await b.uploaders.delete(userId, removal)).toBe(true);
      expect(await b.uploaders.delete(userId, removal)).toBe(false);
      expect(await b.photos.findByIdWithUploader(photo.id)).toMatchObject({ firstName: null, lastName: null });
    });
  });

  describe('site assets', () => {
    it('stores one record per name, replaced by a later put', async () => {
      const name = `hero-${counter}`;
      expect(await b.assets.exists(name)).toBe(false);
      const asset = { name, title: 'Hero', description: 'd', category: 'landscape', mimeType: 'image/webp', fileSize: 10, storageKey: `assets/${name}.webp`, credit: null };
      await b.assets.put(asset);
      await b.assets.put({ ...asset, title: 'Hero 2', fileSize: 12 });
      expect(await b.assets.exists(name)).toBe(true);
    });
  });
});
