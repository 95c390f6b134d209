import type { ServiceDatabaseDefinition } from '@wildframe/platform';
import { join } from 'node:path';
import { billingMongoModels } from './repositories/mongo';

/**
 * The billing database (subscriptions, signups, customers, locks and the sandbox provider's books): its versioned migrations (PostgreSQL, copied next to the compiled
 * code by the build) and the mongoose models its module registers (MongoDB). The module and the
 * migration Job (`migrate.ts`) both take this one object, so the Job prepares what the service uses.
 */
export const billingDatabase: ServiceDatabaseDefinition = {
  schema: 'billing',
  migrationsFolder: join(__dirname, '..', 'migrations'),
  mongoModels: billingMongoModels,
};
