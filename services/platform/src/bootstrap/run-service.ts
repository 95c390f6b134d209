import type { Server } from 'node:http';
import { DynamicModule, Module } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { z } from 'zod';
import { ConfigError, Env, loadConfig } from '../config/load-config';
import { eventBusSettings, metricsEnv, shutdownEnv, StorageSettings, storageSettings, type EventBusFields } from '../config/infrastructure.config';
import { startMetricsServer } from '../metrics/metrics';
import { startTracing, type Tracing } from '../tracing/tracing';
import { createEventBus } from '../events';
import { createLogger } from '../logging/logging';
import { PlatformModule } from '../platform.module';
import { createObjectStorage, ensureS3Bucket } from '../storage';
import { createHttpApp } from './create-http-app';
import type { TrustProxySetting } from './trust-proxy';
import { gracefulClose } from './graceful-close';
import { onShutdownSignal } from './shutdown';

/** Fields every service's configuration schema carries (see `infrastructure.config.ts`). */
type BaseServiceConfig = EventBusFields & {
  PORT: number;
  LISTEN_HOST?: string;
  LOG_LEVEL: string;
  IDENTITY_SECRET?: string;
  IDENTITY_SECRET_PREVIOUS?: string;
  /** From `trustProxyEnv`; a service without it trusts no proxy. */
  TRUSTED_PROXIES?: TrustProxySetting;
};

interface StorageServiceConfig {
  STORAGE_DRIVER: 'filesystem' | 's3';
  STORAGE_DIR: string;
  S3_BUCKET?: string;
  S3_ENDPOINT?: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE: boolean;
  S3_CREATE_BUCKETS: boolean;
}

export interface ServiceDefinition<S extends z.ZodObject> {
  /** e.g. `auth`; also the log `service` field. */
  name: string;
  schema: S;
  module: (config: z.infer<S>) => DynamicModule;
  /**
   * Express-level setup before the body parsers (the gateway's proxy and web app): a proxied
   * request's body must reach the service unread, or the service waits for it forever.
   */
  configureHttp?: (app: NestExpressApplication, config: z.infer<S>) => void;
  /**
   * How the active trace follows the code (`startTracing`'s `context`); default `async`.
   * `synchronous` also takes AsyncLocalStorage out of the request log (`LoggingOptions.asyncContext`).
   */
  traceContext?: 'async' | 'synchronous';
}

function usesStorage(config: object): config is StorageServiceConfig {
  return 'STORAGE_DRIVER' in config;
}

/**
 * The distributed entrypoint of one service: validated configuration (a wrong value stops
 * start-up with a message naming the variable), the chassis, the service module, graceful stop.
 */
export async function runService<S extends z.ZodObject>(definition: ServiceDefinition<S>, env: Env): Promise<void> {
  let config: z.infer<S> & BaseServiceConfig;
  let metricsPort: number | undefined;
  let drainDelayMs: number;
  let shutdownTimeoutMs: number;
  let tracing: Tracing;
  try {
    config = loadConfig(definition.name, definition.schema, env) as z.infer<S> & BaseServiceConfig;
    ({ METRICS_PORT: metricsPort, SHUTDOWN_DRAIN_DELAY_MS: drainDelayMs, SHUTDOWN_TIMEOUT_MS: shutdownTimeoutMs } = loadConfig(
      definition.name,
      z.object({ ...metricsEnv, ...shutdownEnv }),
      env,
    ));
    // First: everything after it (the app, the bus, the outbox) runs inside traces.
    tracing = startTracing({ service: definition.name, env, ...(definition.traceContext ? { context: definition.traceContext } : {}) });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  // A process that traces synchronously runs no AsyncLocalStorage at all: its request log has no request scope either.
  const logging = { service: definition.name, level: config.LOG_LEVEL, asyncContext: definition.traceContext !== 'synchronous' };
  const logger = createLogger(logging);
  if (tracing.exporters.length > 0) logger.info({ exporters: tracing.exporters }, `${definition.name} exports traces`);
  const busSettings = eventBusSettings(config);
  if (busSettings.driver === 'kafka') for (const warning of busSettings.warnings) logger.warn(warning);
  const storage: StorageSettings | undefined = usesStorage(config) ? storageSettings(config) : undefined;

  @Module({
    imports: [
      PlatformModule.forRoot({
        logging,
        eventBus: createEventBus(busSettings, { logger }),
        storage: storage ? createObjectStorage(storage) : undefined,
        identitySecret: config.IDENTITY_SECRET,
        identitySecretPrevious: config.IDENTITY_SECRET_PREVIOUS,
      }),
      definition.module(config),
    ],
  })
  class ServiceRootModule {}

  try {
    // The bucket exists and these credentials may use it (or it is created when allowed): a wrong
    // bucket or key stops the start with the reason instead of failing the first upload.
    if (storage?.driver === 's3' && (await ensureS3Bucket(storage, storage.createBucket)) === 'created') {
      logger.info({ bucket: storage.bucket }, `${definition.name} created its S3 bucket ${storage.bucket}`);
    }
    const configureHttp = definition.configureHttp;
    const app = await createHttpApp(ServiceRootModule, {
      trustProxy: config.TRUSTED_PROXIES ?? false,
      beforeBodyParsers: configureHttp && ((created) => configureHttp(created, config)),
    });
    if (config.LISTEN_HOST) await app.listen(config.PORT, config.LISTEN_HOST);
    else await app.listen(config.PORT);
    // The bound port: PORT=0 (tests) picks a free one.
    const address = (app.getHttpServer() as Server).address();
    logger.info({ port: typeof address === 'object' && address ? address.port : config.PORT, host: config.LISTEN_HOST }, `${definition.name} listening`);
    // Its own port: the gateway routes /api/* only, so /metrics is never public.
    const metricsServer = metricsPort === undefined ? undefined : await startMetricsServer(metricsPort);
    if (metricsServer) logger.info({ port: metricsServer.port }, `${definition.name} metrics on port ${metricsServer.port}`);
    onShutdownSignal(async () => {
      await gracefulClose(app, { drainDelayMs, logger });
      metricsServer?.close();
      // Last: the spans of the final requests and events are exported too, but an unreachable
      // collector must not eat the shutdown budget.
      const gaveUp = new Promise<void>((resolve) => setTimeout(resolve, 3_000).unref());
      await Promise.race([tracing.shutdown().catch((error: unknown) => logger.warn({ err: error }, 'exporting the last spans failed')), gaveUp]);
    }, logger, shutdownTimeoutMs);
  } catch (error) {
    logger.fatal({ err: error }, `${definition.name} failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
