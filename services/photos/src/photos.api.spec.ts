import 'reflect-metadata';
import { IdentityRegistry, LocalServiceRegistry, loadConfig } from '@wildframe/platform';
import type { EventEnvelope, Identity } from '@wildframe/platform';
import { createServiceTestApp, describeEachBackend, heicHeader, ServiceTestApp } from '@wildframe/platform/testing';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import type { StoredRating } from './domain/photo';
import { PhotosRepository } from './repositories/photos.repository';
import { GuestExpiryJob } from './use-cases/guest-expiry.job';
import { photosConfigSchema } from './photos.config';
import { newPhotoRecord } from './testing/new-photo';
import { usePublicReadsFastPath } from './controllers/public-reads.fast-path';
import { PhotosModule } from './photos.module';
import * as slugModule from './domain/slug';

const fixture = (name: string) => readFileSync(join(__dirname, '..', 'test-fixtures', name));
const TIGER = fixture('wildlife_mammal_tiger_in_snow_puzzlejigsaw.jpg');
const KINGFISHER = fixture('wildlife_bird_kingfisher_gcompris.webp');
const CANYON = fixture('landscape_grand_canyon_kphotoalbum.jpg');
const TOO_SMALL = fixture('landscape_coastal_hill_scratch.jpg');

/** A PNG whose header claims 20000x20000 pixels in a few bytes: a decompression bomb. */
function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20000, 0);
  header.writeUInt32BE(20000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(1000))), chunk('IEND', Buffer.alloc(0))]);
}

interface FakeAnalysisBehaviour {
  mode: 'rate' | 'refuse' | 'fail' | 'hang';
}

/**
 * The analysis service is a collaborator here: a stand-in answers through the same in-process
 * registry the real one uses, rating by image size so results differ per photo. The real engine
 * is exercised by the analysis service's own tests and the browser test.
 */
function fakeAnalysis(behaviour: FakeAnalysisBehaviour) {
  return {
    async analyze(request: { photoId: string; image: Buffer }): Promise<{ outcome: 'rated'; rating: StoredRating } | { outcome: 'refused'; message: string; reasons: string[] }> {
      if (behaviour.mode === 'fail') throw new Error('engine crashed');
      if (behaviour.mode === 'hang') await new Promise((r) => setTimeout(r, 5000));
      if (behaviour.mode === 'refuse') return { outcome: 'refused', message: 'Content does not meet community guidelines', reasons: ['no nature'] };
      const { width = 0 } = await sharp(request.image).metadata();
      const score = (5 + (width % 40) / 10).toFixed(1);
      return {
        outcome: 'rated',
        rating: { overallRating: score, composition: score, lighting: score, clarity: score, creativity: score, feedback: 'Measured.', subject: 'bird', location: null, aiModel: 'test-engine', category: 'wildlife', createdAt: new Date().toISOString() },
      };
    },
  };
}

// Real image processing on two shared cores: uploads take a moment.
jest.setTimeout(60_000);

describeEachBackend('photos API', (backend) => {
  let t: ServiceTestApp;
  const events: EventEnvelope[] = [];
  const analysis: FakeAnalysisBehaviour = { mode: 'rate' };
  const identities = new Map<string, Identity>();
  let userCounter = 0;

  function user(plan: Identity['plan'] = 'explorer', isAdmin = false): { token: string; identity: Identity } {
    userCounter++;
    const identity: Identity = { userId: `00000000-0000-4000-8000-${String(userCounter).padStart(12, '0')}`, email: `u${userCounter}@example.com`, firstName: `First${userCounter}`, lastName: 'Last', plan, isAdmin };
    const token = `token-${userCounter}`;
    identities.set(token, identity);
    return { token, identity };
  }

  beforeAll(async () => {
    t = await createServiceTestApp(
      // Eight parallel uploads of one account below: more than the default in flight per account.
      ({ DATABASE_URL, STORAGE_DIR }) => [PhotosModule.register(loadConfig('photos', photosConfigSchema, { DATABASE_URL, STORAGE_DIR, ANALYSIS_DEADLINE_MS: '1500', UPLOADS_IN_FLIGHT_PER_ACCOUNT: '8' }))],
      {
        databaseUrl: backend.url,
        // Repeated reads go through the fast path, as in the running app.
        configureHttp: usePublicReadsFastPath,
        subscribe: (bus) => {
          for (const topic of ['photos.photo.uploaded.v1', 'photos.photo.deleted.v1', 'photos.photo.liked.v1', 'photos.photo.viewed.v1', 'photos.photo.visibility-changed.v1', 'photos.photo.featured-changed.v1'] as const) {
            bus.subscribe(topic, 'test-observer', async (event) => void events.push(event as EventEnvelope));
          }
        },
      },
    );
    t.app.get(IdentityRegistry).register({ resolve: async (token) => identities.get(token) ?? null });
    t.app.get(LocalServiceRegistry).register('analysis', fakeAnalysis(analysis));
  });
  afterAll(() => t.close());
  beforeEach(() => {
    analysis.mode = 'rate';
  });

  let ipCounter = 0;
  const freshIp = () => `10.20.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  const as = (token: string | null, ip = '10.0.0.1') => ({
    get: (path: string) => (token ? request(t.server).get(`/api${path}`).set('Authorization', `Bearer ${token}`) : request(t.server).get(`/api${path}`)).set('X-Forwarded-For', ip),
    post: (path: string) => (token ? request(t.server).post(`/api${path}`).set('Authorization', `Bearer ${token}`) : request(t.server).post(`/api${path}`)).set('X-Forwarded-For', ip),
    put: (path: string) => (token ? request(t.server).put(`/api${path}`).set('Authorization', `Bearer ${token}`) : request(t.server).put(`/api${path}`)).set('X-Forwarded-For', ip),
    delete: (path: string) => (token ? request(t.server).delete(`/api${path}`).set('Authorization', `Bearer ${token}`) : request(t.server).delete(`/api${path}`)).set('X-Forwarded-For', ip),
  });

  function upload(token: string | null, image: Buffer = TIGER, fields: Record<string, string> = { title: 'Tiger in snow', description: 'A tiger walking through fresh snow.' }, ip = freshIp()) {
    const req = as(token, ip).post('/photos/upload');
    for (const [k, v] of Object.entries(fields)) req.field(k, v);
    return req.attach('photo', image, 'photo.jpg');
  }

  const storedKeys = () => {
    const root = join(t.storageDir, 'objects');
    const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [relative(root, join(dir, e.name))]));
    try {
      return walk(root).sort();
    } catch {
      return [];
    }
  };
  const binary = (req: request.Test) =>
    req.buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  // What is stored is read through the repository port, the same on either backend.
  const stored = () => t.app.get(PhotosRepository);
  async function rowCount(): Promise<number> {
    return (await stored().listAll()).length;
  }

  describe('upload', () => {
    it('stores the original privately with three derivatives, rates it, and answers with photo and rating', async () => {
      const { token, identity } = user();
      const res = await upload(token);
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Photo uploaded successfully');
      expect(res.body.error).toBeUndefined();
      expect(res.body.rating).toMatchObject({ aiModel: 'test-engine', overallRating: expect.stringMatching(/^\d+\.\d$/) });
      const photo = res.body.photo;
      expect(photo).toMatchObject({ title: 'Tiger in snow', isPublic: false, isOwner: true, isTemporary: false, category: 'wildlife', width: 1001, height: 648, mimeType: 'image/jpeg' });
      expect(photo.slug).toMatch(/^tiger-in-snow-[a-z0-9]{6}$/);
      expect(photo.imageUrl).toMatch(/&sig=/);
      expect(storedKeys().filter((k) => k.includes(photo.id))).toEqual([
        `photos/derivatives/${photo.id}/display.webp`,
        `photos/derivatives/${photo.id}/social.jpg`,
        `photos/derivatives/${photo.id}/thumb.webp`,
        `photos/originals/${photo.id}.jpg`,
      ]);
      const social = await binary(as(token).get(`/photos/${photo.id}/image?size=social`));
      expect(await sharp(social.body as Buffer).metadata()).toMatchObject({ width: 1200, height: 630, format: 'jpeg' });
      await t.bus.idle();
      expect(events.find((e) => e.type === 'photos.photo.uploaded.v1' && e.key === photo.id)?.payload).toMatchObject({ userId: identity.userId, isTemporary: false, mimeType: 'image/jpeg' });
    });

    it('takes the category from the uploader, or from the engine when absent', async () => {
      const { token } = user();
      const chosen = await upload(token, CANYON, { title: 'Canyon', description: 'Dusk.', category: 'landscape' });
      expect(chosen.body.photo.category).toBe('landscape');
      const detected = await upload(token, KINGFISHER, { title: 'Kingfisher', description: 'On a branch.' });
      expect(detected.body.photo.category).toBe('wildlife');
    });

    it('keeps GPS in the private original only: no derivative carries metadata', async () => {
      const { token } = user();
      const withGps = await sharp(TIGER).withExif({ IFD0: { Make: 'Nikon', Model: 'Z9' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 30/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '8/1 0/1 0/1' } }).jpeg().toBuffer();
      const res = await upload(token, withGps);
      expect(res.status).toBe(201);
      expect(res.body.photo.camera).toMatchObject({ make: 'Nikon', model: 'Z9' });
      expect(JSON.stringify(res.body.photo.camera)).not.toMatch(/GPS|46/);
      for (const size of ['thumb', 'display', 'social']) {
        const image = await binary(as(token).get(`/photos/${res.body.photo.id}/image?size=${size}`));
        const meta = await sharp(image.body as Buffer).metadata();
        expect([size, meta.exif, meta.xmp, meta.iptc]).toEqual([size, undefined, undefined, undefined]);
      }
      const original = await binary(as(token).get(`/photos/${res.body.photo.id}/download`));
      expect(Buffer.compare(original.body as Buffer, withGps)).toBe(0);
      expect(original.headers['content-disposition']).toContain('attachment; filename="photo.jpg"');
    });

    it.each([
      ['a text file renamed .jpg', Buffer.from('just some text, not an image at all'), 'Invalid file type: only JPG, PNG, HEIC and WebP images are accepted'],
      ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'Invalid file type: only JPG, PNG, HEIC and WebP images are accepted'],
      ['a decompression bomb', pngBomb(), 'Image dimensions are too large to process'],
      // Measured from its header: the HEIC decoder never sees it.
      ['a HEIC claiming 60000x60000 pixels', heicHeader([60000, 60000]), 'Image dimensions are too large to process'],
      ['a photo below 800x600', TOO_SMALL, 'Photos must be at least 800x600 pixels'],
      ['a damaged JPEG', Buffer.concat([TIGER.subarray(0, 600)]), 'The image could not be read. It may be damaged.'],
    ])('refuses %s and stores nothing', async (_name, bytes, message) => {
      const { token } = user();
      const before = { keys: storedKeys().length, rows: await rowCount() };
      const res = await upload(token, bytes);
      expect(res.body).toEqual({ statusCode: 400, message });
      expect({ keys: storedKeys().length, rows: await rowCount() }).toEqual(before);
      expect((await as(token).get('/upload-limits')).body.dailyUploadsUsed).toBe(0);
    });

    it.each([
      [{ title: '', description: '' }, 'Title and description are required'],
      [{ title: '', description: 'x' }, 'Title is required'],
      [{ title: 'x', description: '   ' }, 'Description is required'],
      [{ title: 'x'.repeat(161), description: 'x' }, 'Title must be 160 characters or less'],
      [{ title: 'x', description: 'x'.repeat(501) }, 'Description must be 500 characters or less'],
      [{ title: 'x', description: 'x', category: 'portrait' }, 'Category must be wildlife or landscape'],
    ])('validates %j', async (fields, message) => {
      const { token } = user();
      const res = await upload(token, TIGER, fields);
      expect(res.body).toEqual({ statusCode: 400, message });
      expect(storedKeys().length).toBe(storedKeys().length);
    });

    it('gives a photo another address when the one drawn is taken: the uploader never sees the clash, and it is counted once', async () => {
      const { token } = user();
      const first = await upload(token, TIGER, { title: 'Owl', description: 'First.' });
      const taken = first.body.photo.slug as string;
      // The next draw repeats the first photo's address, as two photos of one title drawing the same suffix would.
      const draw = jest.spyOn(slugModule, 'slugFor').mockReturnValueOnce(taken);
      try {
        const second = await upload(token, TIGER, { title: 'Owl', description: 'Second.' });
        expect(second.status).toBe(201);
        expect(second.body.photo.slug).toMatch(/^owl-[a-z0-9]{6}$/);
        expect(second.body.photo.slug).not.toBe(taken);
        expect(draw).toHaveBeenCalledTimes(2);
      } finally {
        draw.mockRestore();
      }
      expect((await as(token).get('/upload-limits')).body.dailyUploadsUsed).toBe(2);
      expect((await as(token).get(`/photos/${taken}`)).body).toMatchObject({ id: first.body.photo.id, description: 'First.' });
    });

    it('needs exactly one file', async () => {
      const { token } = user();
      const none = await as(token).post('/photos/upload').field('title', 't').field('description', 'd');
      expect(none.body).toEqual({ statusCode: 400, message: 'No photo file provided' });
      const two = await as(token).post('/photos/upload').field('title', 't').field('description', 'd').attach('photo', TIGER, 'a.jpg').attach('photo', CANYON, 'b.jpg');
      expect(two.body).toEqual({ statusCode: 400, message: 'Please upload one photo at a time' });
    });

    it('refuses content the engine screens out, keeping nothing', async () => {
      const { token } = user();
      analysis.mode = 'refuse';
      const before = storedKeys().length;
      const res = await upload(token);
      expect(res.body).toEqual({ statusCode: 422, message: 'Content does not meet community guidelines' });
      expect(storedKeys().length).toBe(before);
    });

    it.each(['fail', 'hang'] as const)('saves the photo without a rating when the engine is unavailable (%s)', async (mode) => {
      const { token } = user();
      analysis.mode = mode;
      const res = await upload(token);
      expect(res.status).toBe(201);
      expect(res.body.rating).toBeUndefined();
      expect(res.body.error).toBe('AI analysis is temporarily unavailable. Your photo was saved without a rating.');
      expect(res.body.photo.rating).toBeNull();
    });
  });

  describe('plan limits', () => {
    const sized = (mb: number) => Buffer.concat([TIGER, Buffer.alloc(mb * 1024 * 1024 - TIGER.length + 1)]);

    it.each([
      ['explorer', 11, 'File size exceeds 10MB limit for explorer plan', 413],
      ['enthusiast', 21, 'File size exceeds 20MB limit for enthusiast plan', 413],
      ['professional', 31, 'File size exceeds 30MB limit for professional plan', 413],
    ] as const)('%s: a %d MB file gets "%s"', async (plan, mb, message, status) => {
      const { token } = user(plan);
      const res = await upload(token, sized(mb));
      expect(res.body).toEqual({ statusCode: status, message });
    });

    it('a guest is limited to 10 MB', async () => {
      expect((await upload(null, sized(11))).body.message).toBe('File size exceeds 10MB limit for guest plan');
    });

    it('explorer: 5 uploads a day, counted correctly under parallel uploads, reset at midnight', async () => {
      const { token } = user('explorer');
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(token, TIGER, { title: `Tiger ${i}`, description: 'Parallel.' })));
      expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
      expect(results.find((r) => r.status === 429)?.body).toEqual({ statusCode: 429, message: 'Upload limit exceeded' });
      const limits = (await as(token).get('/upload-limits')).body;
      expect(limits).toMatchObject({ planName: 'explorer', isGuest: false, dailyUploads: 5, dailyUploadsUsed: 5, dailyUploadsRemaining: 0, fileSizeLimitMB: 10, fileSizeLimitBytes: 10485760, storageLimitMB: 250 });
      expect((await as(token).get('/user/photos')).body).toHaveLength(5);
      const tomorrow = new Date(limits.resetTime);
      t.clock.set(new Date(tomorrow.getTime() + 60_000));
      expect((await upload(token)).status).toBe(201);
    });

    it('paid plans are unlimited per day (999999) with their storage', async () => {
      const { token } = user('professional');
      const limits = (await as(token).get('/upload-limits')).body;
      expect(limits).toMatchObject({ planName: 'professional', dailyUploads: 999999, dailyUploadsRemaining: 999999, storageLimitMB: 51200, storageLimitGB: 50, fileSizeLimitMB: 30 });
    });

    it('refuses an upload that would pass the storage limit', async () => {
      const { token, identity } = user('explorer');
      await stored().createWithinQuota(
        newPhotoRecord({
          slug: `filler-${identity.userId}`,
          originalName: 'big.jpg',
          title: 'Big',
          description: 'Fills storage',
          fileSize: 250 * 1024 * 1024 - 1000,
          storageKey: 'none',
          userId: identity.userId,
          isPublic: false,
          width: 0,
          height: 0,
        }),
        { subject: 'test:filler', day: '2000-01-01', dailyLimit: 1, userId: null, storageLimitBytes: 0 },
        () => [],
      );
      expect((await upload(token)).body).toEqual({ statusCode: 413, message: 'Storage limit exceeded' });
      expect((await as(token).get('/upload-limits')).body.storageRemainingMB).toBeLessThan(0.01);
    });

    it('guests: 2 uploads a day per IP, temporary, deleted with their files 15 minutes later', async () => {
      const ip = freshIp();
      const first = await upload(null, TIGER, undefined, ip);
      const second = await upload(null, CANYON, undefined, ip);
      expect([first.status, second.status]).toEqual([201, 201]);
      expect((await upload(null, KINGFISHER, undefined, ip)).body).toEqual({ statusCode: 429, message: 'Upload limit exceeded' });
      expect((await as(null, ip).get('/upload-limits')).body).toMatchObject({ isGuest: true, planName: 'guest', dailyUploads: 2, dailyUploadsUsed: 2, dailyUploadsRemaining: 0 });
      expect(first.body.photo).toMatchObject({ isTemporary: true, isPublic: false });
      const ids = [first.body.photo.id, second.body.photo.id] as string[];
      expect(storedKeys().filter((k) => ids.some((id) => k.includes(id)))).toHaveLength(8);
      t.clock.advance(14 * 60_000);
      await t.app.get(GuestExpiryJob).purgeExpired();
      expect(storedKeys().filter((k) => ids.some((id) => k.includes(id)))).toHaveLength(8);
      t.clock.advance(2 * 60_000);
      expect(await t.app.get(GuestExpiryJob).purgeExpired()).toBeGreaterThanOrEqual(2);
      expect(storedKeys().filter((k) => ids.some((id) => k.includes(id)))).toEqual([]);
      for (const id of ids) expect(await stored().findById(id)).toBeUndefined();
    });
  });

  describe('reading, sharing and interacting', () => {
    let owner: { token: string; identity: Identity };
    let stranger: { token: string; identity: Identity };
    let admin: { token: string; identity: Identity };
    const ids: Record<string, string> = {};
    const slugs: Record<string, string> = {};

    beforeAll(async () => {
      owner = user('enthusiast');
      stranger = user('explorer');
      admin = user('explorer', true);
      const items: Array<[string, Buffer, Record<string, string>]> = [
        ['tiger', TIGER, { title: 'Tiger in the snow', description: 'Winter stalk.', category: 'wildlife' }],
        ['canyon', CANYON, { title: 'Canyon at dusk', description: 'Layers of rock, 50% in shadow.', category: 'landscape' }],
        ['kingfisher', KINGFISHER, { title: 'Kingfisher', description: 'Perched above the river.', category: 'wildlife' }],
        ['secret', TIGER, { title: 'Private tiger', description: 'Not shared.', category: 'wildlife' }],
      ];
      for (const [name, image, fields] of items) {
        t.clock.advance(60_000); // distinct upload times, so newest/oldest order is defined
        const res = await upload(owner.token, image, fields);
        ids[name] = res.body.photo.id;
        slugs[name] = res.body.photo.slug;
      }
      for (const name of ['tiger', 'canyon', 'kingfisher']) await as(owner.token).post(`/photos/${ids[name]}/toggle-public`);
      await t.bus.publish('auth.user.registered.v1', { userId: owner.identity.userId, email: 'x@example.com', firstName: 'Ansel', lastName: 'Adams', plan: 'enthusiast', registeredAt: new Date().toISOString() }, { key: owner.identity.userId });
      await t.bus.idle();
    });

    it('lists public photos only, with uploader names, ratings, thumbnails and a total', async () => {
      const res = await as(null).get('/photos?public=true&search=&sort=newest&pageSize=12');
      const mine = res.body.photos.filter((p: { id: string }) => Object.values(ids).includes(p.id));
      expect(mine.map((p: { title: string }) => p.title)).toEqual(['Kingfisher', 'Canyon at dusk', 'Tiger in the snow']);
      expect(mine[0]).toMatchObject({ username: 'Ansel Adams', userFirstName: 'Ansel', thumbnailUrl: `/api/photos/${ids['kingfisher']}/image?size=thumb`, overallRating: expect.stringMatching(/^\d+\.\d$/) });
      expect(res.body).toMatchObject({ page: 1, pageSize: 12 });
      expect(res.body.total).toBeGreaterThanOrEqual(3);
      expect(JSON.stringify(res.body)).not.toContain('Private tiger');
    });

    it('filters by category and search (wildcards taken literally), sorts and paginates', async () => {
      const landscape = (await as(null).get('/photos?public=true&category=landscape')).body.photos.map((p: { id: string }) => p.id);
      expect(landscape).toContain(ids['canyon']);
      expect(landscape).not.toContain(ids['tiger']);
      expect((await as(null).get('/photos?public=true&search=KINGFISHER')).body.photos.map((p: { id: string }) => p.id)).toEqual([ids['kingfisher']]);
      expect((await as(null).get('/photos?public=true&search=50%25')).body.photos.map((p: { id: string }) => p.id)).toEqual([ids['canyon']]);
      expect((await as(null).get('/photos?public=true&search=5_%25')).body.photos).toEqual([]);
      const oldest = (await as(null).get('/photos?public=true&sort=oldest&pageSize=48')).body.photos.map((p: { id: string }) => p.id);
      expect(oldest.indexOf(ids['tiger'])).toBeLessThan(oldest.indexOf(ids['kingfisher']));
      const page1 = (await as(null).get('/photos?public=true&pageSize=1&page=1')).body;
      const page2 = (await as(null).get('/photos?public=true&pageSize=1&page=2')).body;
      expect(page1.photos[0].id).not.toBe(page2.photos[0].id);
      expect(page1.totalPages).toBe(page1.total);
      expect((await as(null).get('/photos?sort=random')).body).toEqual({ statusCode: 400, message: 'Sort must be newest, oldest, most-liked, most-viewed or top-rated' });
      expect((await as(null).get('/photos?page=0')).body.message).toBe('Page must be a positive number');
    });

    it('sorts by rating (sort=top-rated): highest overall rating first, unrated photos last', async () => {
      const body = (await as(null).get('/photos?public=true&sort=top-rated&pageSize=48')).body as { photos: Array<{ id: string; overallRating: string | null }> };
      const scores = body.photos.map((p) => (p.overallRating === null ? -1 : Number(p.overallRating)));
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      const mine = body.photos.filter((p) => Object.values(ids).includes(p.id));
      expect(mine).toHaveLength(3);
      expect(mine.map((p) => Number(p.overallRating))).toEqual(mine.map((p) => Number(p.overallRating)).sort((a, b) => b - a));
      // Its own cached page: not the newest-first one.
      const wildlife = (await as(null).get('/photos?public=true&category=wildlife&sort=top-rated')).body.photos as Array<{ id: string; category: string }>;
      expect(wildlife.every((p) => p.category === 'wildlife')).toBe(true);
    });

    it('shows a photo by slug or id; a private one only to its owner or an admin', async () => {
      expect((await as(null).get(`/photos/${slugs['tiger']}`)).body).toMatchObject({ id: ids['tiger'], description: 'Winter stalk.', username: 'Ansel Adams', isOwner: false });
      expect((await as(null).get(`/photos/${ids['tiger']}`)).body.slug).toBe(slugs['tiger']);
      expect((await as(stranger.token).get(`/photos/${ids['secret']}`)).body).toEqual({ statusCode: 404, message: 'Photo Not Found' });
      expect((await as(null).get(`/photos/${slugs['secret']}`)).status).toBe(404);
      expect((await as(owner.token).get(`/photos/${slugs['secret']}`)).body).toMatchObject({ isOwner: true, originalName: 'photo.jpg' });
      expect((await as(admin.token).get(`/photos/${ids['secret']}`)).status).toBe(200);
      expect((await as(null).get('/photos/no-such-slug')).status).toBe(404);
    });

    it('serves images with strong ETags; private ones only through a valid, unexpired signed URL', async () => {
      const pub = await as(null).get(`/photos/${ids['tiger']}/image?size=thumb`);
      expect(pub.status).toBe(200);
      // Not cached for long anywhere: a photo made private must leave shared caches soon.
      expect(pub.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
      expect(pub.headers['content-type']).toBe('image/webp');
      expect((await as(null).get(`/photos/${ids['tiger']}/image?size=thumb`).set('If-None-Match', pub.headers['etag'] as string)).status).toBe(304);
      expect((await as(null).get(`/photos/${ids['secret']}/image?size=display`)).status).toBe(404);
      const signed = ((await as(owner.token).get('/user/photos')).body as Array<{ id: string; imageUrl: string }>).find((p) => p.id === ids['secret'])?.imageUrl as string;
      expect((await request(t.server).get(signed)).status).toBe(200);
      expect((await request(t.server).get(signed.replace(/sig=[^&]+/, 'sig=forged'))).status).toBe(404);
      expect((await request(t.server).get(signed.replace('size=display', 'size=social'))).status).toBe(404);
      t.clock.advance(3 * 3600_000);
      expect((await request(t.server).get(signed)).status).toBe(404);
      expect((await as(null).get(`/photos/${ids['tiger']}/image?size=huge`)).status).toBe(400);
    });

    it('counts a view once per viewer per photo within 30 minutes', async () => {
      const guest = freshIp();
      const first = (await as(null, guest).post(`/photos/${ids['canyon']}/view`)).body.views as number;
      // Reloads by the same guest, even at once, and by the same member from elsewhere count once.
      const reloads = await Promise.all([1, 2, 3].map(() => as(null, guest).post(`/photos/${ids['canyon']}/view`)));
      expect(reloads.map((r) => r.body.views)).toEqual([first, first, first]);
      const member = user();
      expect((await as(member.token, freshIp()).post(`/photos/${ids['canyon']}/view`)).body.views).toBe(first + 1);
      expect((await as(member.token, freshIp()).post(`/photos/${ids['canyon']}/view`)).body.views).toBe(first + 1);
      expect((await as(null, freshIp()).post(`/photos/${ids['canyon']}/view`)).body.views).toBe(first + 2);
      t.clock.advance(31 * 60_000);
      expect((await as(null, guest).post(`/photos/${ids['canyon']}/view`)).body.views).toBe(first + 3);
      expect((await as(null).post(`/photos/${ids['secret']}/view`)).status).toBe(404);
    });

    it('toggles likes per user and per guest IP, and counts right under concurrent clicks', async () => {
      const fans = Array.from({ length: 10 }, () => user());
      const results = await Promise.all(fans.map((fan) => as(fan.token).post(`/photos/${ids['kingfisher']}/like`)));
      expect(results.every((r) => r.body.liked === true)).toBe(true);
      expect(Math.max(...results.map((r) => r.body.totalLikes))).toBe(10);
      const [a, b] = await Promise.all([as(fans[0]?.token ?? '').post(`/photos/${ids['kingfisher']}/like`), as(fans[0]?.token ?? '').post(`/photos/${ids['kingfisher']}/like`)]);
      expect([a.body.liked, b.body.liked].sort()).toEqual([false, true]);
      expect((await as(null, '10.99.0.1').post(`/photos/${ids['kingfisher']}/like`)).body).toEqual({ liked: true, totalLikes: 11 });
      expect((await as(null, '10.99.0.1').post(`/photos/${ids['kingfisher']}/like`)).body).toEqual({ liked: false, totalLikes: 10 });
      expect((await as(fans[1]?.token ?? '').get(`/photos/${ids['kingfisher']}`)).body.liked).toBe(true);
      // The gallery says which cards the viewer liked, so a refetch keeps the heart filled.
      const likedIn = async (token: string | null, ip?: string) =>
        ((await as(token, ip).get('/photos?public=true&pageSize=48')).body.photos as Array<{ id: string; liked: boolean }>).filter((p) => p.liked).map((p) => p.id);
      expect(await likedIn(fans[1]?.token ?? '')).toEqual([ids['kingfisher']]);
      expect(await likedIn(user().token)).toEqual([]);
      expect(await likedIn(null, '10.99.0.1')).toEqual([]);
      await as(null, '10.99.0.2').post(`/photos/${ids['canyon']}/like`);
      expect(await likedIn(null, '10.99.0.2')).toEqual([ids['canyon']]);
      await as(null, '10.99.0.2').post(`/photos/${ids['canyon']}/like`);
      const sorted = (await as(null).get('/photos?public=true&sort=most-liked')).body.photos[0].id;
      expect(sorted).toBe(ids['kingfisher']);
    });

    it('lets only the owner edit the description (trimmed, at most 500) and visibility', async () => {
      expect((await as(owner.token).put(`/photos/${ids['canyon']}/description`).send({ description: '  Golden layers.  ' })).body).toMatchObject({ description: 'Golden layers.' });
      expect((await as(null).get(`/photos/${ids['canyon']}`)).body.description).toBe('Golden layers.');
      expect((await as(owner.token).put(`/photos/${ids['canyon']}/description`).send({ description: 'x'.repeat(501) })).body).toEqual({ statusCode: 400, message: 'Description must be 500 characters or less' });
      expect((await as(stranger.token).put(`/photos/${ids['canyon']}/description`).send({ description: 'Mine now' })).status).toBe(404);
      expect((await as(null).put(`/photos/${ids['canyon']}/description`).send({ description: 'x' })).status).toBe(401);
      expect((await as(stranger.token).post(`/photos/${ids['canyon']}/toggle-public`)).status).toBe(404);
      const hidden = await as(owner.token).post(`/photos/${ids['canyon']}/toggle-public`);
      expect(hidden.body).toEqual({ message: 'Photo is now private', isPublic: false });
      expect((await as(null).get(`/photos/${ids['canyon']}`)).status).toBe(404);
      await as(owner.token).post(`/photos/${ids['canyon']}/toggle-public`);
      await t.bus.idle();
      expect(events.filter((e) => e.type === 'photos.photo.visibility-changed.v1' && e.key === ids['canyon']).map((e) => (e.payload as { isPublic: boolean }).isPublic).slice(-2)).toEqual([false, true]);
    });

    it('serves anonymous reads from a cache that a like, a visibility change and a deletion keep true', async () => {
      const gallery = () => as(null).get('/photos?public=true&pageSize=48');
      const card = async (id: string) => ((await gallery()).body.photos as Array<{ id: string; likes: number }>).find((p) => p.id === id);
      const before = await gallery();
      expect(before.headers['cache-control']).toBe('public, no-cache');
      expect((await gallery().set('If-None-Match', before.headers['etag'] as string)).status).toBe(304);
      expect((await as(stranger.token).get('/photos?public=true&pageSize=48')).headers['cache-control']).toBe('private, no-cache');
      const likes = (await card(ids['tiger'] as string))?.likes as number;
      expect((await as(null).get(`/photos/${ids['tiger']}`)).body.likes).toBe(likes);

      await as(stranger.token).post(`/photos/${ids['tiger']}/like`);
      expect((await card(ids['tiger'] as string))?.likes).toBe(likes + 1);
      expect((await as(null).get(`/photos/${ids['tiger']}`)).body.likes).toBe(likes + 1);
      expect((await gallery().set('If-None-Match', before.headers['etag'] as string)).status).toBe(200);
      await as(stranger.token).post(`/photos/${ids['tiger']}/like`);

      await as(owner.token).post(`/photos/${ids['tiger']}/toggle-public`);
      expect(await card(ids['tiger'] as string)).toBeUndefined();
      expect((await as(null).get(`/photos/${ids['tiger']}`)).status).toBe(404);
      await as(owner.token).post(`/photos/${ids['tiger']}/toggle-public`);
      expect(await card(ids['tiger'] as string)).toBeDefined();

      const { token } = user();
      const photo = (await upload(token)).body.photo as { id: string };
      await as(token).post(`/photos/${photo.id}/toggle-public`);
      expect(await card(photo.id)).toBeDefined();
      expect((await as(null).get(`/photos/${photo.id}`)).status).toBe(200);
      await as(token).delete(`/photos/${photo.id}`);
      expect(await card(photo.id)).toBeUndefined();
      expect((await as(null).get(`/photos/${photo.id}`)).status).toBe(404);
    });

    it('pages My Photos and the admin list when asked, and lists them whole otherwise', async () => {
      const all = (await as(owner.token).get('/user/photos')).body as Array<{ id: string }>;
      const first = (await as(owner.token).get('/user/photos?limit=2')).body as Array<{ id: string }>;
      const second = (await as(owner.token).get('/user/photos?page=2&limit=2')).body as Array<{ id: string }>;
      expect([...first, ...second].map((p) => p.id)).toEqual(all.slice(0, 4).map((p) => p.id));
      expect((await as(admin.token).get('/admin/photos?page=1&limit=1')).body).toHaveLength(1);
      expect((await as(admin.token).get('/admin/photos?limit=101')).body).toEqual({ statusCode: 400, message: 'Limit must be between 1 and 100' });
    });

    it('downloads the original only for its owner', async () => {
      expect((await as(stranger.token).get(`/photos/${ids['tiger']}/download`)).status).toBe(404);
      expect((await as(null).get(`/photos/${ids['tiger']}/download`)).status).toBe(401);
    });

    it('features photos for the home page (admin only)', async () => {
      expect((await as(owner.token).post(`/admin/photos/${ids['tiger']}/toggle-featured`)).body).toEqual({ statusCode: 403, message: 'Access Denied' });
      expect((await as(null).post(`/admin/photos/${ids['tiger']}/toggle-featured`)).status).toBe(401);
      expect((await as(admin.token).post(`/admin/photos/${ids['tiger']}/toggle-featured`)).body).toEqual({ message: 'Photo featured', isFeatured: true });
      const featured = (await as(null).get('/featured-photos')).body as Array<{ id: string; thumbnailUrl: string }>;
      expect(featured.map((p) => p.id)).toContain(ids['tiger']);
      expect((await as(admin.token).get('/admin/photos')).body.length).toBeGreaterThanOrEqual(4);
    });

    it('refuses to feature a private photo, saying why and changing nothing; a featured photo made private leaves the home page', async () => {
      expect((await as(admin.token).post(`/admin/photos/${ids['secret']}/toggle-featured`)).body).toEqual({
        statusCode: 409,
        message: 'Only public photos can be featured. This photo is private: its owner can make it public from My Photos.',
      });
      expect((await as(admin.token).get(`/photos/${ids['secret']}`)).body).toMatchObject({ isPublic: false, isFeatured: false });
      expect(((await as(null).get('/featured-photos')).body as Array<{ id: string }>).map((p) => p.id)).not.toContain(ids['secret']);
      await t.bus.idle();
      expect(events.some((e) => e.type === 'photos.photo.featured-changed.v1' && e.key === ids['secret'])).toBe(false);

      // Featured, then made private by its owner: off the home page at once; unfeaturing it still works.
      const { token } = user();
      const photo = (await upload(token)).body.photo as { id: string };
      await as(token).post(`/photos/${photo.id}/toggle-public`).expect(200);
      expect((await as(admin.token).post(`/admin/photos/${photo.id}/toggle-featured`)).body).toEqual({ message: 'Photo featured', isFeatured: true });
      expect(((await as(null).get('/featured-photos')).body as Array<{ id: string }>).map((p) => p.id)).toContain(photo.id);
      await as(token).post(`/photos/${photo.id}/toggle-public`).expect(200);
      expect(((await as(null).get('/featured-photos')).body as Array<{ id: string }>).map((p) => p.id)).not.toContain(photo.id);
      expect((await as(admin.token).post(`/admin/photos/${photo.id}/toggle-featured`)).body).toEqual({ message: 'Photo no longer featured', isFeatured: false });
    });

    it('gives the owner their photos and stats', async () => {
      const mine = (await as(owner.token).get('/user/photos')).body as Array<{ id: string }>;
      expect(mine.map((p) => p.id).sort()).toEqual(Object.values(ids).sort());
      const stats = (await as(owner.token).get('/user/stats')).body;
      expect(stats).toMatchObject({ totalPhotos: 4, publicPhotos: 3 });
      expect(stats.totalLikes).toBeGreaterThanOrEqual(10);
      expect((await as(null).get('/user/photos')).status).toBe(401);
    });

    it('deletes a photo with its files, for its owner only', async () => {
      const { token } = user();
      const photo = (await upload(token)).body.photo;
      expect((await as(stranger.token).delete(`/photos/${photo.id}`)).status).toBe(404);
      expect((await as(token).delete(`/photos/${photo.id}`)).body).toEqual({ message: 'Photo deleted' });
      expect(storedKeys().filter((k) => k.includes(photo.id))).toEqual([]);
      expect((await as(token).get(`/photos/${photo.id}`)).status).toBe(404);
      await t.bus.idle();
      expect(events.some((e) => e.type === 'photos.photo.deleted.v1' && e.key === photo.id)).toBe(true);
    });

    it('answers ids that are not ids with 404 and NUL characters with 400, never 500', async () => {
      const notFound = { statusCode: 404, message: 'Photo Not Found' };
      const odd = ['not-a-uuid', '1', `${ids['tiger']}x`];
      for (const id of odd) {
        const path = `/photos/${encodeURIComponent(id)}`;
        expect((await as(owner.token).put(`${path}/description`).send({ description: 'x' })).body).toEqual(notFound);
        expect((await as(owner.token).get(`${path}/download`)).body).toEqual(notFound);
        expect((await as(owner.token).post(`${path}/toggle-public`)).body).toEqual(notFound);
        expect((await as(owner.token).delete(path)).body).toEqual(notFound);
        expect((await as(null).get(`${path}/image`)).body).toEqual(notFound);
        expect((await as(null).get(`${path}/image?size=thumb`)).body).toEqual(notFound);
        expect((await as(null).post(`${path}/view`)).body).toEqual(notFound);
        expect((await as(null).post(`${path}/like`)).body).toEqual(notFound);
        expect((await as(admin.token).delete(`/admin${path}`)).body).toEqual(notFound);
        expect((await as(admin.token).post(`/admin${path}/toggle-featured`)).body).toEqual(notFound);
      }
      const nul = { statusCode: 400, message: 'Input must not contain NUL characters' };
      expect((await as(null).get('/photos?public=true&search=tig%00er')).body).toEqual(nul);
      expect((await as(null).get('/photos?public=true&category=wild%00life')).body).toEqual(nul);
      expect((await as(null).get(`/photos/${slugs['tiger']}%00`)).body).toEqual(nul);
      expect((await as(owner.token).put(`/photos/${ids['tiger']}/description`).send({ description: 'Winter\u0000stalk.' })).body).toEqual(nul);
      expect((await as(null).get(`/photos/${ids['tiger']}`)).body.description).toBe('Winter stalk.');
      const before = (await as(owner.token).get('/user/photos')).body.length as number;
      expect((await upload(owner.token, TIGER, { title: 'Tiger\u0000', description: 'In snow.' })).body).toEqual(nul);
      expect((await upload(owner.token, TIGER, { title: 'Tiger', description: 'In snow.', category: 'wild\u0000life' })).body).toEqual(nul);
      // Busboy already refuses a NUL in a part header (the file name).
      expect((await as(owner.token).post('/photos/upload').field('title', 'Tiger').field('description', 'In snow.').attach('photo', TIGER, 'ti\u0000ger.jpg')).status).toBe(400);
      expect((await as(owner.token).get('/user/photos')).body.length).toBe(before);
    });

    it("removes a deleted account's photos and files", async () => {
      const { token, identity } = user();
      const photo = (await upload(token)).body.photo;
      await t.bus.publish('auth.user.deleted.v1', { userId: identity.userId, deletedAt: new Date().toISOString() }, { key: identity.userId });
      await t.bus.idle();
      expect(storedKeys().filter((k) => k.includes(photo.id))).toEqual([]);
      expect((await as(admin.token).get(`/photos/${photo.id}`)).status).toBe(404);
    });
  });
});
