import 'reflect-metadata';
import { AuthModule, authConfigSchema } from '@wildframe/auth';
import { ContactModule, contactConfigSchema } from '@wildframe/contact';
import { PhotosModule, photosConfigSchema } from '@wildframe/photos';
import { loadConfig, LocalServiceRegistry } from '@wildframe/platform';
import { createServiceTestApp } from '@wildframe/platform/testing';
import type { ServiceTestApp } from '@wildframe/platform/testing';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';

const TIGER = readFileSync(join(__dirname, '..', '..', 'photos', 'test-fixtures', 'wildlife_mammal_tiger_in_snow_puzzlejigsaw.jpg'));

// Real image processing on shared cores: uploads take a moment.
jest.setTimeout(120_000);

/**
 * Per-address limits with the production default, TRUSTED_PROXIES unset: a client that is not our
 * proxy cannot pick a fresh address with X-Forwarded-For. (The old default trusted every private
 * peer, loopback included, so each header value got a new allowance.)
 */
/** The services whose limits count per address: sign-in, guest uploads and likes, contact messages. */
const limitedServices = ({ DATABASE_URL, STORAGE_DIR }: { DATABASE_URL: string; STORAGE_DIR: string }) => [
  AuthModule.register(loadConfig('auth', authConfigSchema, { DATABASE_URL, STORAGE_DIR })),
  PhotosModule.register(loadConfig('photos', photosConfigSchema, { DATABASE_URL, STORAGE_DIR, ANALYSIS_DEADLINE_MS: '5000' })),
  ContactModule.register(loadConfig('contact', contactConfigSchema, { DATABASE_URL })),
];

describe('per-address limits with no trusted proxy', () => {
  let t: ServiceTestApp;
  let spoofCounter = 0;
  /** A new forged client address per request. */
  const spoofed = () => `203.0.113.${++spoofCounter}`;

  beforeAll(async () => {
    t = await createServiceTestApp(
      limitedServices,
      { trustProxy: false },
    );
    t.app.get(LocalServiceRegistry).register('analysis', {
      analyze: async () => ({
        outcome: 'rated',
        rating: { overallRating: '7.0', composition: '7.0', lighting: '7.0', clarity: '7.0', creativity: '7.0', feedback: 'Measured.', subject: 'tiger', location: null, aiModel: 'test-engine', category: 'wildlife', createdAt: new Date().toISOString() },
      }),
    });
  });
  afterAll(() => t.close());

  const contact = (to: Parameters<typeof request>[0], i: number) =>
    request(to)
      .post('/api/contact')
      .set('X-Forwarded-For', spoofed())
      .send({ name: 'Rachel Carson', email: 'rachel@example.com', subject: `Message ${i}`, message: 'Spoofing the sender address here.', category: 'feedback' });

  it('sign-in: failures count for the real address whatever the header says', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await request(t.server).post('/api/auth/login').set('X-Forwarded-For', spoofed()).send({ email: `spray${i}@example.com`, password: 'guess-guess' });
      expect(res.status).toBe(401);
    }
    const next = await request(t.server).post('/api/auth/login').set('X-Forwarded-For', spoofed()).send({ email: 'spray-last@example.com', password: 'guess-guess' });
    expect(next.status).toBe(429);
  });

  it('contact: 5 messages per address per hour, whatever the header says', async () => {
    for (let i = 0; i < 5; i++) expect((await contact(t.server, i)).status).toBe(201);
    expect((await contact(t.server, 5)).body).toEqual({ statusCode: 429, message: expect.stringMatching(/./) });
  });

  it('guest uploads and guest likes: one guest per address, whatever the header says', async () => {
    const first = await request(t.server).post('/api/photos/upload').set('X-Forwarded-For', spoofed()).field('title', 'Tiger').field('description', 'In snow.').attach('photo', TIGER, 'tiger.jpg');
    expect(first.status).toBe(201);
    expect((await request(t.server).get('/api/upload-limits').set('X-Forwarded-For', spoofed())).body).toMatchObject({ isGuest: true, dailyUploadsUsed: 1 });

    const member = await request(t.server).post('/api/auth/signup').send({ email: 'liked@example.com', firstName: 'Ada', lastName: 'Birder', password: 'long-enough-1', plan: 'explorer' });
    const token = member.body.sessionToken as string;
    const photo = await request(t.server).post('/api/photos/upload').set('Authorization', `Bearer ${token}`).field('title', 'Tiger').field('description', 'In snow.').attach('photo', TIGER, 'tiger.jpg');
    const photoId = photo.body.photo.id as string;
    await request(t.server).post(`/api/photos/${photoId}/toggle-public`).set('Authorization', `Bearer ${token}`);
    expect((await request(t.server).post(`/api/photos/${photoId}/like`).set('X-Forwarded-For', spoofed())).body).toEqual({ liked: true, totalLikes: 1 });
    // The same guest again under another header value: the like is toggled off, not added.
    expect((await request(t.server).post(`/api/photos/${photoId}/like`).set('X-Forwarded-For', spoofed())).body).toEqual({ liked: false, totalLikes: 0 });
  });

  const address = Object.values(networkInterfaces())
    .flat()
    .find((i) => i !== undefined && !i.internal && i.family === 'IPv4')?.address;
  if (!address) console.warn('per-address limits: skipping the non-loopback client test: this machine has no non-loopback IPv4 address');

  (address ? it : it.skip)('holds for a client on a non-loopback address too', async () => {
    // A listener on that address only, for this test: the request then arrives from it.
    const server = t.server as Server;
    const listener = await new Promise<Server>((resolve) => {
      const s = server.listen(0, address as string, () => resolve(s));
    });
    try {
      const url = `http://${address}:${(listener.address() as AddressInfo).port}`;
      for (let i = 0; i < 5; i++) expect((await contact(url, i)).status).toBe(201);
      expect((await contact(url, 5)).status).toBe(429);
    } finally {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });
});

/**
 * Every per-address limit counts an IPv6 client by its /64 (one subscriber's network): a new
 * address inside it is not a new allowance. The test client on loopback acts as the proxy here.
 */
describe('per-address limits group IPv6 addresses by /64', () => {
  let t: ServiceTestApp;

  beforeAll(async () => {
    t = await createServiceTestApp(
      limitedServices,
      { trustProxy: ['loopback'] },
    );
    t.app.get(LocalServiceRegistry).register('analysis', {
      analyze: async () => ({
        outcome: 'rated',
        rating: { overallRating: '7.0', composition: '7.0', lighting: '7.0', clarity: '7.0', creativity: '7.0', feedback: 'Measured.', subject: 'tiger', location: null, aiModel: 'test-engine', category: 'wildlife', createdAt: new Date().toISOString() },
      }),
    });
  });
  afterAll(() => t.close());

  const contact = (from: string, i: number) =>
    request(t.server)
      .post('/api/contact')
      .set('X-Forwarded-For', from)
      .send({ name: 'Rachel Carson', email: 'rachel@example.com', subject: `Message ${i}`, message: 'One network, many addresses.', category: 'feedback' });

  it('contact messages', async () => {
    for (let i = 1; i <= 5; i++) expect((await contact(`2001:db8:c0:1::${i}`, i)).status).toBe(201);
    expect((await contact('2001:db8:c0:1:ffff::1', 6)).status).toBe(429);
    expect((await contact('2001:db8:c0:2::1', 7)).status).toBe(201);
  });

  it('guest uploads and guest likes', async () => {
    const first = await request(t.server).post('/api/photos/upload').set('X-Forwarded-For', '2001:db8:c1:1::1').field('title', 'Tiger').field('description', 'In snow.').attach('photo', TIGER, 'tiger.jpg');
    expect(first.status).toBe(201);
    expect((await request(t.server).get('/api/upload-limits').set('X-Forwarded-For', '2001:db8:c1:1::2')).body).toMatchObject({ isGuest: true, dailyUploadsUsed: 1 });
    expect((await request(t.server).get('/api/upload-limits').set('X-Forwarded-For', '2001:db8:c1:2::1')).body).toMatchObject({ isGuest: true, dailyUploadsUsed: 0 });

    const member = await request(t.server).post('/api/auth/signup').set('X-Forwarded-For', '2001:db8:c1:9::1').send({ email: 'liked-v6@example.com', firstName: 'Ada', lastName: 'Birder', password: 'long-enough-1', plan: 'explorer' });
    const token = member.body.sessionToken as string;
    const photo = await request(t.server).post('/api/photos/upload').set('Authorization', `Bearer ${token}`).field('title', 'Tiger').field('description', 'In snow.').attach('photo', TIGER, 'tiger.jpg');
    const photoId = photo.body.photo.id as string;
    await request(t.server).post(`/api/photos/${photoId}/toggle-public`).set('Authorization', `Bearer ${token}`);
    expect((await request(t.server).post(`/api/photos/${photoId}/like`).set('X-Forwarded-For', '2001:db8:c1:3::1')).body).toEqual({ liked: true, totalLikes: 1 });
    // Another address of the same network is the same guest: the like is toggled off, not added.
    expect((await request(t.server).post(`/api/photos/${photoId}/like`).set('X-Forwarded-For', '2001:db8:c1:3::2')).body).toEqual({ liked: false, totalLikes: 0 });
  });
});
