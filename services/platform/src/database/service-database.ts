import { drizzle, NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'pg';
import { trackPool } from '../metrics/metrics';
import { rateLimitTableDdl } from '../rate-limit/database-rate-limit-stores';
import { outboxTableDdl } from './event-outbox';

export interface ServiceDatabaseOptions {
  /** The PostgreSQL schema this service owns, e.g. `auth`. Every table of the service lives in it. */
  schema: string;
  url: string;
  /** Folder of versioned migrations made by drizzle-kit (`<folder>/meta/_journal.json`). */
  migrationsFolder: string;
  poolSize?: number;
}

const SCHEMA_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/**
 * One service's connection to its own schema. Services never query another schema: what they
 * need from another service arrives as events and is kept in their own tables.
 */
export class ServiceDatabase {
  readonly db: NodePgDatabase;
  /** Stops reporting the pool in the metrics (on close). */
  private readonly untrackPool: () => void;

  private constructor(
    readonly schema: string,
    readonly pool: Pool,
    private readonly migrationsFolder: string,
  ) {
    this.db = drizzle({ client: pool });
    this.untrackPool = trackPool(schema, pool);
  }

  static connect(options: ServiceDatabaseOptions): ServiceDatabase {
    if (!SCHEMA_NAME.test(options.schema)) throw new Error(`Invalid schema name '${options.schema}'`);
    const pool = new Pool({
      connectionString: options.url,
      max: options.poolSize ?? 5,
      // Unqualified names in raw SQL resolve to the service's own schema first.
      options: `-c search_path=${options.schema},public`,
      connectionTimeoutMillis: 10_000,
    });
    // An idle client losing its connection (database restart) must not crash the process.
    pool.on('error', () => undefined);
    // The same for a client checked out between two queries of a transaction: the pending query
    // fails (and the transaction with it), the 'error' event must not end the process.
    pool.on('connect', (client) => client.on('error', () => undefined));
    return new ServiceDatabase(options.schema, pool, options.migrationsFolder);
  }

  /**
   * Applies pending migrations in order. An advisory lock per schema makes concurrent starters
   * (several replicas, a migration Job) wait for each other instead of racing.
   */
  async migrate(): Promise<void> {
    if (!existsSync(join(this.migrationsFolder, 'meta', '_journal.json'))) {
      throw new Error(`No migrations journal in ${this.migrationsFolder}`);
    }
    const client = await this.pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [`wildframe.migrate.${this.schema}`]);
      try {
        await migrate(drizzle({ client }), {
          migrationsFolder: this.migrationsFolder,
          migrationsSchema: this.schema,
          migrationsTable: '__migrations',
        });
        await client.query(
          `CREATE TABLE IF NOT EXISTS "${this.schema}".processed_events (
             consumer text NOT NULL,
             event_id text NOT NULL,
             processed_at timestamptz NOT NULL DEFAULT now(),
             PRIMARY KEY (consumer, event_id)
           )`,
        );
        // Events committed with the writes they announce, until the relay publishes them (EventOutbox).
        for (const statement of outboxTableDdl(this.schema)) await client.query(statement);
        // Per-address limits every replica counts against (FixedWindowRateLimiter).
        for (const statement of rateLimitTableDdl(this.schema)) await client.query(statement);
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`wildframe.migrate.${this.schema}`]);
      }
    } finally {
      client.release();
    }
  }

  /** How many migrations have been applied to this schema. */
  async appliedMigrations(): Promise<number> {
    const result = await this.pool.query<{ count: string }>(`SELECT count(*)::text AS count FROM "${this.schema}".__migrations`);
    return Number(result.rows[0]?.count ?? 0);
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    this.untrackPool();
    await this.pool.end();
  }
}
