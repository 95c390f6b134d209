// The built standalone app on a fresh data folder and a free port, for the benchmarks.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

/** Starts dist/services/standalone/src/main.js (no demo content, warnings only); `env` adds to its environment. */
export async function startStandaloneApp(env = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'wildframe-bench-'));
  chmodSync(dataDir, 0o755);
  const app = spawn(process.execPath, [join(root, 'dist/services/standalone/src/main.js')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', SEED_DEMO_CONTENT: 'false', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    app.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /ready at (http:\/\/localhost:\d+)/.exec(out);
      if (match) resolve(match[1].replace('localhost', '127.0.0.1'));
    });
    app.on('exit', (code) => reject(new Error(`app exited (${code}):\n${out.slice(-3000)}`)));
  });
  const stop = async () => {
    app.kill('SIGTERM');
    await new Promise((resolve) => app.on('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, port: Number(new URL(url).port), pid: app.pid, dataDir, stop };
}
