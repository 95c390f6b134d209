import { DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule } from '@wildframe/platform';
import { join } from 'node:path';
import type { AnalysisConfig } from './analysis.config';

/** Versioned migrations of the `analysis` schema (copied next to the compiled code by the build). */
export const analysisMigrationsFolder = join(__dirname, '..', 'migrations');

@Module({})
export class AnalysisModule {
  static register(config: AnalysisConfig): DynamicModule {
    return {
      module: AnalysisModule,
      imports: [
        DatabaseModule.forService({
          schema: 'analysis',
          url: config.DATABASE_URL,
          migrationsFolder: analysisMigrationsFolder,
          runMigrations: config.RUN_MIGRATIONS,
          poolSize: config.DATABASE_POOL_SIZE,
        }),
      ],
    };
  }
}
