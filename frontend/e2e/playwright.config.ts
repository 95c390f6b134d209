// Browser tests of the web app, driving Debian's Chromium (never a downloaded browser).
//
// By default the suite starts the standalone app (`node dist/services/standalone/src/main.js`,
// which serves /api/* and frontend/dist) with a fresh DATA_DIR. E2E_SERVER_COMMAND replaces that
// command, e.g. a `vite preview` of the built frontend; it runs from the workspace root with PORT
// set, so it can refer to $PORT.
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const workspaceRoot = resolve(__dirname, '../..');
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;

// Workers load this file again; they inherit the folder the main process made.
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'wildframe-e2e-')));
// mkdtemp makes the folder private; run as root, the embedded PostgreSQL's own user must enter it.
chmodSync(dataDir, 0o755);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: join(workspaceRoot, 'test-results', 'frontend-e2e'),
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // tools/test.mjs asks for a JSON report (PLAYWRIGHT_JSON_OUTPUT_NAME) to count the results.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: process.env.E2E_SERVER_COMMAND ?? 'node dist/services/standalone/src/main.js',
    cwd: workspaceRoot,
    // The tests stand in for a proxy on loopback: they choose visitors' addresses with X-Forwarded-For.
    // They sign up far more accounts from loopback than a visitor may in an hour (the limit has its
    // own tests in services/auth). An account locks after 10 failed sign-ins in a row instead of 100,
    // so the sign-in page's locked message is reached quickly (auth-login.spec.ts).
    env: { PORT: String(port), DATA_DIR: dataDir, TRUSTED_PROXIES: 'loopback', AUTH_MAX_SIGNUPS_PER_HOUR: '1000', AUTH_MAX_CONSECUTIVE_FAILURES: '10' },
    url: baseURL,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
