import { z } from 'zod';
import { databaseEnv, requireDriverSettings } from '../config/infrastructure.config';
import { ConfigError, Env, loadConfig } from '../config/load-config';
import { openServiceDatabase, type ServiceDatabaseDefinition } from '../database/database.module';
import { MongoServiceDatabase } from '../database/mongo/mongo-service-database';

/**
 * Entrypoint of a migration Job (Kubernetes): applies one service's pending migrations
 * (PostgreSQL) or creates the indexes of every model its module registers (MongoDB), as
 * DATABASE_URL says, and exits, so replicas can start with RUN_MIGRATIONS=false. `definition` is
 * the one the service's module uses (`src/<service>.database.ts`).
 */
export async function runMigrations(definition: ServiceDatabaseDefinition, env: Env): Promise<void> {
  const service = definition.schema;
  try {
    // DATABASE_DRIVER as the service checks it: a Secret holding the other kind of URL changes nothing.
    const schema = z.object({ DATABASE_URL: databaseEnv.DATABASE_URL, DATABASE_DRIVER: databaseEnv.DATABASE_DRIVER }).superRefine(requireDriverSettings);
    const config = loadConfig(`${service} migrations`, schema, env);
    const database = await openServiceDatabase({ ...definition, url: config.DATABASE_URL, poolSize: 1, runMigrations: true });
    try {
      if (database instanceof MongoServiceDatabase) {
        process.stdout.write(`${service}: indexes of ${database.connection.modelNames().length} models ensured in ${database.databaseName}\n`);
      } else {
        process.stdout.write(`${service}: ${await database.appliedMigrations()} migrations applied\n`);
      }
    } finally {
      await database.close();
    }
  } catch (error) {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String((error as Error)?.stack ?? error)}\n`);
    process.exit(1);
  }
}
