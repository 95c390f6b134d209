import { DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule } from '@wildframe/platform';
import { join } from 'node:path';
import type { ContactConfig } from './contact.config';

/** Versioned migrations of the `contact` schema (copied next to the compiled code by the build). */
export const contactMigrationsFolder = join(__dirname, '..', 'migrations');

@Module({})
export class ContactModule {
  static register(config: ContactConfig): DynamicModule {
    return {
      module: ContactModule,
      imports: [
        DatabaseModule.forService({
          schema: 'contact',
          url: config.DATABASE_URL,
          migrationsFolder: contactMigrationsFolder,
          runMigrations: config.RUN_MIGRATIONS,
          poolSize: config.DATABASE_POOL_SIZE,
        }),
      ],
    };
  }
}
