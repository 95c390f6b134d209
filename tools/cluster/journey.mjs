// The journey check:cluster drives through the gateway's pod, only over HTTP as a browser would
// (plus a look into the S3 bucket): a signup, whose event reaches photos over Kafka; an upload of
// a real photo, stored in S3 and critiqued by analysis; the gallery; a like; and an admin who
// answers a member's contact message. Each step is one check with its time.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { s3Client } from '../infra/minio.mjs';

const PASSWORD = 'cluster-journey-password-1';

/** Polls `probe` (which throws until satisfied) until it passes or `timeoutMs` ends. */
async function eventually(what, probe, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await probe();
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs / 1000} s: ${error.message}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** base: the gateway's URL; admin: { email, password }; s3 + bucket: where photos stores files. */
export async function runJourney({ base, admin, s3, bucket, fixturesDir, check, note }) {
  async function api(method, path, { token, json, form } = {}) {
    const headers = {};
    if (token) headers.authorization = `Bearer ${token}`;
    let body = form;
    if (json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(json);
    }
    const response = await fetch(`${base}/api${path}`, { method, headers, body, signal: AbortSignal.timeout(60_000) });
    const text = await response.text();
    let parsed = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed };
  }
  async function expect(method, path, status, options) {
    const response = await api(method, path, options);
    if (response.status !== status) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
    return response.body;
  }
  const state = {};
  const steps = [
    ['the web app and /api/health through the gateway', async () => {
      const page = await fetch(`${base}/`);
      const html = await page.text();
      if (page.status !== 200 || !html.includes('<div id="root"')) throw new Error(`GET /: ${page.status}`);
      await expect('GET', '/health', 200);
    }],
    ['signup (auth); photos learns the member over Kafka', async () => {
      const email = `cluster.${Date.now()}@example.com`;
      const body = await expect('POST', '/auth/signup', 201, { json: { email, firstName: 'Ada', lastName: 'Cluster', password: PASSWORD, plan: 'explorer' } });
      state.member = { id: body.user.id, token: body.sessionToken, email };
      const user = await expect('GET', '/auth/user', 200, { token: state.member.token });
      if (user.plan !== 'explorer') throw new Error(`plan ${user.plan}`);
    }],
    ['upload of a real photo (multipart through the gateway to photos, stored in S3)', async () => {
      const form = new FormData();
      form.set('title', 'Tiger in snow');
      form.set('description', 'Seen from the cluster.');
      form.set('photo', new Blob([readFileSync(join(fixturesDir, 'wildlife_mammal_tiger_in_snow_puzzlejigsaw.jpg'))], { type: 'image/jpeg' }), 'tiger.jpg');
      state.photo = (await expect('POST', '/photos/upload', 201, { token: state.member.token, form })).photo;
      const client = await s3Client(s3);
      try {
        const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
        const keys = (listed.Contents ?? []).map((object) => object.Key).filter((key) => key.includes(state.photo.id));
        if (keys.length === 0) throw new Error(`no object of photo ${state.photo.id} in bucket ${bucket}`);
        note(`S3 ${bucket}: ${keys.join(', ')}`);
      } finally {
        client.destroy();
      }
    }],
    ["the photo's critique (analysis) and its uploader's name (over Kafka)", async () => {
      const detail = await eventually('a rating', async () => {
        const body = await expect('GET', `/photos/${state.photo.id}`, 200, { token: state.member.token });
        if (!body.rating?.overallRating) throw new Error('not rated yet');
        if (body.userFirstName !== 'Ada') throw new Error(`uploader name ${body.userFirstName}`);
        return body;
      }, 240_000);
      note(`overall rating ${detail.rating.overallRating}`);
    }],
    ['made public, the photo is in the gallery', async () => {
      await expect('POST', `/photos/${state.photo.id}/toggle-public`, 200, { token: state.member.token });
      const gallery = await expect('GET', '/photos?public=true', 200);
      if (!gallery.photos.some((photo) => photo.id === state.photo.id)) throw new Error('not in the public gallery');
      const { imageUrl } = await expect('GET', `/photos/${state.photo.id}`, 200);
      const image = await fetch(`${base}${imageUrl}`);
      if (image.status !== 200 || !(image.headers.get('content-type') ?? '').startsWith('image/')) throw new Error(`its image answered ${image.status}`);
    }],
    ['a like, counted once', async () => {
      const liked = await expect('POST', `/photos/${state.photo.id}/like`, 200, { token: state.member.token });
      if (!liked.liked || liked.totalLikes !== 1) throw new Error(JSON.stringify(liked));
      const again = await expect('GET', `/photos/${state.photo.id}`, 200);
      if (again.likes !== 1) throw new Error(`likes ${again.likes}`);
    }],
    ['the admin answers a contact message (contact, admin role from auth)', async () => {
      const sent = await expect('POST', '/contact', 201, {
        token: state.member.token,
        json: { name: 'Ada Cluster', email: state.member.email, subject: 'Hello', message: 'A message long enough to be sent.', category: 'feedback' },
      });
      const token = (await expect('POST', '/auth/login', 200, { json: admin })).sessionToken;
      const reply = await api('POST', `/admin/contact-messages/${sent.id}/response`, { token, json: { responseText: 'Thanks, noted.', isPublic: true } });
      if (reply.status !== 200 && reply.status !== 201) throw new Error(`reply: ${reply.status} ${JSON.stringify(reply.body)}`);
      const listed = (await expect('GET', '/admin/contact-messages', 200, { token })).find((message) => message.id === sent.id);
      if (listed?.responses?.[0]?.responseText !== 'Thanks, noted.') throw new Error(`listed: ${JSON.stringify(listed)}`);
    }],
  ];
  for (const [name, run] of steps) {
    const t0 = Date.now();
    try {
      await run();
      check(`journey: ${name}`, true, `${((Date.now() - t0) / 1000).toFixed(1)} s`);
    } catch (error) {
      check(`journey: ${name}`, false, error.message);
      return false;
    }
  }
  return true;
}
