import 'reflect-metadata';
import { loadConfig } from '@wildframe/platform';
import type { EventEnvelope } from '@wildframe/platform';
import { createServiceTestApp, describeEachBackend, ServiceTestApp } from '@wildframe/platform/testing';
import request from 'supertest';
import { authConfigSchema } from '../auth.config';
import { AuthModule } from '../auth.module';

describeEachBackend('preferences API', (backend) => {
  let t: ServiceTestApp;
  const published: EventEnvelope<'auth.user.preferences-changed.v1'>[] = [];
  let counter = 0;

  beforeAll(async () => {
    t = await createServiceTestApp(({ DATABASE_URL, STORAGE_DIR }) => [AuthModule.register(loadConfig('auth', authConfigSchema, { DATABASE_URL, STORAGE_DIR }))], {
      databaseUrl: backend.url,
      subscribe: (bus) => bus.subscribe('auth.user.preferences-changed.v1', 'test-observer', async (event) => void published.push(event)),
    });
  });
  afterAll(() => t.close());

  async function member(): Promise<{ token: string; userId: string }> {
    counter++;
    const res = await request(t.server)
      .post('/api/auth/signup')
      .set('X-Forwarded-For', `10.7.0.${counter}`)
      .send({ email: `prefs${counter}@example.com`, firstName: 'Ada', lastName: 'Birder', password: 'hunter2hunter2', plan: 'explorer' });
    expect(res.status).toBe(201);
    return { token: res.body.sessionToken as string, userId: res.body.user.id as string };
  }
  const get = (token: string | null) => (token ? request(t.server).get('/api/user/preferences').set('Authorization', `Bearer ${token}`) : request(t.server).get('/api/user/preferences'));
  const put = (token: string | null) => (token ? request(t.server).put('/api/user/preferences').set('Authorization', `Bearer ${token}`) : request(t.server).put('/api/user/preferences'));

  it('starts private (the spec’s defaults) and announces a change with the profile facts', async () => {
    const { token, userId } = await member();
    expect((await get(token).expect(200)).body).toEqual({ emailNotifications: true, publicProfile: false });
    const res = await put(token).send({ publicProfile: true }).expect(200);
    expect(res.body).toEqual({ emailNotifications: true, publicProfile: true });
    expect((await get(token).expect(200)).body.publicProfile).toBe(true);
    await t.bus.idle();
    const event = published.find((e) => e.key === userId);
    expect(event?.payload).toMatchObject({ userId, publicProfile: true, emailNotifications: true, firstName: 'Ada', lastName: 'Birder', profileImageUrl: '' });
    // Only the preference named changes.
    expect((await put(token).send({ emailNotifications: false }).expect(200)).body).toEqual({ emailNotifications: false, publicProfile: true });
  });

  it.each([
    ['an empty body', {}, 'Nothing to change'],
    ['a string for a boolean', { publicProfile: 'yes' }, 'publicProfile must be true or false'],
  ])('refuses %s with the error envelope and changes nothing', async (_name, body, message) => {
    const { token, userId } = await member();
    const res = await put(token).send(body);
    expect([res.status, res.body]).toEqual([400, { statusCode: 400, message }]);
    expect((await get(token).expect(200)).body).toEqual({ emailNotifications: true, publicProfile: false });
    await t.bus.idle();
    expect(published.some((e) => e.key === userId)).toBe(false);
  });

  it('applies parallel changes of different preferences without losing one, and announces each', async () => {
    const { token, userId } = await member();
    await Promise.all([put(token).send({ publicProfile: true }).expect(200), put(token).send({ emailNotifications: false }).expect(200)]);
    expect((await get(token).expect(200)).body).toEqual({ emailNotifications: false, publicProfile: true });
    await t.bus.idle();
    expect(published.filter((e) => e.key === userId)).toHaveLength(2);
  });

  it('is for signed-in members only', async () => {
    const res = await put(null).send({ publicProfile: true });
    expect([res.status, res.body]).toEqual([401, { statusCode: 401, message: 'Not authenticated' }]);
    expect((await get(null)).status).toBe(401);
  });
});
