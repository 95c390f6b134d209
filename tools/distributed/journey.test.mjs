// The distributed shape, end to end: the six built service entrypoints as separate OS processes
// over a real Kafka broker, a database server (one database per service) and S3 (MinIO), driven
// only through the gateway. Midway photos is killed with SIGKILL while events for it are pending,
// then started again: nothing is lost, nothing is applied twice, every outbox drains, and a private
// image URL signed before the restart still opens.
//
// One journey for both backends: DATABASE picks the data services' backend as for
// `npm run start:distributed` (mongodb, the default, on the MongoDB-wire server FerretDB; postgres;
// or per service, e.g. mongodb,billing=postgres), and what the steps check in the services' own
// databases is asked through journey-stores.mjs, which answers on either. `npm test`
// (tools/test.mjs) runs it once per backend after the build; alone:
//   npm run build && DATABASE=postgres node --test tools/distributed/journey.test.mjs
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe } from 'node:test';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Kafka, logLevel } from 'kafkajs';
import { BUCKETS, DATA_SERVICES, databaseDrivers, kafkaClient, startCluster } from './cluster.mjs';
import { eventually, gatewayClient, journeySteps, uploadPhoto } from './journey-kit.mjs';
import { journeyStores } from './journey-stores.mjs';
import { startOtlpSink } from './otlp-sink.mjs';

const root = new URL('../..', import.meta.url).pathname;
const fixture = (name) => readFileSync(join(root, 'services', 'photos', 'test-fixtures', name));
const TIGER = fixture('wildlife_mammal_tiger_in_snow_puzzlejigsaw.jpg');
const CANYON = fixture('landscape_grand_canyon_kphotoalbum.jpg');
const KINGFISHER = fixture('wildlife_bird_kingfisher_gcompris.webp');
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const PASSWORD = 'journey-password-1';
const ADMIN = { email: 'journey.admin@wildframe.test', password: 'journey-admin-password' };

/** The data services' backends (DATABASE, as for start:distributed; default MongoDB for all). */
const drivers = databaseDrivers(process.env.DATABASE ?? '');
const backends = [...new Set(Object.values(drivers))].sort();
const backendTitle = backends.map((driver) => ({ mongodb: 'MongoDB (FerretDB)', postgres: 'PostgreSQL' })[driver]).join(' and ');

let cluster;
let stores;
/** Where the services export their spans (OTEL_EXPORTER_OTLP_ENDPOINT). */
let traces;
const { step, durations, report, failed } = journeySteps();
const { api, expectStatus } = gatewayClient(() => cluster.url);
const state = {};

async function storedKeys(bucket) {
  const { minio } = cluster.infra;
  const s3 = new S3Client({
    endpoint: minio.endpoint,
    region: minio.region,
    forcePathStyle: true,
    credentials: { accessKeyId: minio.accessKeyId, secretAccessKey: minio.secretAccessKey },
  });
  try {
    const keys = [];
    let token;
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
      keys.push(...(page.Contents ?? []).map((object) => object.Key));
      token = page.NextContinuationToken;
    } while (token);
    return keys;
  } finally {
    s3.destroy();
  }
}

const upload = (token, image, title, type, headers) => uploadPhoto(expectStatus, token, image, title, type, headers);

/**
 * The ids (`ce_id`) of every event on these topics, read from the broker from the start: what was
 * published, whichever outbox it came from (on MongoDB the relay removes published events).
 */
async function publishedEventIds(topics) {
  const kafka = new Kafka({ ...kafkaClient(cluster.kafkaEnv, 'journey-check'), logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  let total = 0;
  try {
    for (const topic of topics) for (const { high, low } of await admin.fetchTopicOffsets(topic)) total += Number(high) - Number(low);
  } finally {
    await admin.disconnect();
  }
  const ids = [];
  if (total === 0) return ids;
  const consumer = kafka.consumer({ groupId: `journey-check-${randomBytes(4).toString('hex')}` });
  await consumer.connect();
  try {
    await consumer.subscribe({ topics, fromBeginning: true });
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`read ${ids.length} of the ${total} events on ${topics.join(', ')} within 30 s`)), 30_000);
      consumer
        .run({
          eachMessage: async ({ message }) => {
            ids.push(message.headers?.ce_id?.toString());
            if (ids.length >= total) {
              clearTimeout(timer);
              resolve();
            }
          },
        })
        .catch(reject);
    });
  } finally {
    await consumer.disconnect();
  }
  return ids;
}

/** A new W3C trace for a request: its id and the `traceparent` header that starts it. */
function newTrace() {
  const traceId = randomBytes(16).toString('hex');
  return { traceId, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` };
}

/** Waits until `to` exported a span of the trace whose parent is a span `from` exported: the call between them carried the trace. */
async function expectHop(traceId, from, to) {
  await eventually(`a ${from} → ${to} hop in trace ${traceId}`, async () => {
    const spans = traces.spans().filter((span) => span.traceId === traceId);
    const fromIds = new Set(spans.filter((span) => span.service === `wildframe-${from}`).map((span) => span.spanId));
    assert.ok(spans.some((span) => span.service === `wildframe-${to}` && fromIds.has(span.parentSpanId)), `${spans.length} spans in the trace`);
  }, 30_000);
}

describe(`distributed shape on ${backendTitle}: six services as processes over Kafka, ${backendTitle} and S3`, () => {
  before(async () => {
    const started = Date.now();
    traces = await startOtlpSink();
    cluster = await startCluster({
      // Spans exported as a chart with tracing.enabled exports them, flushed every 250 ms.
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: traces.endpoint, OTEL_BSP_SCHEDULE_DELAY: '250' },
      instance: `journey-${backends.join('-')}-${process.pid}`,
      drivers,
      logLevel: 'warn',
      adminEmail: ADMIN.email,
      adminPassword: ADMIN.password,
      // The local engine loads its models on the first photo, not while the others start.
      serviceEnv: { analysis: { ANALYSIS_WARM_UP: 'false' } },
      onStep: (message) => console.log(`  [cluster] ${message} (${((Date.now() - started) / 1000).toFixed(1)} s)`),
    });
    stores = journeyStores(cluster);
    durations.push([`start Kafka, MinIO, ${backendTitle} and the six services`, Date.now() - started]);
  }, { timeout: 600_000 });

  after(async () => {
    if (failed() && cluster) {
      for (const service of Object.values(cluster.services)) console.log(`\n--- ${service.name} (last output) ---\n${service.log.slice(-3000)}`);
    }
    await cluster?.stop();
    await traces?.close();
    report(`Distributed journey on ${backendTitle}`);
  });

  step('every data service is ready on its backend (DATABASE_DRIVER as the chart sets it)', async () => {
    for (const service of DATA_SERVICES) {
      assert.equal(cluster.services[service].env.DATABASE_DRIVER, drivers[service], `${service}'s DATABASE_DRIVER`);
      assert.match(cluster.databases[service], drivers[service] === 'mongodb' ? /^mongodb:\/\// : /^postgres(ql)?:\/\//, `${service}'s DATABASE_URL`);
      const ready = await fetch(`${cluster.services[service].url}/api/health/ready`);
      assert.equal(ready.status, 200, `${service} not ready`);
    }
  });

  step('explorer signs up (auth), and photos learns the name over Kafka', async () => {
    const email = `explorer.${Date.now()}@example.com`;
    state.trace = { traceId: randomBytes(16).toString('hex'), callerSpanId: randomBytes(8).toString('hex') };
    const body = await expectStatus('POST', '/auth/signup', 201, {
      json: { email, firstName: 'Ada', lastName: 'Explorer', password: PASSWORD, plan: 'explorer' },
      headers: { traceparent: `00-${state.trace.traceId}-${state.trace.callerSpanId}-01` },
    });
    state.explorer = { id: body.user.id, token: body.sessionToken, email };
    assert.equal((await expectStatus('GET', '/auth/user', 200, { token: state.explorer.token })).plan, 'explorer');
    await eventually('photos knows the uploader', async () => {
      assert.deepEqual(await stores.uploaders([state.explorer.id]), [{ userId: state.explorer.id, firstName: 'Ada' }]);
    });
  });

  step("the signup's traceparent runs through gateway, auth, its outbox and Kafka to photos' consumer (OTLP spans)", async () => {
    const { traceId, callerSpanId } = state.trace;
    const inTrace = (service, test) => traces.spans().find((span) => span.traceId === traceId && span.service === `wildframe-${service}` && test(span));
    const chain = await eventually('every hop exported its span', async () => {
      // The gateway's two spans are both named POST: its server span continues the caller's, its proxy call is the child.
      const gateway = inTrace('gateway', (span) => span.parentSpanId === callerSpanId);
      const hops = {
        gateway,
        proxy: gateway && inTrace('gateway', (span) => span.parentSpanId === gateway.spanId),
        auth: inTrace('auth', (span) => span.name === 'POST /api/auth/signup'),
        publish: inTrace('auth', (span) => span.name === 'publish auth.user.registered.v1'),
        consume: inTrace('photos', (span) => span.name === 'process auth.user.registered.v1'),
      };
      for (const [hop, span] of Object.entries(hops)) assert.ok(span, `no ${hop} span in trace ${traceId} (${traces.spans().length} spans received)`);
      return hops;
    }, 30_000);
    assert.equal(chain.gateway.parentSpanId, callerSpanId, "the gateway continues the caller's span");
    assert.equal(chain.auth.parentSpanId, chain.proxy.spanId, "auth continues the gateway's proxy call");
    // The outbox relays after the commit, outside the request, yet the event stays in its trace.
    assert.equal(chain.publish.parentSpanId, chain.auth.spanId, 'the publication continues the signup request');
    assert.equal(chain.consume.parentSpanId, chain.publish.spanId, "photos' consumer continues the publication (Kafka headers)");
  });

  step('explorer uploads two real photos (multipart through the gateway to photos, S3)', async () => {
    const trace = newTrace();
    state.publicPhoto = await upload(state.explorer.token, TIGER, 'Tiger in snow', 'image/jpeg', { traceparent: trace.traceparent });
    // The upload's critique: photos called analysis's internal API within the upload's trace.
    await expectHop(trace.traceId, 'photos', 'analysis');
    state.privatePhoto = await upload(state.explorer.token, CANYON, 'Canyon at dusk');
    const keys = await storedKeys(BUCKETS.photos);
    for (const photo of [state.publicPhoto, state.privatePhoto]) assert.ok(keys.some((key) => key.includes(photo.id)), `no object of ${photo.id} in S3`);
  }, 180_000);

  step('each photo gets its AI rating (analysis)', async () => {
    for (const photo of [state.publicPhoto, state.privatePhoto]) {
      const rated = await eventually(`rating of ${photo.id}`, async () => {
        const detail = await expectStatus('GET', `/photos/${photo.id}`, 200, { token: state.explorer.token });
        assert.ok(detail.rating?.overallRating, 'not rated yet');
        return detail;
      }, 120_000);
      assert.match(rated.rating.overallRating, /^\d+\.\d$/);
    }
    assert.equal(await stores.ratings([state.publicPhoto.id, state.privatePhoto.id]), 2);
  }, 180_000);

  step('explorer makes one photo public; the other stays private behind a signed URL', async () => {
    assert.deepEqual(await expectStatus('POST', `/photos/${state.publicPhoto.id}/toggle-public`, 200, { token: state.explorer.token }), {
      message: 'Photo is now public',
      isPublic: true,
    });
    const detail = await expectStatus('GET', `/photos/${state.privatePhoto.id}`, 200, { token: state.explorer.token });
    assert.equal(detail.isPublic, false);
    state.signedUrl = detail.imageUrl;
    assert.match(state.signedUrl, /\?/, 'a private image URL carries a signature');
    const image = await fetch(`${cluster.url}${state.signedUrl}`);
    assert.equal(image.status, 200);
    const unsigned = await fetch(`${cluster.url}${state.signedUrl.split('?')[0]}`);
    assert.notEqual(unsigned.status, 200, 'the private image opened without its signature');
  });

  step('gallery lists the public photo, not the private one', async () => {
    const gallery = await expectStatus('GET', '/photos?public=true', 200);
    const ids = gallery.photos.map((photo) => photo.id);
    assert.ok(ids.includes(state.publicPhoto.id));
    assert.ok(!ids.includes(state.privatePhoto.id));
  });

  step('likes and views are counted once each', async () => {
    assert.deepEqual(await expectStatus('POST', `/photos/${state.publicPhoto.id}/like`, 200, { token: state.explorer.token }), { liked: true, totalLikes: 1 });
    assert.deepEqual(await expectStatus('POST', `/photos/${state.publicPhoto.id}/like`, 200), { liked: true, totalLikes: 2 });
    state.views = (await expectStatus('POST', `/photos/${state.publicPhoto.id}/view`, 200)).views;
    assert.ok(state.views >= 1);
  });

  step('photos is killed (SIGKILL) while auth publishes events for it, then restarted', async () => {
    const photos = cluster.services.photos;
    const result = await photos.stop('SIGKILL');
    assert.equal(result, 'SIGKILL');
    // While photos is down: the gateway answers 502 in the envelope, auth goes on publishing.
    assert.deepEqual(await expectStatus('GET', '/photos?public=true', 502), { statusCode: 502, message: 'The photos service is unavailable. Please try again shortly.' });
    const member = await expectStatus('POST', '/auth/signup', 201, {
      json: { email: `member.${Date.now()}@example.com`, firstName: 'Grace', lastName: 'Member', password: PASSWORD, plan: 'explorer' },
    });
    state.member = { id: member.user.id, token: member.sessionToken };
    await expectStatus('PUT', '/user/profile', 200, { token: state.explorer.token, json: { firstName: 'Adele', lastName: 'Explorer', email: state.explorer.email } });
    // Both events are out of auth's outbox (and on the broker) before photos comes back.
    await eventually('auth published the events', async () => {
      assert.equal(await stores.unpublished('auth'), 0);
    });
    const restarted = Date.now();
    await photos.start();
    state.photosRestartMs = Date.now() - restarted;
  }, 180_000);

  step('after the restart: no event lost, none applied twice, counts unchanged', async () => {
    await eventually('photos caught up with auth', async () => {
      const detail = await expectStatus('GET', `/photos/${state.publicPhoto.id}`, 200);
      assert.equal(detail.userFirstName, 'Adele');
      assert.deepEqual(await stores.uploaders([state.member.id]), [{ userId: state.member.id, firstName: 'Grace' }]);
    });
    // Every auth.user.* event on the broker was processed by photos exactly once.
    const published = await publishedEventIds(['auth.user.registered.v1', 'auth.user.updated.v1']);
    assert.ok(published.length >= 3, `${published.length} auth.user events on the broker, want the two signups and the profile change at least`);
    const processed = await stores.processedEventIds('photos', 'photos');
    for (const id of published) assert.ok(processed.has(id), `event ${id} was never applied by photos`);
    // Applied once: one uploader per account, counters equal to what they count (a redelivery is
    // recorded in processed_events, keyed by event id, and skipped).
    assert.equal((await stores.uploaders([state.explorer.id, state.member.id])).length, 2);
    // Counters kept, and equal to the likes stored.
    const detail = await expectStatus('GET', `/photos/${state.publicPhoto.id}`, 200);
    assert.equal(detail.likes, 2);
    assert.equal(detail.views, state.views);
    assert.deepEqual(await stores.likes(state.publicPhoto.id), { counter: 2, stored: 2 });
  });

  step('a private image URL signed before the photos restart still opens', async () => {
    const image = await fetch(`${cluster.url}${state.signedUrl}`);
    assert.equal(image.status, 200);
    assert.match(image.headers.get('content-type') ?? '', /^image\//);
  });

  step('paid signup with the sandbox card: billing creates the account in auth, auth learns the plan over Kafka', async () => {
    const account = { email: `paid.${Date.now()}@example.com`, firstName: 'Ansel', lastName: 'Paid', password: PASSWORD };
    const setup = await expectStatus('POST', '/create-subscription-signup', 200, { json: { ...account, plan: 'enthusiast', isAnnual: true } });
    await expectStatus('POST', '/billing/sandbox/confirm-setup', 200, { json: { clientSecret: setup.clientSecret, ...CARD } });
    const trace = newTrace();
    const signup = await expectStatus('POST', '/complete-subscription', 200, {
      json: { setupIntentId: setup.setupIntentId, plan: 'enthusiast', isAnnual: true },
      headers: { traceparent: trace.traceparent },
    });
    const token = signup.sessionToken;
    // Billing created the account through auth's internal API within the request's trace.
    await expectHop(trace.traceId, 'billing', 'auth');
    const user = await eventually('auth has the plan', async () => {
      const body = await expectStatus('GET', '/auth/user', 200, { token });
      assert.equal(body.plan, 'enthusiast');
      return body;
    });
    state.paid = { id: user.id, token, email: account.email };
    await eventually('photos applies the paid limits', async () => {
      assert.equal((await expectStatus('GET', '/upload-limits', 200, { token })).planName, 'enthusiast');
    });
  });

  step('the paid member uploads a photo and gets editing tips (analysis)', async () => {
    state.paidPhoto = await upload(state.paid.token, KINGFISHER, 'Kingfisher', 'image/webp');
    const tips = await eventually('editing tips', async () => {
      const res = await api('POST', `/photos/${state.paidPhoto.id}/editing-suggestions`, { token: state.paid.token, json: { platform: 'lightroom' } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body;
    }, 120_000);
    assert.match(tips.suggestions, /^1\. /);
    await eventually('the photo is rated', async () => {
      assert.equal(await stores.ratings([state.paidPhoto.id]), 1);
    }, 120_000);
    await expectStatus('POST', `/photos/${state.publicPhoto.id}/like`, 200, { token: state.paid.token });
  }, 240_000);

  step('a contact message reaches the admin, who replies', async () => {
    const sent = await expectStatus('POST', '/contact', 201, {
      token: state.explorer.token,
      json: { name: 'Ada Explorer', email: state.explorer.email, subject: 'Hello', message: 'A message long enough to be sent.', category: 'feedback' },
    });
    state.admin = (await expectStatus('POST', '/auth/login', 200, { json: ADMIN })).sessionToken;
    const reply = await api('POST', `/admin/contact-messages/${sent.id}/response`, { token: state.admin, json: { responseText: 'Thanks, noted.', isPublic: true } });
    assert.ok(reply.status === 200 || reply.status === 201, JSON.stringify(reply));
    const listed = (await expectStatus('GET', '/admin/contact-messages', 200, { token: state.admin })).find((message) => message.id === sent.id);
    assert.equal(listed.userId, state.explorer.id);
    assert.deepEqual(listed.responses.map((response) => response.responseText), ['Thanks, noted.']);
  });

  step('the admin deletes the paid member: photos, files, sessions, ratings and subscription go in every service', async () => {
    const { id, token } = state.paid;
    const photoId = state.paidPhoto.id;
    assert.ok((await storedKeys(BUCKETS.photos)).some((key) => key.includes(photoId)));
    assert.deepEqual((await stores.subscriptionStatuses(id)).filter((status) => status === 'active'), ['active']);
    assert.deepEqual(await expectStatus('DELETE', `/admin/users/${id}`, 200, { token: state.admin }), { message: 'User deleted' });

    // auth: account and sessions, at once.
    assert.equal((await api('GET', '/auth/user', { token })).status, 401);
    assert.equal(await stores.sessions(id), 0);
    assert.equal(await stores.accounts(id), 0);
    // photos (over Kafka): the photo and its files in S3; the like it gave is taken back.
    await eventually('photos removed the account', async () => {
      assert.equal((await api('GET', `/photos/${photoId}`, { token: state.admin })).status, 404);
      assert.equal((await storedKeys(BUCKETS.photos)).filter((key) => key.includes(photoId)).length, 0);
      assert.deepEqual(await stores.uploaders([id]), []);
    });
    // analysis (over Kafka, from photos' deletion event): the rating and tips.
    await eventually('analysis removed the rating and tips', async () => {
      assert.equal(await stores.ratings([photoId]), 0);
      assert.equal(await stores.editingTips(photoId), 0);
    });
    // billing (over Kafka): no open subscription is left (ended rows stay as history).
    await eventually('billing ended the subscription', async () => {
      const open = (await stores.subscriptionStatuses(id)).filter((status) => !['ended', 'abandoned'].includes(status));
      assert.deepEqual(open, []);
    });
    // Nobody else's data went with it.
    assert.equal((await expectStatus('GET', `/photos/${state.publicPhoto.id}`, 200)).userFirstName, 'Adele');
  });

  step('every outbox drains', async () => {
    await eventually('outboxes empty', async () => {
      for (const service of DATA_SERVICES) {
        const left = await stores.unpublished(service);
        assert.equal(left, 0, `${service} has ${left} changes with unpublished events`);
      }
    });
    console.log(`  photos restarted (SIGKILL) and healthy again in ${(state.photosRestartMs / 1000).toFixed(1)} s`);
  });
});
