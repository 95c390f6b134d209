#!/usr/bin/env node
// Upload benchmark (not a test; it prints figures, no pass/fail). Does the site keep answering
// while photos are decoded and rated? For the standalone app, and for the distributed shape (its
// photos + analysis pair, behind the gateway, over Kafka, the default database and MinIO), it probes
// `GET /api/health/live` every 50 ms (standalone: the app; distributed: the photos and the
// analysis service, as their liveness probes do) and reads the gallery's first page in a loop,
// while:
//   1. nothing else happens (the baseline);
//   2. a member uploads a 12 MP JPEG, one after another (upload to rated response: p50/p95);
//   3. N members upload 12 MP JPEGs in parallel, and a guest sends decode bombs: a header-only
//      HEIC declaring 10000×10000 and a real 23 KB HEIC of 10000×10000;
//   4. a guest sends that 100 MP HEIC three times (refused from its header, then 429);
//   5. a member uploads it, and it is decoded (in an image worker).
// For each phase: the probes' p50/max, the gallery's p99, the uploads' p50/p95 and statuses, and
// the load average. The 12 MP JPEG is made at run time from a repository photo; the HEIC bomb is
// services/platform/test-fixtures/heic-10000x10000.heic. Each simulated client has its own
// loopback address (127.0.0.x), as different visitors have.
//   npm run build && npm run bench:uploads -- [--shape standalone|distributed|both] [--members 4] [--rounds 3 (at most 4)] [--sequential 4 (at most 4)]
import { request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { startStandaloneApp } from './standalone-app.mjs';

const option = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const SHAPE = option('shape', 'both');
const MEMBERS = Number(option('members', '4'));
const ROUNDS = Math.min(4, Number(option('rounds', '3')));
// An explorer uploads 5 photos a day: a warm-up and 4 more (parallel rounds and the 100 MP HEIC likewise).
const SEQUENTIAL = Math.min(4, Number(option('sequential', '4')));
const PROBE_EVERY_MS = 50;
const root = new URL('../..', import.meta.url).pathname;
const fixtures = join(root, 'services', 'platform', 'test-fixtures');

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

/** A 12 MP JPEG with a camera's grain: a repository photo enlarged to 4000×3000, noise over it, quality 92. */
async function twelveMegapixelJpeg() {
  const photo = join(root, 'services', 'photos', 'test-fixtures', 'wildlife_mammal_tiger_in_snow_puzzlejigsaw.jpg');
  const base = await sharp(photo).resize(4000, 3000, { fit: 'cover' }).toBuffer();
  const grain = await sharp({ create: { width: 4000, height: 3000, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 24 } } }).png().toBuffer();
  return sharp(base).composite([{ input: grain, blend: 'overlay' }]).jpeg({ quality: 92 }).toBuffer();
}

/** A HEIC header that declares 10000×10000 and holds no image: what a crafted file can say. */
function heicHeaderBomb() {
  const box = (type, ...parts) => {
    const body = Buffer.concat(parts);
    const size = Buffer.alloc(4);
    size.writeUInt32BE(8 + body.length);
    return Buffer.concat([size, Buffer.from(type, 'latin1'), body]);
  };
  const fullBox = (type, ...parts) => box(type, Buffer.alloc(4), ...parts);
  const dims = Buffer.alloc(8);
  dims.writeUInt32BE(10000, 0);
  dims.writeUInt32BE(10000, 4);
  return Buffer.concat([box('ftyp', Buffer.from('heic\0\0\0\0mif1heic', 'latin1')), fullBox('meta', box('iprp', box('ipco', fullBox('ispe', dims))))]);
}

/** One HTTP request from a given loopback address; resolves with status, body text and milliseconds. */
function call(url, { method = 'GET', headers = {}, body, from = '127.0.0.1', timeoutMs = 120_000 } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = httpRequest(url, { method, headers: { ...headers, ...(body ? { 'content-length': body.length } : {}) }, localAddress: from, agent: false, timeout: timeoutMs }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString(), ms: performance.now() - started, headers: res.headers }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) => resolve({ status: 0, text: String(error), ms: performance.now() - started, headers: {} }));
    req.end(body);
  });
}

function multipart(fields, file) {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const parts = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(base, { token, from, file, title }) {
  const { body, contentType } = multipart({ title, description: 'Benchmark upload.' }, file);
  return call(`${base}/api/photos/upload`, { method: 'POST', body, from, headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
}

async function signUp(base, from, n) {
  const body = Buffer.from(JSON.stringify({ email: `bench-${Date.now()}-${n}@example.com`, firstName: 'Bench', lastName: `Member${n}`, password: 'Bench-password-1', plan: 'explorer' }));
  const res = await call(`${base}/api/auth/signup`, { method: 'POST', body, from, headers: { 'content-type': 'application/json' } });
  if (res.status !== 201) throw new Error(`signup from ${from}: ${res.status} ${res.text}`);
  return JSON.parse(res.text).sessionToken;
}

const pct = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
};
const ms = (v) => (Number.isNaN(v) ? '   -' : `${v.toFixed(0).padStart(4)} ms`);

/**
 * Probes each health URL every 50 ms (each probe on its own, so a slow one is measured, not
 * skipped) and reads the gallery in a loop, until stopped; then gives their latencies.
 */
function watch(healthUrls, galleryUrl) {
  const probes = Object.fromEntries(Object.keys(healthUrls).map((name) => [name, []]));
  const pending = new Set();
  const timer = setInterval(() => {
    for (const [name, url] of Object.entries(healthUrls)) {
      const p = call(url, { timeoutMs: 10_000 }).then((r) => probes[name].push(r.status === 200 ? r.ms : Number.POSITIVE_INFINITY));
      pending.add(p);
      void p.finally(() => pending.delete(p));
    }
  }, PROBE_EVERY_MS);
  const gallery = [];
  let running = true;
  const reader = (async () => {
    while (running) {
      const r = await call(galleryUrl, { from: '127.0.0.250', timeoutMs: 10_000 });
      gallery.push(r.status === 200 ? r.ms : Number.POSITIVE_INFINITY);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return async () => {
    clearInterval(timer);
    running = false;
    await reader;
    await Promise.all(pending);
    return { probes, gallery };
  };
}

function report(label, watched, uploads = [], extra = '') {
  console.log(`\n  ${label}  [load ${load()}]${extra}`);
  for (const [name, values] of Object.entries(watched.probes)) {
    const failed = values.filter((v) => v === Number.POSITIVE_INFINITY).length;
    console.log(`    health/live ${name.padEnd(9)} p50 ${ms(pct(values, 0.5))}  max ${ms(Math.max(...values))}  (${values.length} probes${failed ? `, ${failed} failed` : ''})`);
  }
  console.log(`    gallery page 1        p99 ${ms(pct(watched.gallery, 0.99))}  (${watched.gallery.length} reads)`);
  for (const group of uploads) {
    const times = group.results.map((r) => r.ms);
    const statuses = Object.entries(group.results.reduce((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {})).map(([s, n]) => `${n}×${s}`).join(' ');
    console.log(`    ${group.name.padEnd(21)} p50 ${ms(pct(times, 0.5))}  p95 ${ms(pct(times, 0.95))}  max ${ms(Math.max(...times))}  statuses ${statuses}${group.note ? `  ${group.note(group.results)}` : ''}`);
  }
}

async function phase(shape, label, work) {
  await eventLoopMax(shape);
  const stop = watch(shape.health, `${shape.url}/api/photos?public=true&sort=newest&page=1&pageSize=12`);
  const started = performance.now();
  const uploads = await work();
  // At least two seconds of probes, also around work answered at once (a refusal).
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, 2000 - (performance.now() - started))));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const watched = await stop();
  const loops = Object.entries(await eventLoopMax(shape)).map(([name, max]) => `${name} ${ms(max).trim()}`);
  report(label, watched, uploads, `  ${seconds} s`);
  if (loops.length > 0) console.log(`    event loop delay max (in the process)  ${loops.join(', ')}`);
}

const rated = (results) => {
  const stored = results.filter((r) => r.status === 201);
  const unrated = stored.filter((r) => !/"rating":\{/.test(r.text));
  return `(${stored.length - unrated.length} rated${unrated.length ? `; ${unrated.length} saved without: ${says(unrated.map((r) => ({ text: JSON.stringify({ message: JSON.parse(r.text).error }) })))}` : ''})`;
};
const says = (results) => [...new Set(results.map((r) => { try { return JSON.parse(r.text).message; } catch { return r.text.slice(0, 60); } }))].map((m) => `"${m}"`).join(', ');

async function run(shape, files) {
  console.log(`\n${shape.name}: ${shape.note}  [load ${load()}]`);
  // Members and a guest, each from an address of its own.
  const tokens = [];
  for (let i = 0; i < MEMBERS + 1; i++) tokens.push(await signUp(shape.url, `127.0.0.${10 + i}`, i));
  const [soloToken, ...memberTokens] = tokens;
  // Start-up work (the analysis workers loading their models) is not what is measured: one upload first.
  const warm = await upload(shape.url, { token: soloToken, from: '127.0.0.10', file: files.jpeg, title: 'Warm-up' });
  if (warm.status !== 201) throw new Error(`warm-up upload: ${warm.status} ${warm.text}`);

  await phase(shape, 'idle (baseline)', async () => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    return [];
  });

  await phase(shape, `one member, ${SEQUENTIAL} × 12 MP JPEG one after another`, async () => {
    const results = [];
    for (let i = 0; i < SEQUENTIAL; i++) results.push(await upload(shape.url, { token: soloToken, from: '127.0.0.10', file: files.jpeg, title: `Solo ${i}` }));
    return [{ name: '12 MP to rated', results, note: rated }];
  });

  await phase(shape, `${MEMBERS} members × ${ROUNDS} × 12 MP JPEG in parallel, a guest's decode bombs`, async () => {
    const guest = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const results = [];
      results.push(await upload(shape.url, { from: '127.0.0.200', file: { name: 'bomb.heic', bytes: files.headerBomb }, title: 'Header bomb' }));
      results.push(await upload(shape.url, { from: '127.0.0.200', file: { name: 'bomb.heic', bytes: files.heicBomb }, title: 'HEIC bomb' }));
      // And once more: a guest who keeps sending.
      results.push(await upload(shape.url, { from: '127.0.0.200', file: { name: 'bomb.heic', bytes: files.heicBomb }, title: 'HEIC bomb again' }));
      return results;
    })();
    const members = await Promise.all(
      memberTokens.map(async (token, i) => {
        const results = [];
        for (let round = 0; round < ROUNDS; round++) results.push(await upload(shape.url, { token, from: `127.0.0.${11 + i}`, file: files.jpeg, title: `Member ${i} round ${round}` }));
        return results;
      }),
    );
    return [
      { name: '12 MP to rated', results: members.flat(), note: rated },
      { name: "guest's bombs", results: await guest, note: says },
    ];
  });

  await phase(shape, "a guest's 100 MP HEIC, sent three times (guests' cap is 50 MP, read from the header)", async () => {
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await upload(shape.url, { from: '127.0.0.201', file: { name: 'bomb.heic', bytes: files.heicBomb }, title: `Guest HEIC ${i}` }));
    return [{ name: "guest's 100 MP HEIC", results, note: says }];
  });

  await phase(shape, "a member's 100 MP HEIC (decoded in an image worker)", async () => {
    const results = [await upload(shape.url, { token: memberTokens[0], from: '127.0.0.11', file: { name: 'big.heic', bytes: files.heicBomb }, title: '100 MP HEIC' })];
    return [{ name: '100 MP HEIC', results, note: says }];
  });
}

async function startStandalone() {
  // TRUSTED_PROXIES unset: each client's own loopback address counts, as on the open internet.
  const app = await startStandaloneApp({ TRUSTED_PROXIES: '' });
  return { name: 'standalone', note: 'one process (and its image and analysis workers), embedded PostgreSQL', url: app.url, health: { app: `${app.url}/api/health/live` }, stop: app.stop };
}

async function startDistributed() {
  const { startCluster } = await import('../distributed/cluster.mjs');
  const { freePort } = await import('../infra/common.mjs');
  // Their metrics tell the event loop's own delay (prom-client's, reset at each scrape) apart from the machine's.
  const metrics = { photos: await freePort(), analysis: await freePort() };
  const cluster = await startCluster({
    instance: 'bench-uploads',
    logLevel: 'warn',
    serviceEnv: { photos: { METRICS_PORT: String(metrics.photos) }, analysis: { METRICS_PORT: String(metrics.analysis) } },
    onLine: (service, line) => /"level":(50|60)/.test(line) && console.error(`[${service}] ${line}`),
  });
  return {
    name: 'distributed',
    note: `photos + analysis services (one of each) behind the gateway, Kafka, MinIO, ${cluster.drivers.photos} (photos) and ${cluster.drivers.analysis} (analysis; mongodb is FerretDB here)`,
    url: cluster.url,
    health: { photos: `${cluster.services.photos.url}/api/health/live`, analysis: `${cluster.services.analysis.url}/api/health/live` },
    metrics: Object.fromEntries(Object.entries(metrics).map(([name, port]) => [name, `http://127.0.0.1:${port}/metrics`])),
    stop: () => cluster.stop(),
  };
}

/** The largest event-loop delay each service saw since the last scrape (prom-client's monitor, in ms). */
async function eventLoopMax(shape) {
  const result = {};
  for (const [name, url] of Object.entries(shape.metrics ?? {})) {
    const text = (await call(url, { timeoutMs: 10_000 })).text;
    const value = /^nodejs_eventloop_lag_max_seconds(?:\{[^}]*\})? ([\d.e+-]+)$/m.exec(text)?.[1];
    result[name] = value === undefined ? NaN : Number(value) * 1000;
  }
  return result;
}

const files = { jpeg: { name: 'photo.jpg', bytes: await twelveMegapixelJpeg() }, headerBomb: heicHeaderBomb(), heicBomb: readFileSync(join(fixtures, 'heic-10000x10000.heic')) };
console.log(
  `upload benchmark: health/live every ${PROBE_EVERY_MS} ms, ${MEMBERS} members × ${ROUNDS} parallel rounds, 12 MP JPEG ${(files.jpeg.bytes.length / 1e6).toFixed(1)} MB, HEIC bomb ${(files.heicBomb.length / 1e3).toFixed(0)} KB; ` +
    `${(await import('node:os')).availableParallelism()} cores, load average at start ${load()}`,
);
for (const start of SHAPE === 'both' ? [startStandalone, startDistributed] : SHAPE === 'distributed' ? [startDistributed] : [startStandalone]) {
  const shape = await start();
  try {
    await run(shape, files);
  } finally {
    await shape.stop();
  }
}
console.log(`\nload average at end ${load()}`);
