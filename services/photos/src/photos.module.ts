import { DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule } from '@wildframe/platform';
import { join } from 'node:path';
import type { PhotosConfig } from './photos.config';

/** Versioned migrations of the `photos` schema (copied next to the compiled code by the build). */
export const photosMigrationsFolder = join(__dirname, '..', 'migrations');

@Module({})
export class PhotosModule {
  static register(config: PhotosConfig): DynamicModule {
    return {
      module: PhotosModule,
      imports: [
        DatabaseModule.forService({
          schema: 'photos',
          url: config.DATABASE_URL,
          migrationsFolder: photosMigrationsFolder,
          runMigrations: config.RUN_MIGRATIONS,
          poolSize: config.DATABASE_POOL_SIZE,
        }),
      ],
    };
  }
}
