import type { NestExpressApplication } from '@nestjs/platform-express';
import { configureGatewayHttp, gatewayConfigSchema } from '@wildframe/gateway';
import { usePublicReadsFastPath } from '@wildframe/photos';
import { createEventBus, createHttpApp, createLogger, createObjectStorage, Env, loadConfig, startTracing } from '@wildframe/platform';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { Logger } from 'pino';
import { lockDataDir } from './data-dir-lock';
import { seedDemoContent } from './seed/seed-demo-content';
import { startEmbeddedDatabase } from './embedded-database';
import { standaloneConfigSchema } from './standalone.config';
import { DATA_SERVICES, DEFAULT_ADMIN, standaloneModule, type DataService } from './standalone.module';
import { workspaceRoot } from './workspace-root';

export interface RunningStandalone {
  app: NestExpressApplication;
  /** e.g. http://127.0.0.1:3000 */
  url: string;
  logger: Logger;
  /** Stops HTTP, the bus, the database pools, the embedded database, then frees DATA_DIR. */
  stop(): Promise<void>;
}

/**
 * Starts the whole product in this process. Order matters on the way up (lock, database, app)
 * and is reversed on the way down, so nothing stored is lost when the process is stopped.
 */
export async function startStandalone(env: Env): Promise<RunningStandalone> {
  const config = loadConfig('standalone', standaloneConfigSchema, env);
  // Trace ids in the log lines (and spans exported when OTEL_* asks); set up before anything runs.
  const tracing = startTracing({ service: 'standalone', env });
  const logger = createLogger({ service: 'standalone', level: config.LOG_LEVEL });
  const dataDir = resolve(config.DATA_DIR);
  const lock = lockDataDir(dataDir);
  const cleanups: Array<() => Promise<void> | void> = [() => tracing.shutdown(), () => lock.release()];
  const stop = async (): Promise<void> => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    const chosen: Partial<Record<DataService, string>> = {
      auth: config.AUTH_DATABASE_URL,
      photos: config.PHOTOS_DATABASE_URL,
      analysis: config.ANALYSIS_DATABASE_URL,
      billing: config.BILLING_DATABASE_URL,
      contact: config.CONTACT_DATABASE_URL,
    };
    let databaseUrl = config.DATABASE_URL;
    // The embedded PostgreSQL only when some service has no database of its own.
    if (!databaseUrl && DATA_SERVICES.some((service) => chosen[service] === undefined)) {
      const embedded = await startEmbeddedDatabase(dataDir, logger);
      cleanups.push(() => embedded.stop());
      databaseUrl = embedded.url;
    }
    const databaseUrls = Object.fromEntries(DATA_SERVICES.map((service) => [service, chosen[service] ?? databaseUrl ?? ''])) as Record<DataService, string>;
    const storageDir = join(dataDir, 'storage');
    const webDir = config.WEB_DIR ?? join(workspaceRoot(), 'frontend', 'dist');
    const serveWeb = config.WEB_DIR !== undefined || existsSync(join(webDir, 'index.html'));
    if (!serveWeb) logger.warn({ webDir }, 'web app not built: serving the API only (run npx nx run frontend:build)');

    const app = await createHttpApp(
      standaloneModule({
        env,
        databaseUrls,
        storageDir,
        eventBus: createEventBus({ driver: 'in-process' }, { logger }),
        storage: createObjectStorage({ driver: 'filesystem', dir: storageDir }),
        logLevel: config.LOG_LEVEL,
      }),
      { trustProxy: config.TRUSTED_PROXIES },
    );
    cleanups.push(() => app.close());
    // Billing reads PAYMENT_PROVIDER from the same environment; the CSP must allow what it loads.
    const { PAYMENT_PROVIDER } = loadConfig('gateway', gatewayConfigSchema, { ...env, EVENT_BUS_DRIVER: 'in-process' });
    configureGatewayHttp(app, { webDir: serveWeb ? webDir : undefined, paymentProvider: PAYMENT_PROVIDER, publicOrigin: config.PUBLIC_ORIGIN });
    // After the gateway's security headers, before the Nest routes.
    usePublicReadsFastPath(app);
    await app.listen(config.PORT, '0.0.0.0');
    const { port } = app.getHttpServer().address() as AddressInfo;
    const url = `http://127.0.0.1:${port}`;
    logger.info({ url, dataDir }, 'Wildframe is running');
    if (config.SEED_DEMO_CONTENT) {
      // In the background: the site answers at once; the demo photos appear as they are analysed.
      const stopSeeding = new AbortController();
      const seeding = seedDemoContent(app, join(workspaceRoot(), 'services', 'standalone', 'seed'), dataDir, logger, stopSeeding.signal).then(
        () => logger.info('demo content ready'),
        (error: unknown) => logger.error({ err: error }, 'adding demo content failed; it is retried at the next start'),
      );
      // Runs first on the way down: the photo in progress is finished, the rest waits for the next start.
      cleanups.push(() => {
        stopSeeding.abort();
        return seeding;
      });
    }
    if (!env['ADMIN_PASSWORD']) {
      logger.warn(`the site admin ${env['ADMIN_EMAIL'] ?? DEFAULT_ADMIN.email} was created with the default password from the README: change it (Profile → security questions, then Forgot password)`);
    }
    return { app, url, logger, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
