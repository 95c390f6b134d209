import { DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule } from '@wildframe/platform';
import { join } from 'node:path';
import type { AuthConfig } from './auth.config';

/** Versioned migrations of the `auth` schema (copied next to the compiled code by the build). */
export const authMigrationsFolder = join(__dirname, '..', 'migrations');

@Module({})
export class AuthModule {
  static register(config: AuthConfig): DynamicModule {
    return {
      module: AuthModule,
      imports: [
        DatabaseModule.forService({
          schema: 'auth',
          url: config.DATABASE_URL,
          migrationsFolder: authMigrationsFolder,
          runMigrations: config.RUN_MIGRATIONS,
          poolSize: config.DATABASE_POOL_SIZE,
        }),
      ],
    };
  }
}
