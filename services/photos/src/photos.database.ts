import type { ServiceDatabaseDefinition } from '@wildframe/platform';
import { join } from 'node:path';
import { memberRatingsMongoModels } from './member-ratings';
import { photographersMongoModels } from './photographers';
import { photoReviewsMongoModels } from './photo-reviews';
import { uploadAttemptsMongoModels } from './upload-admission';
import { photosMongoModels } from './repositories/mongo/schemas';

/**
 * The photos database: its versioned migrations (PostgreSQL, copied next to the compiled code by
 * the build) and every mongoose model the module registers (MongoDB): the photos' own, and those
 * of each feature folder. The module and the migration Job (`migrate.ts`) both take this one
 * object, so the Job creates every index the running service relies on (a feature's models added
 * here reach both).
 */
export const photosDatabase: ServiceDatabaseDefinition = {
  schema: 'photos',
  migrationsFolder: join(__dirname, '..', 'migrations'),
  mongoModels: [
    ...photosMongoModels,
    ...memberRatingsMongoModels,
    ...photographersMongoModels,
    ...photoReviewsMongoModels,
    ...uploadAttemptsMongoModels,
  ],
};
