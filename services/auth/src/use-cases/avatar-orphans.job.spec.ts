import 'reflect-metadata';
import { loadConfig, metricsRegistry } from '@wildframe/platform';
import { createServiceTestApp, ServiceTestApp } from '@wildframe/platform/testing';
import { readdirSync, utimesSync } from 'node:fs';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { authConfigSchema } from '../auth.config';
import { AuthModule } from '../auth.module';
import { AvatarOrphansJob } from './avatar-orphans.job';

/**
 * The auth service's orphan sweep with its real reader (PostgreSQL) and files on disk: avatars no
 * user row points to (a replaced one whose delete never ran, a deleted user's) and older than
 * ORPHAN_MIN_AGE_MS go; the current avatar, young files and keys of unknown layout stay.
 */
describe('avatar orphans job', () => {
  let t: ServiceTestApp;

  beforeAll(async () => {
    t = await createServiceTestApp(({ DATABASE_URL, STORAGE_DIR }) => [AuthModule.register(loadConfig('auth', authConfigSchema, { DATABASE_URL, STORAGE_DIR }))]);
  });
  afterAll(() => t.close());

  const objectsRoot = () => join(t.storageDir, 'objects');
  const storedKeys = (): string[] => {
    const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [relative(objectsRoot(), join(dir, e.name))]));
    return walk(objectsRoot()).sort();
  };
  const age = (key: string, hours: number) => {
    const when = new Date(Date.now() - hours * 3_600_000);
    utimesSync(join(objectsRoot(), ...key.split('/')), when, when);
  };

  it('removes only the old avatars no user row points to', async () => {
    const signup = await request(t.server)
      .post('/api/auth/signup')
      .send({ email: 'avatar.orphans@example.com', firstName: 'Ada', lastName: 'Birder', password: 'hunter2hunter2', plan: 'explorer' });
    expect(signup.status).toBe(201);
    const userId = signup.body.user.id as string;
    const image = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#4a7a3a' } }).jpeg().toBuffer();
    const uploaded = await request(t.server).post('/api/user/avatar').set('Authorization', `Bearer ${signup.body.sessionToken}`).attach('avatar', image, 'me.jpg');
    expect(uploaded.status).toBe(200);
    const version = /[?&]v=([0-9a-f]{16})$/.exec(uploaded.body.profileImageUrl as string)?.[1];
    const current = `auth/avatars/${userId}/${version}.webp`;
    expect(storedKeys()).toEqual([current]);

    const replaced = `auth/avatars/${userId}/00000000000000aa.webp`; // the previous avatar, its delete lost in a crash
    const deletedUser = 'auth/avatars/5b1f7c2e-8a43-4c1e-9a57-2a8a1d3c9e01/00000000000000bb.webp';
    const young = `auth/avatars/${userId}/00000000000000cc.webp`; // being stored right now
    const unknown = `auth/avatars/${userId}/notes.txt`;
    for (const key of [replaced, deletedUser, young, unknown]) await t.storage.put(key, Buffer.from(key));
    for (const key of [current, replaced, deletedUser, unknown]) age(key, 3);
    const removed = async () => (await metricsRegistry.getSingleMetric('storage_orphans_removed_total')?.get())?.values.find((v) => v.labels['service'] === 'auth')?.value ?? 0;
    const before = await removed();

    expect(await t.app.get(AvatarOrphansJob).run()).toMatchObject({ scanned: 5, removed: 2, young: 1, referenced: 2 });

    expect(storedKeys()).toEqual([current, young, unknown].sort());
    expect((await removed()) - before).toBe(2);
    expect((await request(t.server).get(`/api/users/${userId}/avatar?v=${version}`)).status).toBe(200);
  });
});
