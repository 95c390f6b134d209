import 'reflect-metadata';
import { runService } from '@wildframe/platform';
import { photosConfigSchema } from './photos.config';
import { PhotosModule } from './photos.module';

void runService({ name: 'photos', schema: photosConfigSchema, module: (config) => PhotosModule.register(config) }, process.env);
