import { DynamicModule, Module } from '@nestjs/common';
import { AnalysisModule, analysisConfigSchema } from '@wildframe/analysis';
import { AuthModule, authConfigSchema } from '@wildframe/auth';
import { BillingModule, billingConfigSchema } from '@wildframe/billing';
import { ContactModule, contactConfigSchema } from '@wildframe/contact';
import { GatewayModule, gatewayConfigSchema } from '@wildframe/gateway';
import { PhotosModule, photosConfigSchema } from '@wildframe/photos';
import { Env, EventBus, loadConfig, ObjectStorage, PlatformModule } from '@wildframe/platform';

/** The standalone shape's site admin when ADMIN_EMAIL / ADMIN_PASSWORD are not set. */
export const DEFAULT_ADMIN = { email: 'admin@wildframe.local', password: 'wildframe-admin-change-me' } as const;

/** The services that keep data, each in its own schema (PostgreSQL) or database (MongoDB). */
export const DATA_SERVICES = ['auth', 'photos', 'analysis', 'billing', 'contact'] as const;
export type DataService = (typeof DATA_SERVICES)[number];

export interface StandaloneParts {
  env: Env;
  /** Each data service's database URL (postgres:// or mongodb://; its module picks its adapters by it). */
  databaseUrls: Record<DataService, string>;
  storageDir: string;
  eventBus: EventBus;
  storage: ObjectStorage;
  logLevel: string;
}

/**
 * The standalone composition root: one process, every service module, the in-process bus and
 * local files. Each service still validates its own settings with its own schema; the
 * composition only supplies what the standalone shape decides (database, storage, bus).
 */
export function standaloneModule(parts: StandaloneParts): DynamicModule {
  const env: Env = {
    ...parts.env,
    EVENT_BUS_DRIVER: 'in-process',
    STORAGE_DRIVER: 'filesystem',
    STORAGE_DIR: parts.storageDir,
    // The documented default site admin (README); operators are told to change it.
    ADMIN_EMAIL: parts.env['ADMIN_EMAIL'] ?? DEFAULT_ADMIN.email,
    ADMIN_PASSWORD: parts.env['ADMIN_PASSWORD'] ?? DEFAULT_ADMIN.password,
    // Several services share one PostgreSQL here; keep each pool small.
    DATABASE_POOL_SIZE: parts.env['DATABASE_POOL_SIZE'] ?? '4',
  };

  const envOf = (service: DataService): Env => ({ ...env, DATABASE_URL: parts.databaseUrls[service] });

  @Module({})
  class StandaloneModule {}

  return {
    module: StandaloneModule,
    imports: [
      PlatformModule.forRoot({
        logging: { service: 'standalone', level: parts.logLevel },
        eventBus: parts.eventBus,
        storage: parts.storage,
      }),
      GatewayModule.register(loadConfig('gateway', gatewayConfigSchema, env)),
      AuthModule.register(loadConfig('auth', authConfigSchema, envOf('auth'))),
      PhotosModule.register(loadConfig('photos', photosConfigSchema, envOf('photos'))),
      AnalysisModule.register(loadConfig('analysis', analysisConfigSchema, envOf('analysis'))),
      BillingModule.register(loadConfig('billing', billingConfigSchema, envOf('billing'))),
      ContactModule.register(loadConfig('contact', contactConfigSchema, envOf('contact'))),
    ],
  };
}
