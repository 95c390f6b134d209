import { z } from 'zod';
import { databaseEnv } from '../config/infrastructure.config';
import { ConfigError, Env, loadConfig } from '../config/load-config';
import { openServiceDatabase } from '../database/database.module';
import type { MongoModelDefinition } from '../database/mongo/mongo-service-database';
import { MongoServiceDatabase } from '../database/mongo/mongo-service-database';

export interface RunMigrationsOptions {
  /** The service's mongoose models: on MongoDB their indexes are what the Job creates. */
  mongoModels?: readonly MongoModelDefinition[];
}

/**
 * Entrypoint of a migration Job (Kubernetes): applies one service's pending migrations
 * (PostgreSQL) or creates its indexes (MongoDB), as DATABASE_URL says, and exits, so replicas can
 * start with RUN_MIGRATIONS=false.
 */
export async function runMigrations(service: string, migrationsFolder: string, env: Env, options: RunMigrationsOptions = {}): Promise<void> {
  try {
    const config = loadConfig(`${service} migrations`, z.object({ DATABASE_URL: databaseEnv.DATABASE_URL }), env);
    const database = await openServiceDatabase({
      schema: service,
      url: config.DATABASE_URL,
      migrationsFolder,
      poolSize: 1,
      runMigrations: true,
      ...(options.mongoModels === undefined ? {} : { mongoModels: options.mongoModels }),
    });
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
