import 'reflect-metadata';
import { loadConfig, MongoServiceDatabase } from '@wildframe/platform';
import type { EventEnvelope } from '@wildframe/platform';
import { createServiceTestApp, describeEachBackend, ServiceTestApp } from '@wildframe/platform/testing';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import sharp from 'sharp';
import request from 'supertest';
import { authConfigSchema } from './auth.config';
import { AuthModule } from './auth.module';

const SITE_ADMIN = { email: 'site.admin@wildframe.test', password: 'site-admin-password' };

/** What the test reads and sets directly in the auth database, as an operator would. */
interface AuthDatabaseProbe {
  makeAdmin(userId: string): Promise<void>;
  sessionCount(userId: string): Promise<number>;
  close(): Promise<void>;
}

async function probe(driver: 'postgres' | 'mongo', url: string): Promise<AuthDatabaseProbe> {
  if (driver === 'mongo') {
    const database = MongoServiceDatabase.connect({ service: 'auth', url });
    return {
      makeAdmin: async (userId) => void (await (await database.collection<{ _id: string }>('users')).updateOne({ _id: userId }, { $set: { isAdmin: true } })),
      sessionCount: async (userId) => (await database.collection('user_sessions')).countDocuments({ userId }),
      close: () => database.close(),
    };
  }
  const client = new Client({ connectionString: url });
  await client.connect();
  return {
    makeAdmin: async (userId) => void (await client.query('UPDATE auth.users SET is_admin = true WHERE id = $1', [userId])),
    sessionCount: async (userId) => Number((await client.query('SELECT count(*) FROM auth.user_sessions WHERE user_id = $1', [userId])).rows[0].count),
    close: () => client.end(),
  };
}

describeEachBackend('admin users API', (backend) => {
  let t: ServiceTestApp;
  let db: AuthDatabaseProbe;
  const events: EventEnvelope[] = [];
  let adminToken: string;
  let siteAdminId: string;

  beforeAll(async () => {
    t = await createServiceTestApp(
      ({ DATABASE_URL, STORAGE_DIR }) => [
        AuthModule.register(loadConfig('auth', authConfigSchema, { DATABASE_URL, STORAGE_DIR, ADMIN_EMAIL: SITE_ADMIN.email, ADMIN_PASSWORD: SITE_ADMIN.password })),
      ],
      {
        databaseUrl: backend.url,
        subscribe: (bus) => {
          for (const topic of ['auth.user.plan-changed.v1', 'auth.user.deleted.v1'] as const) {
            bus.subscribe(topic, 'test-observer', async (event) => void events.push(event as EventEnvelope));
          }
        },
      },
    );
    db = await probe(backend.driver, t.databaseUrl);
    const login = await request(t.server).post('/api/auth/login').send(SITE_ADMIN);
    adminToken = login.body.sessionToken;
    siteAdminId = login.body.user.id;
  });
  afterAll(async () => {
    await db.close();
    await t.close();
  });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  let counter = 0;

  async function member(): Promise<{ id: string; email: string; password: string; token: string }> {
    counter++;
    const account = { email: `member${counter}@example.com`, firstName: 'Jane', lastName: `Goodall${counter}`, password: 'chimps-of-gombe', plan: 'explorer' };
    // Each member from an address of their own: signups are limited per address.
    const res = await request(t.server).post('/api/auth/signup').set('X-Forwarded-For', `10.8.0.${counter}`).send(account);
    expect(res.status).toBe(201);
    return { id: res.body.user.id, email: account.email, password: account.password, token: res.body.sessionToken };
  }

  /** A second admin, made the way an operator would: by setting the flag in the database. */
  async function otherAdmin() {
    const account = await member();
    await db.makeAdmin(account.id);
    return account;
  }

  describe('authorization', () => {
    const ID = '00000000-0000-4000-8000-000000000001';
    it.each([
      ['GET /api/admin/users', () => request(t.server).get('/api/admin/users')],
      ['PATCH /api/admin/users/:id/plan', () => request(t.server).patch(`/api/admin/users/${ID}/plan`).send({ plan: 'enthusiast' })],
      ['DELETE /api/admin/users/:id', () => request(t.server).delete(`/api/admin/users/${ID}`)],
    ])('%s answers 401 to anonymous callers and 403 to members', async (_name, call) => {
      expect((await call()).body).toEqual({ statusCode: 401, message: 'Not authenticated' });
      const { token } = await member();
      expect((await call().set(bearer(token))).body).toEqual({ statusCode: 403, message: 'Access Denied' });
    });
  });

  it('lists every user with what the admin panel shows and nothing secret', async () => {
    const account = await member();
    const res = await request(t.server).get('/api/admin/users').set(bearer(adminToken));
    expect(res.status).toBe(200);
    expect(res.body.find((u: { id: string }) => u.id === account.id)).toEqual({
      id: account.id,
      email: account.email,
      firstName: 'Jane',
      lastName: expect.stringMatching(/^Goodall/),
      plan: 'explorer',
      planExpiry: null,
      isActive: true,
      isAdmin: false,
      isSiteAdmin: false,
      createdAt: expect.any(String),
    });
    expect(res.body.find((u: { id: string }) => u.id === siteAdminId)).toMatchObject({ email: SITE_ADMIN.email, isAdmin: true, isSiteAdmin: true });
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash|password_hash|stripe/i);
  });

  it('pages the list when asked (page, limit), in the same order as the whole list', async () => {
    await member();
    const all = (await request(t.server).get('/api/admin/users').set(bearer(adminToken))).body as Array<{ id: string }>;
    const first = (await request(t.server).get('/api/admin/users?limit=1').set(bearer(adminToken))).body as Array<{ id: string }>;
    const second = (await request(t.server).get('/api/admin/users?page=2&limit=1').set(bearer(adminToken))).body as Array<{ id: string }>;
    expect([...first, ...second].map((u) => u.id)).toEqual(all.slice(0, 2).map((u) => u.id));
    expect((await request(t.server).get('/api/admin/users?page=0').set(bearer(adminToken))).body).toEqual({ statusCode: 400, message: 'Page must be a positive number' });
  });

  describe('PATCH /api/admin/users/:id/plan', () => {
    it('sets the plan without expiry, announces it once, and the user sees it at once', async () => {
      const account = await member();
      const res = await request(t.server).patch(`/api/admin/users/${account.id}/plan`).set(bearer(adminToken)).send({ plan: 'professional' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: account.id, plan: 'professional', planExpiry: null });
      expect((await request(t.server).get('/api/auth/user').set(bearer(account.token))).body.plan).toBe('professional');
      // The same plan again changes nothing.
      expect((await request(t.server).patch(`/api/admin/users/${account.id}/plan`).set(bearer(adminToken)).send({ plan: 'professional' })).status).toBe(200);
      await t.bus.idle();
      expect(events.filter((e) => e.type === 'auth.user.plan-changed.v1' && e.key === account.id).map((e) => e.payload)).toEqual([
        { userId: account.id, plan: 'professional', previousPlan: 'explorer', planExpiry: '', changedAt: t.clock.now().toISOString(), source: 'admin' },
      ]);
    });

    it.each([[{ plan: 'platinum' }], [{}], [{ plan: 7 }]])('refuses %j with "Please choose a plan"', async (body) => {
      const account = await member();
      const res = await request(t.server).patch(`/api/admin/users/${account.id}/plan`).set(bearer(adminToken)).send(body);
      expect(res.body).toEqual({ statusCode: 400, message: 'Please choose a plan' });
    });

    it('refuses the site admin and unknown users', async () => {
      const res = await request(t.server).patch(`/api/admin/users/${siteAdminId}/plan`).set(bearer(adminToken)).send({ plan: 'enthusiast' });
      expect(res.body).toEqual({ statusCode: 403, message: 'The site admin cannot be changed or deleted' });
      expect((await request(t.server).get('/api/auth/user').set(bearer(adminToken))).body.plan).toBe('explorer');
      for (const id of ['00000000-0000-4000-8000-0000000fffff', 'not-a-uuid']) {
        expect((await request(t.server).patch(`/api/admin/users/${id}/plan`).set(bearer(adminToken)).send({ plan: 'enthusiast' })).body).toEqual({ statusCode: 404, message: 'User not found' });
      }
    });
  });

  describe('DELETE /api/admin/users/:id', () => {
    it('deletes the account, its sessions and avatar files, and announces the deletion', async () => {
      const account = await member();
      const avatar = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#557744' } }).png().toBuffer();
      expect((await request(t.server).post('/api/user/avatar').set(bearer(account.token)).attach('avatar', avatar, 'me.png')).status).toBe(200);
      const avatarDir = join(t.storageDir, 'objects', 'auth', 'avatars', account.id);
      expect(existsSync(avatarDir)).toBe(true);

      const res = await request(t.server).delete(`/api/admin/users/${account.id}`).set(bearer(adminToken));
      expect(res.body).toEqual({ message: 'User deleted' });
      expect((await request(t.server).get('/api/auth/user').set(bearer(account.token))).status).toBe(401);
      expect((await request(t.server).post('/api/auth/login').send({ email: account.email, password: account.password })).status).toBe(401);
      expect(await db.sessionCount(account.id)).toBe(0);
      expect(existsSync(avatarDir)).toBe(false);
      expect((await request(t.server).get('/api/admin/users').set(bearer(adminToken))).body.some((u: { id: string }) => u.id === account.id)).toBe(false);
      await t.bus.idle();
      expect(events.find((e) => e.type === 'auth.user.deleted.v1' && e.key === account.id)?.payload).toEqual({ userId: account.id, deletedAt: t.clock.now().toISOString() });
      expect((await request(t.server).delete(`/api/admin/users/${account.id}`).set(bearer(adminToken))).body).toEqual({ statusCode: 404, message: 'User not found' });
    });

    it('refuses to delete the site admin, even for another admin, and an admin deleting themself', async () => {
      const admin = await otherAdmin();
      expect((await request(t.server).get('/api/admin/users').set(bearer(admin.token))).status).toBe(200);
      expect((await request(t.server).delete(`/api/admin/users/${siteAdminId}`).set(bearer(admin.token))).body).toEqual({
        statusCode: 403,
        message: 'The site admin cannot be changed or deleted',
      });
      expect((await request(t.server).delete(`/api/admin/users/${admin.id}`).set(bearer(admin.token))).body).toEqual({
        statusCode: 403,
        message: 'You cannot delete your own account from the admin panel',
      });
      expect((await request(t.server).get('/api/auth/user').set(bearer(admin.token))).status).toBe(200);
      expect((await request(t.server).post('/api/auth/login').send(SITE_ADMIN)).status).toBe(200);
      await t.bus.idle();
      expect(events.some((e) => e.type === 'auth.user.deleted.v1' && [siteAdminId, admin.id].includes(e.key))).toBe(false);
    });
  });
});
