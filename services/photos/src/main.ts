import 'reflect-metadata';
import { runService } from '@wildframe/platform';
import { photosConfigSchema } from './photos.config';
import { usePublicReadsFastPath } from './controllers/public-reads.fast-path';
import { PhotosModule } from './photos.module';

void runService(
  { name: 'photos', schema: photosConfigSchema, module: (config) => PhotosModule.register(config), configureHttp: (app) => usePublicReadsFastPath(app) },
  process.env,
);
