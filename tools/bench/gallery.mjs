#!/usr/bin/env node
// Gallery list benchmark (not a test): starts the built standalone app on a fresh data folder,
// stores 1,000 public photos, then requests gallery pages over keep-alive connections and prints
// requests per second, latency percentiles and the size of one page.
//   npx nx run standalone:build && node tools/bench/gallery.mjs [--seconds 10] [--connections 16]
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 10);
const CONNECTIONS = arg('connections', 16);
const PHOTOS = 1000;
const root = new URL('../..', import.meta.url).pathname;

const dataDir = mkdtempSync(join(tmpdir(), 'wildframe-bench-'));
chmodSync(dataDir, 0o755);
const app = spawn(process.execPath, [join(root, 'dist/services/standalone/src/main.js')], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', SEED_DEMO_CONTENT: 'false' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise((resolve, reject) => {
  let out = '';
  app.stdout.on('data', (chunk) => {
    out += chunk;
    const match = /ready at (http:\/\/localhost:\d+)/.exec(out);
    if (match) resolve(match[1].replace('localhost', '127.0.0.1'));
  });
  app.on('exit', (code) => reject(new Error(`app exited (${code})`)));
});

try {
  const port = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3];
  const password = readFileSync(join(dataDir, 'postgres.password'), 'utf8').trim();
  const db = new pg.Client({ host: '127.0.0.1', port: Number(port), user: 'wildframe', password, database: 'wildframe' });
  await db.connect();
  await db.query(
    `INSERT INTO photos.photos (slug, original_name, title, description, category, mime_type, file_size, storage_key, user_id,
       is_temporary, is_public, likes, views, uploaded_at, width, height, overall_rating, storage_type)
     SELECT 'bench-' || i, 'p.jpg', 'Bench photo ' || i, 'A photo stored for the benchmark, number ' || i,
       CASE WHEN i % 2 = 0 THEN 'wildlife' ELSE 'landscape' END, 'image/jpeg', 1000000, 'none', gen_random_uuid(),
       false, true, i % 97, i % 89, now() - (i || ' minutes')::interval, 1600, 1067, 5 + (i % 50) / 10.0, 'permanent'
     FROM generate_series(1, ${PHOTOS}) AS i`,
  );
  await db.end();

  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const paths = ['/api/photos?public=true', '/api/photos?public=true&sort=most-liked&page=7', '/api/photos?public=true&category=wildlife&page=3', '/api/photos?public=true&search=photo%2042'];
  const get = (path) =>
    new Promise((resolve, reject) => {
      const started = process.hrtime.bigint();
      request(`${url}${path}`, { agent }, (res) => {
        let bytes = 0;
        res.on('data', (c) => (bytes += c.length));
        res.on('end', () => resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, bytes, status: res.statusCode }));
      })
        .on('error', reject)
        .end();
    });

  const page = await get(paths[0]);
  for (let i = 0; i < 50; i++) await get(paths[i % paths.length]); // warm-up
  const latencies = [];
  let errors = 0;
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, c) => {
      for (let i = c; Date.now() < end; i += CONNECTIONS) {
        const r = await get(paths[i % paths.length]);
        if (r.status !== 200) errors++;
        latencies.push(r.ms);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
  console.log(`gallery list with ${PHOTOS} photos stored, ${CONNECTIONS} connections, ${SECONDS} s`);
  console.log(`  requests/s : ${(latencies.length / SECONDS).toFixed(0)}  (${latencies.length} requests, ${errors} non-200)`);
  console.log(`  latency ms : p50 ${pct(50)}  p95 ${pct(95)}  p99 ${pct(99)}`);
  console.log(`  one page   : ${page.bytes} bytes of JSON for 12 cards`);
  agent.destroy();
} finally {
  app.kill('SIGTERM');
  await new Promise((r) => app.on('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
