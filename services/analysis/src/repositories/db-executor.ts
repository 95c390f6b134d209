import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';

/** Either the database itself or an open transaction: repositories accept both. */
export type DbExecutor = PgDatabase<NodePgQueryResultHKT>;
