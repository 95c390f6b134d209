// `npm run audit:lighthouse`: Lighthouse 12 (the pinned npm package, its default mobile settings,
// Debian's Chromium) on / and /gallery; prints the four category scores. Not part of `npm test`:
// a score depends on the machine, so it is reported (README, "First view"), not asserted.
//
// AUDIT_URL=http://127.0.0.1:3000 audits a server already running; otherwise the built standalone
// app (`npm run build` first) starts on a free loopback port with a fresh DATA_DIR, and the audit
// waits for its demo photos so the gallery has something to show.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, poll, requireTool, sleep, terminate } from '../infra/common.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PATHS = ['/', '/gallery'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

async function startStandalone() {
  const main = join(root, 'dist/services/standalone/src/main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'wildframe-lighthouse-'));
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  await poll('standalone app', async () => (await fetch(`${url}/api/health/ready`)).ok, { timeoutMs: 180_000, intervalMs: 500 });
  // Demo photos are added (and analysed) in the background at the first start.
  const progress = join(dataDir, 'demo-content.json');
  const started = Date.now();
  await poll(
    'demo content',
    () =>
      existsSync(progress)
        ? JSON.parse(readFileSync(progress, 'utf8')).done === true
        : // No progress file after 15 s: demo content is off (SEED_DEMO_CONTENT=false).
          Date.now() - started > 15_000,
    { timeoutMs: 600_000, intervalMs: 1000 },
  ).catch((error) => console.warn(`${error.message}: auditing with what is there`));
  return {
    url,
    stop: async () => {
      await terminate(child.pid);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function lighthouse(url) {
  return new Promise((resolvePromise, reject) => {
    const bin = join(root, 'node_modules/.bin/lighthouse');
    const args = [
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--only-categories=${CATEGORIES.join(',')}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run',
    ];
    const child = spawn(bin, args, { cwd: root, env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolvePromise(JSON.parse(out)) : reject(new Error(`lighthouse exited with ${code}`))));
  });
}

const score = (report, id) => Math.round((report.categories[id]?.score ?? 0) * 100);
const metric = (report, id) => report.audits[id]?.displayValue ?? '–';

async function main() {
  await requireTool(CHROMIUM, 'Lighthouse drives Debian’s Chromium (apt-get install -y chromium)');
  const server = process.env.AUDIT_URL ? { url: process.env.AUDIT_URL.replace(/\/$/, ''), stop: async () => undefined } : await startStandalone();
  try {
    // One warm-up visit per page, so a cold server's first answers do not count against it.
    for (const path of PATHS) await fetch(server.url + path).catch(() => undefined);
    await sleep(500);
    for (const path of PATHS) {
      const report = await lighthouse(server.url + path);
      const scores = CATEGORIES.map((id) => `${id} ${score(report, id)}`).join(', ');
      const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'total-byte-weight']
        .map((id) => `${id} ${metric(report, id)}`)
        .join(', ');
      console.log(`${path}: ${scores}`);
      console.log(`  ${metrics}`);
    }
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exit(1);
});
