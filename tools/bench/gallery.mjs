#!/usr/bin/env node
// Gallery benchmark (not a test; it prints figures and ratios, no pass/fail). For each photo count
// it starts the built standalone app on a fresh data folder, inserts the public photos directly,
// then requests gallery pages over keep-alive connections, as an anonymous and as a signed-in
// visitor, for every sort, a category filter, page 50 and a search. In the same run a bare Node
// server answers the same page bytes from memory: the yardstick for what the HTTP stack costs.
// Each figure is the best of a few short runs, and comes with the server's CPU time per request
// (read from /proc), which the other work on a shared machine does not change.
//   npx nx run standalone:build && npm run bench:gallery -- --photos 1000,10000,100000 [--seconds 2] [--runs 3] [--connections 50]
// --distributed starts the distributed shape instead (tools/distributed: Kafka, PostgreSQL, MinIO
// and the six services as processes) and measures the web's first gallery page through the
// gateway, from the photos service answered directly and from a bare Node server with the same
// bytes, side by side, in one run:
// The data services run on the shape's default backend (MongoDB, on FerretDB here), or as DATABASE
// says (start.mjs's setting: DATABASE=postgres):
//   npm run build && npm run bench:gallery -- --distributed [--photos 1000] [--seconds 5] [--runs 3]
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import pg from 'pg';
import { startStandaloneApp } from './standalone-app.mjs';

const option = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const DISTRIBUTED = process.argv.includes('--distributed');
const SECONDS = Number(option('seconds', DISTRIBUTED ? '5' : '2'));
/** Each figure is the best of this many runs: other work on a shared machine only ever slows one down. */
const RUNS = Number(option('runs', '3'));
const CONNECTIONS = Number(option('connections', '50'));
const COUNTS = option('photos', DISTRIBUTED ? '1000' : '1000,10000,100000').split(',').map(Number);
const root = new URL('../..', import.meta.url).pathname;

/** The first page of the gallery as the web asks for it (features/photos/api.ts). */
const FIRST_GALLERY_PAGE = '/api/photos?public=true&sort=newest&page=1&pageSize=12';

const SCENARIOS = [
  ['newest', '/api/photos?public=true&sort=newest'],
  ['oldest', '/api/photos?public=true&sort=oldest'],
  ['most-liked', '/api/photos?public=true&sort=most-liked'],
  ['most-viewed', '/api/photos?public=true&sort=most-viewed'],
  ['category', '/api/photos?public=true&category=wildlife&sort=newest'],
  ['page 50', '/api/photos?public=true&sort=newest&page=50'],
  ['search', '/api/photos?public=true&search=photo%2042'],
];

/**
 * A lean HTTP/1.1 keep-alive client (one request in flight per connection), so the client costs
 * as little as possible of the shared CPU and the same for every server measured.
 */
function openConnection(port) {
  const socket = connect({ host: '127.0.0.1', port, noDelay: true });
  let buffer = Buffer.alloc(0);
  let pending = null;
  socket.on('data', (chunk) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    if (!pending) return;
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = buffer.subarray(0, end).toString('latin1');
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (buffer.length < end + 4 + length) return;
    const status = Number(head.slice(9, 12));
    const body = buffer.subarray(end + 4, end + 4 + length);
    buffer = buffer.subarray(end + 4 + length);
    const done = pending;
    pending = null;
    done.resolve({ status, bytes: length, body, head });
  });
  socket.on('error', (error) => pending?.reject(error));
  socket.on('close', () => pending?.reject(new Error('connection closed')));
  const ready = new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return {
    ready,
    get(path, headers = '') {
      return new Promise((resolve, reject) => {
        pending = { resolve, reject };
        socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n${headers}\r\n`);
      });
    },
    close: () => socket.destroy(),
  };
}

/** CPU time (user + system, ms) a process has used so far: per request, it depends much less on the load of the machine than throughput. */
function processCpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

/** The best of RUNS runs of {@link loadOnce}, by requests/s. */
async function load(server, path, headers = '') {
  let best;
  for (let run = 0; run < RUNS; run++) {
    const result = await loadOnce(server, path, headers);
    if (!best || result.rps > best.rps) best = result;
  }
  return best;
}

/** Requests `path` over CONNECTIONS connections for SECONDS; requests/s, p50, p99, bytes and server CPU per request. */
async function loadOnce({ port, pid }, path, headers = '') {
  const pids = [pid].flat();
  const connections = Array.from({ length: CONNECTIONS }, () => openConnection(port));
  await Promise.all(connections.map((c) => c.ready));
  for (const c of connections) await c.get(path, headers); // warm-up: caches, JIT, pool
  const latencies = [];
  let errors = 0;
  let bytes = 0;
  const started = process.hrtime.bigint();
  const cpuBefore = pids.map(processCpuMs);
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    connections.map(async (c, i) => {
      while (Date.now() < end) {
        const t = process.hrtime.bigint();
        try {
          const r = await c.get(path, headers);
          latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
          if (r.status !== 200) errors++;
          bytes = r.bytes;
        } catch {
          // A reset or closed connection is an error too; the client connects again.
          errors++;
          c.close();
          c = connections[i] = openConnection(port);
          await c.ready;
        }
      }
    }),
  );
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  // Per process (µs a request): the gateway's figure is the gateway's and the photos service's.
  const cpuParts = pids.map((p, i) => ((processCpuMs(p) - cpuBefore[i]) * 1000) / latencies.length);
  const cpuPerRequest = cpuParts.reduce((sum, part) => sum + part, 0);
  for (const c of connections) c.close();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  return { rps: latencies.length / elapsed, p50: pct(0.5), p99: pct(0.99), bytes, errors, cpu: cpuPerRequest, cpuParts };
}

const fmt = (r) =>
  `${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  ${String(r.bytes).padStart(6)} B  server CPU ${r.cpu.toFixed(0).padStart(5)} µs/req${r.cpuParts.length > 1 ? ` (${r.cpuParts.map((c) => c.toFixed(0)).join(' + ')})` : ''}${r.errors ? `  (${r.errors} errors or non-200)` : ''}`;

/** The standalone app's embedded database, as its data folder describes it. */
function standaloneDatabase(dataDir) {
  const port = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3];
  const password = readFileSync(join(dataDir, 'postgres.password'), 'utf8').trim();
  return { host: '127.0.0.1', port: Number(port), user: 'wildframe', password, database: 'wildframe' };
}

async function insertPhotos(connection, count) {
  const db = new pg.Client(connection);
  await db.connect();
  await db.query(
    `INSERT INTO photos.photos (slug, original_name, title, description, category, mime_type, file_size, storage_key, user_id,
       is_temporary, is_public, likes, views, uploaded_at, width, height, overall_rating, storage_type)
     SELECT 'bench-' || i, 'p.jpg', 'Bench photo ' || i, 'A photo stored for the benchmark, number ' || i,
       CASE WHEN i % 2 = 0 THEN 'wildlife' ELSE 'landscape' END, 'image/jpeg', 1000000, 'none', gen_random_uuid(),
       false, true, i % 97, i % 89, now() - (i || ' minutes')::interval, 1600, 1067, 5 + (i % 50) / 10.0, 'permanent'
     FROM generate_series(1, ${count}) AS i`,
  );
  // As on a live site, where autovacuum has long seen the rows (index-only scans, fresh statistics).
  await db.query('VACUUM ANALYZE photos.photos');
  await db.end();
}

async function json(url, init) {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init?.headers } });
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The same public photos in the photos service's MongoDB collection (repositories/mongo/schemas.ts). */
async function insertPhotosMongo(url, count) {
  const client = await MongoClient.connect(url);
  try {
    const now = Date.now();
    const docs = Array.from({ length: count }, (_, index) => {
      const i = index + 1;
      return {
        _id: `bench-${i}`, slug: `bench-${i}`, originalName: 'p.jpg', title: `Bench photo ${i}`, description: `A photo stored for the benchmark, number ${i}`,
        category: i % 2 === 0 ? 'wildlife' : 'landscape', mimeType: 'image/jpeg', fileSize: 1000000, storageKey: 'none', userId: `bench-user-${i}`,
        isTemporary: false, expiresAt: null, views: i % 89, likes: i % 97, isPublic: true, isFeatured: false, uploadedAt: new Date(now - i * 60_000),
        storageType: 'permanent', guestIp: null, width: 1600, height: 1067, dominantColor: '#8a8f7a', thumbnailKey: '', displayKey: '', camera: null, credit: null,
        overallRating: (5 + (i % 50) / 10).toFixed(1), rating: null, moderation: null, reviewReasons: null, reviewCategory: null, likedBy: [], _rev: 0,
      };
    });
    // The service's own database on the server, as mongoDatabaseName (platform) names it: <database of the URL>_photos.
    const prefix = decodeURIComponent(new URL(url).pathname.slice(1)) || 'wildframe';
    await client.db(`${prefix}_photos`).collection('photos').insertMany(docs, { ordered: false });
  } finally {
    await client.close();
  }
}

/** A member who has liked a few photos of the first page, so the liked flags have work to do. */
async function signIn(url) {
  const { sessionToken } = await json(`${url}/api/auth/signup`, {
    method: 'POST',
    body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, firstName: 'Bench', lastName: 'Member', password: 'Bench-password-1', plan: 'explorer' }),
  });
  const auth = { authorization: `Bearer ${sessionToken}` };
  const first = await json(`${url}/api/photos?public=true`, { headers: auth });
  for (const photo of first.photos.slice(0, 3)) await json(`${url}/api/photos/${photo.id}/like`, { method: 'POST', headers: auth });
  return `Authorization: Bearer ${sessionToken}\r\n`;
}

/**
 * The yardstick: a bare Node server (its own process, like the app) answering the given bytes from
 * memory at any path; measured with `measure` (the best of RUNS runs, or one run).
 */
async function yardstick(body, path = '/', measure = load) {
  const file = join(tmpdir(), `wildframe-bench-page-${process.pid}.json`);
  writeFileSync(file, body);
  const code = `const body = require('fs').readFileSync(${JSON.stringify(file)});
    const server = require('http').createServer((_req, res) => { res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }); res.end(body); });
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve) => child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim()))));
  try {
    return await measure({ port, pid: child.pid }, path);
  } finally {
    child.kill();
    rmSync(file, { force: true });
  }
}

if (DISTRIBUTED) await distributed();
else await standalone();
console.log(`\nload average at end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);

async function standalone() {
  console.log(`gallery benchmark: ${CONNECTIONS} connections, each figure the best of ${RUNS} runs of ${SECONDS} s, load average at start ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const results = new Map();
  for (const count of COUNTS) {
    const app = await startStandaloneApp();
    try {
      await insertPhotos(standaloneDatabase(app.dataDir), count);
      const signedIn = await signIn(app.url);
      console.log(`\n${count} public photos (load average ${loadavg()[0].toFixed(2)})`);
      const health = await load(app, '/api/health/live');
      console.log(`  ${'health/live'.padEnd(24)}${fmt(health)}`);
      const page = await openConnection(app.port);
      await page.ready;
      const first = await page.get(SCENARIOS[0][1]);
      page.close();
      const bare = await yardstick(first.body);
      console.log(`  ${'bare Node, same bytes'.padEnd(24)}${fmt(bare)}`);
      const row = { bare, anonymous: {}, signedIn: {} };
      for (const [name, path] of SCENARIOS) {
        const anonymous = await load(app, path);
        const member = await load(app, path, signedIn);
        row.anonymous[name] = anonymous;
        row.signedIn[name] = member;
        console.log(`  ${`${name}, anonymous`.padEnd(24)}${fmt(anonymous)}  ${((anonymous.rps / bare.rps) * 100).toFixed(0)}% of bare`);
        console.log(`  ${`${name}, signed in`.padEnd(24)}${fmt(member)}  ${((member.rps / anonymous.rps) * 100).toFixed(0)}% of anonymous`);
      }
      results.set(count, row);
    } finally {
      await app.stop();
    }
  }

  const smallest = Math.min(...COUNTS);
  const largest = Math.max(...COUNTS);
  if (smallest !== largest) {
    console.log(`\nthroughput at ${largest} photos as a share of ${smallest} (cost ratio = its inverse)`);
    for (const [name] of SCENARIOS) {
      const share = (who) => results.get(largest)[who][name].rps / results.get(smallest)[who][name].rps;
      const cpu = (who) => results.get(largest)[who][name].cpu / results.get(smallest)[who][name].cpu;
      console.log(
        `  ${name.padEnd(14)} anonymous ${(share('anonymous') * 100).toFixed(0).padStart(4)}%   signed in ${(share('signedIn') * 100).toFixed(0).padStart(4)}%` +
          `   server CPU per request x${cpu('anonymous').toFixed(2)} anonymous, x${cpu('signedIn').toFixed(2)} signed in`,
      );
    }
  }
}

/**
 * The distributed shape: the first gallery page through the gateway (gateway + photos processes),
 * from the photos service directly, and from a bare Node server answering the same bytes. Each run
 * measures the three one after the other, so their ratios come from the same moment of the machine.
 */
async function distributed() {
  const { databaseDrivers, missingBuild, startCluster } = await import('../distributed/cluster.mjs');
  const missing = missingBuild();
  if (missing.length > 0) throw new Error(`not built: ${missing.join(', ')} (run npm run build)`);
  const count = COUNTS[0];
  console.log(`gallery benchmark, distributed shape: ${count} public photos, ${CONNECTIONS} connections, ${RUNS} runs of ${SECONDS} s, load average at start ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const cluster = await startCluster({ instance: 'bench-gallery', logLevel: 'warn', drivers: databaseDrivers(process.env.DATABASE ?? ''), onStep: (message) => console.log(`  [distributed] ${message}`) });
  try {
    console.log(`  photos on ${cluster.drivers.photos}`);
    if (cluster.drivers.photos === 'mongodb') await insertPhotosMongo(cluster.databases.photos, count);
    else await insertPhotos({ connectionString: cluster.databases.photos }, count);
    const gatewayPort = Number(new URL(cluster.url).port);
    const gateway = { port: gatewayPort, pid: [cluster.services.gateway.child.pid, cluster.services.photos.child.pid] };
    const direct = { port: cluster.services.photos.port, pid: cluster.services.photos.child.pid };
    const page = openConnection(direct.port);
    await page.ready;
    const first = await page.get(FIRST_GALLERY_PAGE);
    page.close();
    if (first.status !== 200) throw new Error(`the photos service answered ${first.status}: ${first.body}`);
    console.log(`\n  ${FIRST_GALLERY_PAGE} (${first.bytes} B); gateway figures count the CPU of the gateway and photos processes (gateway + photos)`);
    const best = {};
    for (let run = 1; run <= RUNS; run++) {
      console.log(`  run ${run} (load average ${loadavg().map((l) => l.toFixed(2)).join(' ')})`);
      const figures = {
        'through the gateway': await loadOnce(gateway, FIRST_GALLERY_PAGE),
        'photos directly': await loadOnce(direct, FIRST_GALLERY_PAGE),
        'bare Node, same bytes': await yardstick(first.body, FIRST_GALLERY_PAGE, loadOnce),
      };
      for (const [name, figure] of Object.entries(figures)) {
        console.log(`    ${name.padEnd(24)}${fmt(figure)}`);
        if (!best[name] || figure.rps > best[name].rps) best[name] = figure;
      }
      const gatewayShare = figures['through the gateway'].rps / figures['photos directly'].rps;
      console.log(`    gateway ${(gatewayShare * 100).toFixed(0)}% of direct, direct ${((figures['photos directly'].rps / figures['bare Node, same bytes'].rps) * 100).toFixed(0)}% of bare`);
    }
    const errors = Object.values(best).reduce((sum, figure) => sum + figure.errors, 0);
    console.log(`\n  best of ${RUNS} runs`);
    for (const [name, figure] of Object.entries(best)) {
      console.log(`    ${name.padEnd(24)}${fmt(figure)}  ${((figure.rps / best['photos directly'].rps) * 100).toFixed(0).padStart(3)}% of direct  ${((figure.rps / best['bare Node, same bytes'].rps) * 100).toFixed(0).padStart(3)}% of bare`);
    }
    console.log(`    ${errors === 0 ? 'no errors' : `${errors} errors or non-200 answers`}`);
  } finally {
    await cluster.stop();
  }
}
