import { DynamicModule, Module } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { z } from 'zod';
import { ConfigError, Env, loadConfig } from '../config/load-config';
import { EventBusSettings, eventBusSettings, StorageSettings, storageSettings } from '../config/infrastructure.config';
import { createEventBus } from '../events';
import { createLogger } from '../logging/logging';
import { PlatformModule } from '../platform.module';
import { createObjectStorage } from '../storage';
import { createHttpApp } from './create-http-app';
import type { TrustProxySetting } from './trust-proxy';
import { onShutdownSignal } from './shutdown';

/** Fields every service's configuration schema carries (see `infrastructure.config.ts`). */
interface BaseServiceConfig {
  PORT: number;
  LOG_LEVEL: string;
  EVENT_BUS_DRIVER: 'in-process' | 'kafka';
  KAFKA_BROKERS?: string[];
  KAFKA_CLIENT_ID: string;
  IDENTITY_SECRET?: string;
  /** From `trustProxyEnv`; a service without it trusts no proxy. */
  TRUSTED_PROXIES?: TrustProxySetting;
}

interface StorageServiceConfig {
  STORAGE_DRIVER: 'filesystem' | 's3';
  STORAGE_DIR: string;
  S3_BUCKET?: string;
  S3_ENDPOINT?: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE: boolean;
}

export interface ServiceDefinition<S extends z.ZodObject> {
  /** e.g. `auth`; also the log `service` field. */
  name: string;
  schema: S;
  module: (config: z.infer<S>) => DynamicModule;
  /** Express-level setup before listening (the gateway's proxy and web app). */
  configureHttp?: (app: NestExpressApplication, config: z.infer<S>) => void;
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
  try {
    config = loadConfig(definition.name, definition.schema, env) as z.infer<S> & BaseServiceConfig;
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logging = { service: definition.name, level: config.LOG_LEVEL };
  const logger = createLogger(logging);
  const busSettings: EventBusSettings = eventBusSettings(config);
  const storage: StorageSettings | undefined = usesStorage(config) ? storageSettings(config) : undefined;

  @Module({
    imports: [
      PlatformModule.forRoot({
        logging,
        eventBus: createEventBus(busSettings, { logger }),
        storage: storage ? createObjectStorage(storage) : undefined,
        identitySecret: config.IDENTITY_SECRET,
      }),
      definition.module(config),
    ],
  })
  class ServiceRootModule {}

  try {
    const app = await createHttpApp(ServiceRootModule, { trustProxy: config.TRUSTED_PROXIES ?? false });
    definition.configureHttp?.(app, config);
    await app.listen(config.PORT);
    logger.info({ port: config.PORT }, `${definition.name} listening`);
    onShutdownSignal(() => app.close(), logger);
  } catch (error) {
    logger.fatal({ err: error }, `${definition.name} failed to start`);
    process.exit(1);
  }
}
