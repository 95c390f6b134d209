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

export interface StandaloneParts {
  env: Env;
  databaseUrl: string;
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
    DATABASE_URL: parts.databaseUrl,
    EVENT_BUS_DRIVER: 'in-process',
    STORAGE_DRIVER: 'filesystem',
    STORAGE_DIR: parts.storageDir,
    // The documented default site admin (README); operators are told to change it.
    ADMIN_EMAIL: parts.env['ADMIN_EMAIL'] ?? DEFAULT_ADMIN.email,
    ADMIN_PASSWORD: parts.env['ADMIN_PASSWORD'] ?? DEFAULT_ADMIN.password,
    // Several services share one PostgreSQL here; keep each pool small.
    DATABASE_POOL_SIZE: parts.env['DATABASE_POOL_SIZE'] ?? '4',
  };

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
      AuthModule.register(loadConfig('auth', authConfigSchema, env)),
      PhotosModule.register(loadConfig('photos', photosConfigSchema, env)),
      AnalysisModule.register(loadConfig('analysis', analysisConfigSchema, env)),
      BillingModule.register(loadConfig('billing', billingConfigSchema, env)),
      ContactModule.register(loadConfig('contact', contactConfigSchema, env)),
    ],
  };
}
