import type { ServiceDatabaseDefinition } from '@wildframe/platform';
import { join } from 'node:path';
import { authMongoModels } from './repositories/auth-repositories';

/**
 * The auth database (users, sessions, security questions, failed sign-ins and reset grants (members' preferences live in the user documents)): its versioned migrations (PostgreSQL, copied next to the compiled
 * code by the build) and the mongoose models its module registers (MongoDB). The module and the
 * migration Job (`migrate.ts`) both take this one object, so the Job prepares what the service uses.
 */
export const authDatabase: ServiceDatabaseDefinition = {
  schema: 'auth',
  migrationsFolder: join(__dirname, '..', 'migrations'),
  mongoModels: authMongoModels,
};
