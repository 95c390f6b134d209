import 'reflect-metadata';
import { MongoServiceDatabase } from '@wildframe/platform';
import { createMongoTestDatabase, describeWithServer, mongoTestServer } from '@wildframe/platform/testing';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { RunningStandalone, startStandalone } from './standalone';
import { DATA_SERVICES, DEFAULT_ADMIN, type DataService } from './standalone.module';
import { builtEntrypoint, startProcess } from './testing/child-process';
import { workspaceRoot } from './workspace-root';

/**
 * The standalone app with `DATABASE_URL=mongodb://…` (FerretDB here): every service on MongoDB, a
 * short product journey through HTTP (signup, upload, like, contact); then each service's
 * migration Job (its built migrate.js, as the chart runs it) on a fresh database, which must create
 * every index the running modules created here.
 */

/** The named indexes of each collection of a service's MongoDB database (`_id_` aside), sorted. */
async function indexesOf(service: DataService, url: string): Promise<Record<string, string[]>> {
  const database = MongoServiceDatabase.connect({ service, url });
  try {
    const indexes: Record<string, string[]> = {};
    for (const collection of await database.collectionNames()) {
      const names = (await database.indexNames(collection)).filter((name) => name !== '_id_').sort();
      if (names.length > 0) indexes[collection] = names;
    }
    return indexes;
  } finally {
    await database.close();
  }
}

describeWithServer('standalone app on MongoDB (FerretDB)', mongoTestServer(), ({ url: serverUrl }) => {
  let running: RunningStandalone;
  let mongo: Awaited<ReturnType<typeof createMongoTestDatabase>>;
  let dataDir: string;
  const state: { token?: string; userId?: string; photoId?: string; messageId?: string; admin?: string } = {};

  beforeAll(async () => {
    mongo = await createMongoTestDatabase(serverUrl);
    dataDir = mkdtempSync(join(tmpdir(), 'wildframe-standalone-mongo-'));
    // A stand-in web build: this test is about the API on MongoDB.
    writeFileSync(join(dataDir, 'index.html'), '<!doctype html><title>Wildframe</title><div id="root"></div>');
    running = await startStandalone({
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: mongo.url,
      WEB_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO_CONTENT: 'false',
    });
  }, 120_000);

  afterAll(async () => {
    await running?.stop();
    await mongo?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** Documents of one service's MongoDB database, read directly. */
  const documents = async (service: DataService, collection: string, filter: Record<string, unknown>) => {
    const database = MongoServiceDatabase.connect({ service, url: mongo.url });
    try {
      return await (await database.collection(collection)).find(filter).toArray();
    } finally {
      await database.close();
    }
  };

  it('is healthy with every service database up', async () => {
    const res = await request(running.url).get('/api/health');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.checks).sort()).toEqual(DATA_SERVICES.map((service) => `database:${service}`).sort());
    expect(Object.values(res.body.checks).every((check) => check === 'up')).toBe(true);
  });

  it('signs a member up', async () => {
    const res = await request(running.url)
      .post('/api/auth/signup')
      .send({ email: `mongo.${Date.now()}@example.com`, firstName: 'Ada', lastName: 'Mongo', password: 'mongo-journey-1', plan: 'explorer' });
    expect(res.status).toBe(201);
    state.token = res.body.sessionToken;
    state.userId = res.body.user.id;
    const me = await request(running.url).get('/api/auth/user').set('authorization', `Bearer ${state.token}`);
    expect(me.status).toBe(200);
    expect(me.body.plan).toBe('explorer');
  });

  it('uploads a photo, which gets its rating, and makes it public', async () => {
    expect(state.token).toBeDefined();
    const image = readFileSync(join(workspaceRoot(), 'services', 'photos', 'test-fixtures', 'wildlife_mammal_tiger_in_snow_puzzlejigsaw.jpg'));
    const res = await request(running.url)
      .post('/api/photos/upload')
      .set('authorization', `Bearer ${state.token}`)
      .field('title', 'Tiger in snow')
      .field('description', 'Seen on a morning walk.')
      .attach('photo', image, { filename: 'tiger.jpg', contentType: 'image/jpeg' });
    expect(res.status).toBe(201);
    state.photoId = res.body.photo.id;
    const toggled = await request(running.url).post(`/api/photos/${state.photoId}/toggle-public`).set('authorization', `Bearer ${state.token}`);
    expect(toggled.body).toEqual({ message: 'Photo is now public', isPublic: true });
    const gallery = await request(running.url).get('/api/photos?public=true');
    expect(gallery.body.photos.map((photo: { id: string }) => photo.id)).toContain(state.photoId);
  }, 120_000);

  it('counts likes once per viewer', async () => {
    expect(state.photoId).toBeDefined();
    const like = () => request(running.url).post(`/api/photos/${state.photoId}/like`).set('authorization', `Bearer ${state.token}`);
    expect((await like()).body).toEqual({ liked: true, totalLikes: 1 });
    expect((await request(running.url).post(`/api/photos/${state.photoId}/like`)).body).toEqual({ liked: true, totalLikes: 2 });
    const detail = await request(running.url).get(`/api/photos/${state.photoId}`);
    expect(detail.body.likes).toBe(2);
  });

  it('takes a contact message that the admin answers, stored in the contact service’s own MongoDB database', async () => {
    const sent = await request(running.url)
      .post('/api/contact')
      .set('authorization', `Bearer ${state.token}`)
      .send({ name: 'Ada Mongo', email: 'ada@example.org', subject: 'Hello', message: 'A message long enough to be sent.', category: 'feedback' });
    expect(sent.status).toBe(201);
    state.messageId = sent.body.id;
    const admin = await request(running.url).post('/api/auth/login').send(DEFAULT_ADMIN);
    expect(admin.status).toBe(200);
    state.admin = admin.body.sessionToken;
    const reply = await request(running.url)
      .post(`/api/admin/contact-messages/${state.messageId}/response`)
      .set('authorization', `Bearer ${state.admin}`)
      .send({ responseText: 'Thanks, noted.', isPublic: true });
    expect([200, 201]).toContain(reply.status);
    const listed = await request(running.url).get('/api/admin/contact-messages').set('authorization', `Bearer ${state.admin}`);
    const message = listed.body.find((entry: { id: string }) => entry.id === state.messageId);
    expect(message.userId).toBe(state.userId);
    expect(message.responses.map((response: { responseText: string }) => response.responseText)).toEqual(['Thanks, noted.']);
    const [stored] = await documents('contact', 'contact_messages', { _id: state.messageId });
    expect(stored?.['responses']).toHaveLength(1);
    // Its `received` event went out and left the document.
    expect(stored?.['_outbox'] ?? []).toEqual([]);
  });

  it('each service’s migration Job (built migrate.js) creates on a fresh database every index its module created here', async () => {
    const fresh = await createMongoTestDatabase(serverUrl);
    try {
      const listing: string[] = [];
      // The five Jobs at once, as the chart's hooks run them (each on its own database).
      const jobs = DATA_SERVICES.map((service) => startProcess(builtEntrypoint(service).replace(/main\.js$/, 'migrate.js'), { DATABASE_URL: fresh.url, DATABASE_DRIVER: 'mongodb' }));
      for (const [index, service] of DATA_SERVICES.entries()) {
        const job = jobs[index];
        if (job === undefined) throw new Error(`no migration Job for ${service}`);
        expect({ service, exit: await job.exited, output: job.output() }).toEqual({ service, exit: 0, output: expect.stringMatching(new RegExp(`${service}: indexes of \\d+ models ensured`)) });
        const byJob = await indexesOf(service, fresh.url);
        expect({ service, indexes: byJob }).toEqual({ service, indexes: await indexesOf(service, mongo.url) });
        expect(byJob['processed_events']).toEqual(['processed_events_consumer_event']);
        listing.push(`${service}: ${Object.entries(byJob).map(([collection, names]) => `${collection} (${names.join(', ')})`).join('; ')}`);
      }
      // The indexes the photos Job once left out (its feature folders' models): one critique per member and photo, and the photographers' read model.
      const photos = await indexesOf('photos', fresh.url);
      expect(photos['member_ratings']).toEqual(['member_ratings_photo_updated', 'member_ratings_photo_user', 'member_ratings_user', 'outbox_seq']);
      expect(photos['photographers']).toEqual(['photographers_public']);
      console.log(`indexes created by each migrate.js on MongoDB:\n  ${listing.join('\n  ')}`);
    } finally {
      await fresh.drop();
    }
  }, 120_000);
});
