import type { ServiceDatabaseDefinition } from '@wildframe/platform';
import { join } from 'node:path';
import { contactMongoModels } from './repositories/contact-repositories';

/**
 * The contact database (contact messages with their responses and audit trail): its versioned migrations (PostgreSQL, copied next to the compiled
 * code by the build) and the mongoose models its module registers (MongoDB). The module and the
 * migration Job (`migrate.ts`) both take this one object, so the Job prepares what the service uses.
 */
export const contactDatabase: ServiceDatabaseDefinition = {
  schema: 'contact',
  migrationsFolder: join(__dirname, '..', 'migrations'),
  mongoModels: contactMongoModels,
};
