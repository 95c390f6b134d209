import type { DynamicModule } from '@nestjs/common';
import { Module } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHttpApp } from '../bootstrap/create-http-app';
import type { TrustProxySetting } from '../bootstrap/trust-proxy';
import { InProcessEventBus } from '../events';
import { PlatformModule } from '../platform.module';
import { FilesystemObjectStorage } from '../storage';
import { ManualClock } from '../time/clock';
import { createTestDatabase } from './test-database';

export interface ServiceTestApp {
  app: NestExpressApplication;
  /** The HTTP server, for supertest: `request(t.server)`. */
  server: ReturnType<NestExpressApplication['getHttpServer']>;
  bus: InProcessEventBus;
  storage: FilesystemObjectStorage;
  storageDir: string;
  clock: ManualClock;
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * Boots service modules the way a process does (chassis, real PostgreSQL database of its own,
 * real files, in-process bus), with a clock the test moves. `modules` gets the database URL and
 * the storage folder and returns the service modules to load.
 */
export async function createServiceTestApp(
  modules: (env: { DATABASE_URL: string; STORAGE_DIR: string }) => DynamicModule[],
  options: {
    clock?: ManualClock;
    /** Test consumers; the bus starts with the app. */
    subscribe?: (bus: InProcessEventBus) => void;
    /** Express-level setup before the routes, as a service's `configureHttp`. */
    configureHttp?: (app: NestExpressApplication) => void;
    /** Default: the test client on loopback acts as our proxy, so tests choose client addresses with X-Forwarded-For. */
    trustProxy?: TrustProxySetting;
    /**
     * A database to use instead of a fresh PostgreSQL one, e.g. `backend.url` of describeEachBackend
     * (whoever made it drops it).
     */
    databaseUrl?: string;
  } = {},
): Promise<ServiceTestApp> {
  const database = options.databaseUrl === undefined ? await createTestDatabase() : { url: options.databaseUrl, drop: async () => undefined };
  const storageDir = mkdtempSync(join(tmpdir(), 'wildframe-test-storage-'));
  const bus = new InProcessEventBus({ logger: { info: () => undefined, warn: () => undefined, error: () => undefined } });
  const storage = new FilesystemObjectStorage(storageDir);
  const clock = options.clock ?? new ManualClock();
  options.subscribe?.(bus);

  @Module({
    imports: [
      PlatformModule.forRoot({ logging: { service: 'test', level: 'silent' }, eventBus: bus, storage, clock }),
      ...modules({ DATABASE_URL: database.url, STORAGE_DIR: storageDir }),
    ],
  })
  class TestRootModule {}

  const app = await createHttpApp(TestRootModule, { trustProxy: options.trustProxy ?? ['loopback'] });
  options.configureHttp?.(app);
  await app.init();
  return {
    app,
    server: app.getHttpServer(),
    bus,
    storage,
    storageDir,
    clock,
    databaseUrl: database.url,
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}
