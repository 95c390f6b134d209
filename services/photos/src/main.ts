import 'reflect-metadata';
import { runService } from '@wildframe/platform';
import { photosConfigSchema } from './photos.config';
import { usePublicReadsFastPath } from './controllers/public-reads.fast-path';
import { PhotosModule } from './photos.module';

/**
 * Distributed shape: replicas and restarts must accept each other's private image URLs, so the
 * signing secret is shared and required here (the standalone shape may fall back to a random one).
 */
const distributedPhotosConfigSchema = photosConfigSchema.superRefine((value, ctx) => {
  if (!value.IMAGE_URL_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['IMAGE_URL_SECRET'], message: 'is required: every photos replica signs and checks private image URLs with it' });
  }
});

void runService(
  {
    name: 'photos',
    schema: distributedPhotosConfigSchema,
    module: (config) => PhotosModule.register(config),
    configureHttp: (app) => usePublicReadsFastPath(app),
  },
  process.env,
);
