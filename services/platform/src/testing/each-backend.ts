import { randomBytes } from 'node:crypto';
import { dropMongoDatabases } from '../database/mongo/mongo-service-database';
import type { DatabaseDriver } from '../database/ports';
import { createTestDatabase } from './test-database';
import { mongoTestServer } from './mongo-test-server';
import { testServersRequired } from './test-servers';

/**
 * One database backend a suite runs on. `url` is a fresh, empty database (PostgreSQL) or database
 * prefix (MongoDB: each service's database is `<prefix>_<service>`), valid from the suite's first
 * `beforeAll` on (the helper's own `beforeAll` runs before the body's) until its last `afterAll`.
 */
export interface TestBackend {
  readonly driver: DatabaseDriver;
  /** Shown in the suite title, e.g. `PostgreSQL (embedded)`. */
  readonly label: string;
  readonly url: string;
}

interface BackendSource {
  driver: DatabaseDriver;
  label: string;
  /** The server's URL, or why the backend is not there. */
  server: () => { url: string } | { reason: string; required: boolean };
  create: (serverUrl: string) => Promise<{ url: string; drop(): Promise<void> }>;
}

const POSTGRES: BackendSource = {
  driver: 'postgres',
  label: 'PostgreSQL (embedded)',
  server: () =>
    process.env['TEST_DATABASE_URL']
      ? { url: process.env['TEST_DATABASE_URL'] }
      : { reason: 'TEST_DATABASE_URL is not set: run through jest with the databases global setup', required: true },
  create: () => createTestDatabase(),
};

const FERRETDB: BackendSource = {
  driver: 'mongo',
  label: 'MongoDB wire (FerretDB 1.24)',
  server: () => {
    const server = mongoTestServer();
    return server.available ? server.facts : { reason: server.reason, required: testServersRequired() };
  },
  create: (serverUrl) => createMongoTestDatabase(serverUrl),
};

/**
 * Real MongoDB, started by the jest setup through testcontainers where a container runtime exists.
 * Where none exists (as on the machines these tests were written on) the setup says so and this
 * backend is left out of the suites, which still run on FerretDB.
 */
const REAL_MONGO: BackendSource = {
  driver: 'mongo',
  label: 'MongoDB (testcontainers)',
  server: () => {
    const url = process.env['WILDFRAME_TEST_REAL_MONGO_URL'];
    return url ? { url } : { reason: process.env['WILDFRAME_TEST_REAL_MONGO_UNAVAILABLE'] ?? 'no container runtime', required: false };
  },
  create: (serverUrl) => createMongoTestDatabase(serverUrl),
};

/** A fresh database prefix on a MongoDB server; drop() removes every database under it. */
export async function createMongoTestDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const prefix = `test_${randomBytes(6).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${prefix}`;
  return {
    url: url.toString(),
    drop: () => dropMongoDatabases(serverUrl, prefix),
  };
}

/**
 * Runs `body` once per database backend: on the embedded PostgreSQL and on FerretDB (MongoDB
 * wire), plus real MongoDB when the setup found a container runtime. Each run gets a fresh
 * database. A MongoDB server that is not there skips its run with the reason printed (or fails
 * it under CI=true / WILDFRAME_REQUIRE_INFRA=1); the real-MongoDB run is only listed when present.
 *
 *   describeEachBackend('contact repositories', (backend) => {
 *     let adapters: ...;
 *     beforeAll(async () => { adapters = await open(backend.driver, backend.url); });
 *     it('...', ...);
 *   });
 */
export function describeEachBackend(title: string, body: (backend: TestBackend) => void): void {
  for (const source of [POSTGRES, FERRETDB, REAL_MONGO]) {
    const server = source.server();
    const name = `${title} [${source.label}]`;
    if ('reason' in server) {
      if (source === REAL_MONGO) continue; // reported once by the jest setup
      if (server.required) {
        describe(name, () => {
          it('has the database it tests against', () => {
            throw new Error(`${server.reason} (required here: CI or WILDFRAME_REQUIRE_INFRA=1)`);
          });
        });
      } else {
        console.warn(`SKIPPED: ${name} — ${server.reason}`);
        describe.skip(`${name} — SKIPPED: ${server.reason}`, () => {
          it('needs its database', () => undefined);
        });
      }
      continue;
    }
    describe(name, () => {
      let database: { url: string; drop(): Promise<void> } | undefined;
      const backend: TestBackend = {
        driver: source.driver,
        label: source.label,
        get url(): string {
          if (database === undefined) throw new Error('backend.url is ready from the first beforeAll of the suite on');
          return database.url;
        },
      };
      beforeAll(async () => {
        database = await source.create(server.url);
      });
      body(backend);
      // Declared after the body's hooks, so it runs after them (jest-circus runs after-hooks in declaration order).
      afterAll(async () => {
        await database?.drop();
      });
    });
  }
}
