import { DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule } from '@wildframe/platform';
import { join } from 'node:path';
import type { BillingConfig } from './billing.config';
import { PlansController } from './plans/plans.controller';

/** Versioned migrations of the `billing` schema (copied next to the compiled code by the build). */
export const billingMigrationsFolder = join(__dirname, '..', 'migrations');

@Module({})
export class BillingModule {
  static register(config: BillingConfig): DynamicModule {
    return {
      module: BillingModule,
      controllers: [PlansController],
      imports: [
        DatabaseModule.forService({
          schema: 'billing',
          url: config.DATABASE_URL,
          migrationsFolder: billingMigrationsFolder,
          runMigrations: config.RUN_MIGRATIONS,
          poolSize: config.DATABASE_POOL_SIZE,
        }),
      ],
    };
  }
}
