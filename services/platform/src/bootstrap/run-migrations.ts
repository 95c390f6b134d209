import { z } from 'zod';
import { databaseEnv } from '../config/infrastructure.config';
import { ConfigError, Env, loadConfig } from '../config/load-config';
import { ServiceDatabase } from '../database/service-database';

/**
 * Entrypoint of a migration Job (Kubernetes): applies one service's pending migrations and exits,
 * so replicas can start with RUN_MIGRATIONS=false.
 */
export async function runMigrations(service: string, migrationsFolder: string, env: Env): Promise<void> {
  try {
    const config = loadConfig(`${service} migrations`, z.object({ DATABASE_URL: databaseEnv.DATABASE_URL }), env);
    const database = ServiceDatabase.connect({ schema: service, url: config.DATABASE_URL, migrationsFolder, poolSize: 1 });
    try {
      await database.migrate();
      process.stdout.write(`${service}: ${await database.appliedMigrations()} migrations applied\n`);
    } finally {
      await database.close();
    }
  } catch (error) {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String((error as Error)?.stack ?? error)}\n`);
    process.exit(1);
  }
}
