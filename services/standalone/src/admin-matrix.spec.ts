import 'reflect-metadata';
import { AuthModule, authConfigSchema } from '@wildframe/auth';
import { ContactModule, contactConfigSchema } from '@wildframe/contact';
import { PhotosModule, photosConfigSchema } from '@wildframe/photos';
import { loadConfig, LocalServiceRegistry } from '@wildframe/platform';
import { createServiceTestApp } from '@wildframe/platform/testing';
import type { ServiceTestApp } from '@wildframe/platform/testing';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import request from 'supertest';

const SITE_ADMIN = { email: 'site.admin@wildframe.test', password: 'site-admin-password' };
const TIGER = readFileSync(join(__dirname, '..', '..', 'photos', 'test-fixtures', 'wildlife_mammal_tiger_in_snow_puzzlejigsaw.jpg'));
const CANYON = readFileSync(join(__dirname, '..', '..', 'photos', 'test-fixtures', 'landscape_grand_canyon_kphotoalbum.jpg'));
/** A well-formed id that names nothing: admin calls on it prove they got past authorization. */
const NOBODY = '00000000-0000-4000-8000-00000000beef';

// Real image processing on shared cores: uploads take a moment.
jest.setTimeout(120_000);

/**
 * The admin endpoints of three services composed as the standalone app composes them, with real
 * accounts and sessions: who may call what, and what deleting an account takes with it.
 */
describe('admin across auth, photos and contact', () => {
  let t: ServiceTestApp;
  let admin: string;
  let member: { id: string; token: string };
  let owner: { id: string; token: string };

  beforeAll(async () => {
    t = await createServiceTestApp(({ DATABASE_URL, STORAGE_DIR }) => [
      AuthModule.register(loadConfig('auth', authConfigSchema, { DATABASE_URL, STORAGE_DIR, ADMIN_EMAIL: SITE_ADMIN.email, ADMIN_PASSWORD: SITE_ADMIN.password })),
      PhotosModule.register(loadConfig('photos', photosConfigSchema, { DATABASE_URL, STORAGE_DIR, ANALYSIS_DEADLINE_MS: '5000' })),
      ContactModule.register(loadConfig('contact', contactConfigSchema, { DATABASE_URL })),
    ]);
    // The analysis module is not composed here: a stand-in rates every photo the same way.
    t.app.get(LocalServiceRegistry).register('analysis', {
      analyze: async () => ({
        outcome: 'rated',
        rating: { overallRating: '7.0', composition: '7.0', lighting: '7.0', clarity: '7.0', creativity: '7.0', feedback: 'Measured.', subject: 'tiger', location: null, aiModel: 'test-engine', category: 'wildlife', createdAt: new Date().toISOString() },
      }),
    });
    admin = (await request(t.server).post('/api/auth/login').send(SITE_ADMIN)).body.sessionToken;
    member = await signup('member');
    owner = await signup('owner');
  });
  afterAll(() => t.close());

  async function signup(name: string): Promise<{ id: string; token: string }> {
    const res = await request(t.server)
      .post('/api/auth/signup')
      .send({ email: `${name}.${Date.now()}@example.com`, firstName: name, lastName: 'Tester', password: 'long-enough-1', plan: 'explorer' });
    expect(res.status).toBe(201);
    return { id: res.body.user.id, token: res.body.sessionToken };
  }

  const as = (token: string | null) => {
    const auth = <T extends request.Test>(req: T): T => (token ? req.set('Authorization', `Bearer ${token}`) : req);
    return {
      get: (path: string) => auth(request(t.server).get(`/api${path}`)),
      post: (path: string) => auth(request(t.server).post(`/api${path}`)),
      put: (path: string) => auth(request(t.server).put(`/api${path}`)),
      patch: (path: string) => auth(request(t.server).patch(`/api${path}`)),
      delete: (path: string) => auth(request(t.server).delete(`/api${path}`)),
    };
  };

  async function upload(token: string, image: Buffer, title: string): Promise<string> {
    const res = await as(token).post('/photos/upload').field('title', title).field('description', 'Seen on a morning walk.').attach('photo', image, 'photo.jpg');
    expect(res.status).toBe(201);
    return res.body.photo.id as string;
  }

  const storedKeys = (): string[] => {
    const root = join(t.storageDir, 'objects');
    const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [relative(root, join(dir, e.name))]));
    return walk(root);
  };

  type Call = (c: ReturnType<typeof as>) => request.Test;
  const ADMIN_ENDPOINTS: Array<[string, Call]> = [
    ['GET /api/admin/users', (c) => c.get('/admin/users')],
    ['PATCH /api/admin/users/{id}/plan', (c) => c.patch(`/admin/users/${NOBODY}/plan`).send({ plan: 'enthusiast' })],
    ['DELETE /api/admin/users/{id}', (c) => c.delete(`/admin/users/${NOBODY}`)],
    ['GET /api/admin/photos', (c) => c.get('/admin/photos')],
    ['DELETE /api/admin/photos/{id}', (c) => c.delete(`/admin/photos/${NOBODY}`)],
    ['POST /api/admin/photos/{id}/toggle-featured', (c) => c.post(`/admin/photos/${NOBODY}/toggle-featured`)],
    ['POST /api/admin/photos/{id}/approve', (c) => c.post(`/admin/photos/${NOBODY}/approve`).send({})],
    ['POST /api/admin/photos/{id}/reject', (c) => c.post(`/admin/photos/${NOBODY}/reject`).send({ reason: 'x' })],
    ['GET /api/admin/contact-messages', (c) => c.get('/admin/contact-messages')],
    ['PATCH /api/admin/contact-messages/{id}/status', (c) => c.patch(`/admin/contact-messages/${NOBODY}/status`).send({ status: 'resolved', reason: 'x' })],
    ['POST /api/admin/contact-messages/{id}/response', (c) => c.post(`/admin/contact-messages/${NOBODY}/response`).send({ responseText: 'Thanks', isPublic: true })],
    ['PATCH /api/admin/contact-messages/{id}/archive', (c) => c.patch(`/admin/contact-messages/${NOBODY}/archive`).send({ reason: 'x' })],
    ['DELETE /api/admin/contact-messages/{id}', (c) => c.delete(`/admin/contact-messages/${NOBODY}`).send({ reason: 'x' })],
  ];

  describe('authorization matrix', () => {
    it.each(ADMIN_ENDPOINTS)('%s: 401 anonymous, 403 member, admitted for an admin', async (_name, call) => {
      expect((await call(as(null))).body).toEqual({ statusCode: 401, message: 'Not authenticated' });
      expect((await call(as(member.token))).body).toEqual({ statusCode: 403, message: 'Access Denied' });
      expect([200, 404]).toContain((await call(as(admin))).status);
    });

    it('only the owner changes a photo through the owner endpoints; only an admin through the admin ones', async () => {
      const photoId = await upload(owner.token, TIGER, 'Tiger at dawn');
      const editDescription: Call = (c) => c.put(`/photos/${photoId}/description`).send({ description: 'Changed by someone' });
      const publish: Call = (c) => c.post(`/photos/${photoId}/toggle-public`);
      const remove: Call = (c) => c.delete(`/photos/${photoId}`);
      for (const call of [editDescription, publish, remove]) {
        expect((await call(as(null))).status).toBe(401);
        // Another member learns nothing about a photo that is not theirs.
        expect((await call(as(member.token))).body).toEqual({ statusCode: 404, message: 'Photo Not Found' });
      }
      expect((await as(member.token).post(`/admin/photos/${photoId}/toggle-featured`)).status).toBe(403);
      expect((await as(owner.token).post(`/admin/photos/${photoId}/toggle-featured`)).status).toBe(403);
      expect((await as(owner.token).delete(`/admin/photos/${photoId}`)).status).toBe(403);
      const unchanged = await as(owner.token).get(`/photos/${photoId}`);
      expect(unchanged.body).toMatchObject({ description: 'Seen on a morning walk.', isPublic: false, isFeatured: false });

      expect((await editDescription(as(owner.token))).status).toBe(200);
      expect((await publish(as(owner.token))).body).toMatchObject({ isPublic: true });
      expect((await as(admin).post(`/admin/photos/${photoId}/toggle-featured`)).body).toEqual({ message: 'Photo featured', isFeatured: true });
      expect((await as(null).get('/featured-photos')).body.map((p: { id: string }) => p.id)).toContain(photoId);
      expect((await as(admin).get('/admin/photos')).body.find((p: { id: string }) => p.id === photoId)).toMatchObject({ isFeatured: true, isPublic: true, description: 'Changed by someone' });

      expect((await as(admin).delete(`/admin/photos/${photoId}`)).body).toEqual({ message: 'Photo deleted' });
      expect((await as(owner.token).get(`/photos/${photoId}`)).status).toBe(404);
      expect(storedKeys().filter((k) => k.includes(photoId))).toEqual([]);
    });
  });

  it('deleting an account removes its photos and their stored files, and nobody else’s', async () => {
    const leaving = await signup('leaving');
    const kept = await upload(member.token, CANYON, 'Canyon at dusk');
    const gone = [await upload(leaving.token, TIGER, 'Public tiger'), await upload(leaving.token, CANYON, 'Private canyon')];
    await as(leaving.token).post(`/photos/${gone[0]}/toggle-public`);
    for (const id of gone) expect(storedKeys().filter((k) => k.includes(id)).length).toBe(4);

    // The site admin account itself is out of reach.
    const siteAdminId = (await as(admin).get('/auth/user')).body.id as string;
    expect((await as(admin).delete(`/admin/users/${siteAdminId}`)).body).toEqual({ statusCode: 403, message: 'The site admin cannot be changed or deleted' });

    expect((await as(admin).delete(`/admin/users/${leaving.id}`)).body).toEqual({ message: 'User deleted' });
    await t.bus.idle();

    expect((await as(leaving.token).get('/auth/user')).status).toBe(401);
    const remaining = (await as(admin).get('/admin/photos')).body.map((p: { id: string }) => p.id);
    for (const id of gone) {
      expect(remaining).not.toContain(id);
      expect((await as(admin).get(`/photos/${id}`)).status).toBe(404);
      expect(storedKeys().filter((k) => k.includes(id))).toEqual([]);
    }
    expect(remaining).toContain(kept);
    expect(storedKeys().filter((k) => k.includes(kept)).length).toBe(4);
    expect((await as(admin).get('/admin/users')).body.some((u: { id: string }) => u.id === leaving.id)).toBe(false);
  });

  it('a contact message sent by a member reaches the admin list with the sender’s account', async () => {
    const sent = await as(member.token).post('/contact').send({ name: 'Member', email: 'member@example.com', subject: 'Hello', message: 'A message long enough.', category: 'feedback' });
    expect(sent.status).toBe(201);
    const list = (await as(admin).get('/admin/contact-messages')).body as Array<{ id: string; userId: string | null }>;
    expect(list.find((m) => m.id === sent.body.id)).toMatchObject({ userId: member.id });
  });
});
