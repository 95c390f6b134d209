import 'reflect-metadata';
import { AnalysisModule, analysisConfigSchema, PHOTO_ANALYZER } from '@wildframe/analysis';
import type { PhotoAnalyzer } from '@wildframe/analysis';
import { AuthModule, authConfigSchema } from '@wildframe/auth';
import { ANALYSIS_API } from '@wildframe/contracts';
import type { AnalysisApi } from '@wildframe/contracts';
import { PhotosModule, photosConfigSchema } from '@wildframe/photos';
import { loadConfig, LocalServiceRegistry } from '@wildframe/platform';
import { createServiceTestApp, withProviderReplaced } from '@wildframe/platform/testing';
import type { ServiceTestApp } from '@wildframe/platform/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';

const SITE_ADMIN = { email: 'site.admin@wildframe.test', password: 'site-admin-password' };
const fixture = (name: string) => readFileSync(join(__dirname, '..', '..', 'photos', 'test-fixtures', name));
const TIGER = fixture('wildlife_mammal_tiger_in_snow_puzzlejigsaw.jpg');
const CANYON = fixture('landscape_grand_canyon_kphotoalbum.jpg');
const REASON = 'It looks like a screenshot or a document, not a nature photograph.';

// The real engine rates each upload on shared cores; its models load once.
jest.setTimeout(180_000);

/**
 * The engine is the boundary: the real one rates every photo, and this double (injected by Nest
 * in its place) holds photos titled "Held…" for review. What the composed services do with a hold
 * is under test.
 */
function holdingTitled(engine: PhotoAnalyzer): PhotoAnalyzer {
  return {
    name: engine.name,
    async analyze(input) {
      const outcome = await engine.analyze(input);
      return outcome.outcome === 'rated' && input.title.startsWith('Held') ? { outcome: 'review', rating: outcome.rating, reasons: [REASON] } : outcome;
    },
  };
}

/**
 * A photo held for review across the services composed as the standalone app composes them: auth
 * (real accounts and sessions), photos and analysis (the real module, its verdict chosen above).
 */
describe('the review of a held photo, across auth, photos and analysis', () => {
  let t: ServiceTestApp;
  let admin: string;
  let owner: string;

  beforeAll(async () => {
    t = await createServiceTestApp(({ DATABASE_URL, STORAGE_DIR }) => [
      AuthModule.register(loadConfig('auth', authConfigSchema, { DATABASE_URL, STORAGE_DIR, ADMIN_EMAIL: SITE_ADMIN.email, ADMIN_PASSWORD: SITE_ADMIN.password })),
      PhotosModule.register(loadConfig('photos', photosConfigSchema, { DATABASE_URL, STORAGE_DIR, ANALYSIS_DEADLINE_MS: '60000' })),
      withProviderReplaced(AnalysisModule.register(loadConfig('analysis', analysisConfigSchema, { DATABASE_URL })), PHOTO_ANALYZER, holdingTitled),
    ]);
    admin = (await request(t.server).post('/api/auth/login').send(SITE_ADMIN)).body.sessionToken;
    const signup = await request(t.server)
      .post('/api/auth/signup')
      .send({ email: `held.${Date.now()}@example.com`, firstName: 'Held', lastName: 'Owner', password: 'long-enough-1', plan: 'explorer' });
    expect(signup.status).toBe(201);
    owner = signup.body.sessionToken;
  });
  afterAll(() => t.close());

  const as = (token: string | null) => {
    const auth = <T extends request.Test>(req: T): T => (token ? req.set('Authorization', `Bearer ${token}`) : req);
    return {
      get: (path: string) => auth(request(t.server).get(`/api${path}`)),
      post: (path: string) => auth(request(t.server).post(`/api${path}`)),
    };
  };
  const upload = (image: Buffer, title: string) => as(owner).post('/photos/upload').field('title', title).field('description', 'Seen on a morning walk.').attach('photo', image, 'photo.jpg');
  const analysis = () => t.app.get(LocalServiceRegistry).get<AnalysisApi>(ANALYSIS_API) as AnalysisApi;
  async function trail(photoId: string): Promise<Array<{ decision: string; reason: string | null }>> {
    const client = new Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      return (await client.query('SELECT decision, reason FROM photos.photo_reviews WHERE photo_id = $1', [photoId])).rows;
    } finally {
      await client.end();
    }
  }

  it('holds the upload with the engine’s reason, keeps it out of public view until approved, then gives it the engine’s category', async () => {
    const held = await upload(TIGER, 'Held tiger');
    expect(held.status).toBe(201);
    // Rated by the real engine all the same: the critique is the photo's.
    expect(held.body.rating).toMatchObject({ aiModel: expect.stringMatching(/^local/), overallRating: expect.stringMatching(/^\d+\.\d$/) });
    expect(held.body.photo).toMatchObject({ moderation: 'review', reviewReasons: [REASON], category: 'others', isPublic: false });
    const id = held.body.photo.id as string;
    expect((await analysis().getRating(id))?.category).toBe('wildlife');

    expect((await as(owner).post(`/photos/${id}/toggle-public`)).body).toEqual({ statusCode: 409, message: 'This photo is waiting for review. It can be made public once an admin approves it.' });
    expect((await as(admin).get('/admin/photos')).body.find((p: { id: string }) => p.id === id)).toMatchObject({ moderation: 'review', reviewReasons: [REASON] });

    const approved = await as(admin).post(`/admin/photos/${id}/approve`).send({});
    expect(approved.body).toMatchObject({ message: 'Photo approved', photo: { moderation: null, category: 'wildlife' } });
    expect((await as(owner).post(`/photos/${id}/toggle-public`)).body).toMatchObject({ isPublic: true });
    expect((await as(null).get(`/photos/${id}`)).body).toMatchObject({ category: 'wildlife', moderation: null });
    await t.bus.idle();
    expect(await trail(id)).toEqual([{ decision: 'approved', reason: null }]);
  });

  it('rejects a held photo with the admin’s reason: deleted everywhere, its critique with it', async () => {
    const id = (await upload(CANYON, 'Held canyon')).body.photo.id as string;
    expect(await analysis().getRating(id)).not.toBeNull();
    expect((await as(admin).post(`/admin/photos/${id}/reject`).send({ reason: 'Not a photograph of nature.' })).body).toEqual({ message: 'Photo rejected' });
    await t.bus.idle();
    expect((await as(owner).get(`/photos/${id}`)).status).toBe(404);
    expect(await analysis().getRating(id)).toBeNull();
    expect(await trail(id)).toEqual([{ decision: 'rejected', reason: 'Not a photograph of nature.' }]);
    expect(t.bus.deadLetters()).toEqual([]);
  });
});
