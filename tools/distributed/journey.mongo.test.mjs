// The distributed shape on MongoDB: the six built service entrypoints as separate OS processes over
// Kafka and S3 (MinIO), each data service with a `mongodb://` DATABASE_URL on FerretDB (its own
// database on it, DATABASE_DRIVER=mongodb, indexes created at start-up), driven only through the
// gateway: signup, upload and rating, like, contact and the admin's reply; then every service's
// MongoDB outbox drains.
//
// A data service runs on MongoDB once its module is wired for it (passes `mongoModels` to
// DatabaseModule.forService); until then it stays on PostgreSQL here, and the run prints which
// services are on which backend.
// Run by `npm test` after the PostgreSQL journey; alone: `npm run build && node --test tools/distributed/journey.mongo.test.mjs`.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe } from 'node:test';
import mongoose from 'mongoose';
import { DATA_SERVICES, startCluster } from './cluster.mjs';
import { eventually, gatewayClient, journeySteps, uploadPhoto } from './journey-kit.mjs';

const root = new URL('../..', import.meta.url).pathname;
const TIGER = readFileSync(join(root, 'services', 'photos', 'test-fixtures', 'wildlife_mammal_tiger_in_snow_puzzlejigsaw.jpg'));
const ADMIN = { email: 'mongo.admin@wildframe.test', password: 'mongo-journey-admin-password' };

/** The data services wired for MongoDB: their module hands its mongoose models to DatabaseModule.forService. */
export const ON_MONGO = DATA_SERVICES.filter((service) => {
  const module = join(root, 'services', service, 'src', `${service}.module.ts`);
  return existsSync(module) && /\bmongoModels\b/.test(readFileSync(module, 'utf8'));
});

let cluster;
const state = {};
const { step, durations, report, failed } = journeySteps();
const { api, expectStatus } = gatewayClient(() => cluster.url);

/** Runs `fn(db)` on a data service's own MongoDB database. */
async function withDatabase(service, fn) {
  const url = cluster.databases[service];
  const connection = await mongoose.createConnection(url, { dbName: `${new URL(url).pathname.slice(1)}_${service}` }).asPromise();
  try {
    return await fn(connection.db);
  } finally {
    await connection.close();
  }
}

describe('distributed shape on MongoDB: six services as processes over Kafka, FerretDB and S3', () => {
  before(async () => {
    const started = Date.now();
    const onPostgres = DATA_SERVICES.filter((service) => !ON_MONGO.includes(service));
    console.log(`  on MongoDB: ${ON_MONGO.join(', ') || 'no service'}; still on PostgreSQL (module not wired for MongoDB yet): ${onPostgres.join(', ') || 'none'}`);
    cluster = await startCluster({
      instance: `journey-mongo-${process.pid}`,
      logLevel: 'warn',
      adminEmail: ADMIN.email,
      adminPassword: ADMIN.password,
      mongo: ON_MONGO,
      serviceEnv: { analysis: { ANALYSIS_WARM_UP: 'false' } },
      onStep: (message) => console.log(`  [cluster] ${message} (${((Date.now() - started) / 1000).toFixed(1)} s)`),
    });
    durations.push(['start Kafka, FerretDB, PostgreSQL, MinIO and the six services', Date.now() - started]);
  }, { timeout: 600_000 });

  after(async () => {
    if (failed() && cluster) {
      for (const service of Object.values(cluster.services)) console.log(`\n--- ${service.name} (last output) ---\n${service.log.slice(-3000)}`);
    }
    await cluster?.stop();
    report('Distributed journey on MongoDB');
  });

  step('every service is ready with its database', async () => {
    for (const service of DATA_SERVICES) {
      const res = await fetch(`${cluster.services[service].url}/api/health/ready`);
      assert.equal(res.status, 200, `${service} not ready`);
    }
  });

  step('a member signs up', async () => {
    const email = `mongo.${Date.now()}@example.com`;
    const body = await expectStatus('POST', '/auth/signup', 201, { json: { email, firstName: 'Ada', lastName: 'Mongo', password: 'mongo-journey-1', plan: 'explorer' } });
    state.member = { id: body.user.id, token: body.sessionToken, email };
    assert.equal((await expectStatus('GET', '/auth/user', 200, { token: state.member.token })).plan, 'explorer');
  });

  step('uploads a photo that gets its AI rating, and makes it public', async () => {
    state.photo = await uploadPhoto(expectStatus, state.member.token, TIGER, 'Tiger in snow');
    await eventually('the rating', async () => {
      const detail = await expectStatus('GET', `/photos/${state.photo.id}`, 200, { token: state.member.token });
      assert.match(detail.rating?.overallRating ?? '', /^\d+\.\d$/);
    }, 120_000);
    await expectStatus('POST', `/photos/${state.photo.id}/toggle-public`, 200, { token: state.member.token });
  }, 180_000);

  step('likes count once per viewer', async () => {
    assert.deepEqual(await expectStatus('POST', `/photos/${state.photo.id}/like`, 200, { token: state.member.token }), { liked: true, totalLikes: 1 });
    assert.deepEqual(await expectStatus('POST', `/photos/${state.photo.id}/like`, 200), { liked: true, totalLikes: 2 });
  });

  step('a contact message reaches the admin, who replies', async () => {
    const sent = await expectStatus('POST', '/contact', 201, {
      token: state.member.token,
      json: { name: 'Ada Mongo', email: state.member.email, subject: 'Hello', message: 'A message long enough to be sent.', category: 'feedback' },
    });
    state.admin = (await expectStatus('POST', '/auth/login', 200, { json: ADMIN })).sessionToken;
    const reply = await api('POST', `/admin/contact-messages/${sent.id}/response`, { token: state.admin, json: { responseText: 'Thanks, noted.', isPublic: true } });
    assert.ok(reply.status === 200 || reply.status === 201, JSON.stringify(reply));
    const listed = (await expectStatus('GET', '/admin/contact-messages', 200, { token: state.admin })).find((message) => message.id === sent.id);
    assert.equal(listed.userId, state.member.id);
    assert.deepEqual(listed.responses.map((response) => response.responseText), ['Thanks, noted.']);
    state.messageId = sent.id;
    if (ON_MONGO.includes('contact')) {
      const stored = await withDatabase('contact', (db) => db.collection('contact_messages').findOne({ _id: sent.id }));
      assert.equal(stored?.responses?.length, 1, 'the message is not in contact’s MongoDB database');
    }
  });

  step('every MongoDB outbox drains (each event published, then popped from its document)', async () => {
    for (const service of ON_MONGO) {
      await eventually(`${service}'s outbox drained`, () =>
        withDatabase(service, async (db) => {
          const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).filter((name) => name !== 'processed_events');
          for (const name of names) {
            const left = await db.collection(name).countDocuments({ '_outbox.0': { $exists: true } });
            assert.equal(left, 0, `${service}.${name}: ${left} documents with unpublished events`);
          }
        }),
      );
    }
  });
});
