import type { ServiceDatabaseDefinition } from '@wildframe/platform';
import { join } from 'node:path';
import { analysisMongoModels } from './repositories/analysis-repositories';

/**
 * The analysis database (ratings, photo access and editing tips): its versioned migrations (PostgreSQL, copied next to the compiled
 * code by the build) and the mongoose models its module registers (MongoDB). The module and the
 * migration Job (`migrate.ts`) both take this one object, so the Job prepares what the service uses.
 */
export const analysisDatabase: ServiceDatabaseDefinition = {
  schema: 'analysis',
  migrationsFolder: join(__dirname, '..', 'migrations'),
  mongoModels: analysisMongoModels,
};
