import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { ProcessedEventStore } from '../events/idempotent';
import type { ServiceDatabase } from './service-database';

/** A drizzle transaction on the service's database. */
export type DatabaseTransaction = Parameters<Parameters<NodePgDatabase['transaction']>[0]>[0];

/**
 * Remembers processed events in `<schema>.processed_events`, in the same transaction as the
 * handler's own writes: the record and the effect commit together or not at all. Inserting the
 * record first makes a concurrent delivery of the same event wait on the row, then skip.
 */
export class PostgresProcessedEventStore implements ProcessedEventStore<DatabaseTransaction> {
  constructor(private readonly database: ServiceDatabase) {}

  async runOnce(consumer: string, eventId: string, fn: (tx: DatabaseTransaction) => Promise<void>): Promise<boolean> {
    return this.database.db.transaction(async (tx) => {
      const inserted = await tx.execute(
        sql`INSERT INTO processed_events (consumer, event_id) VALUES (${consumer}, ${eventId}) ON CONFLICT DO NOTHING RETURNING event_id`,
      );
      if (inserted.rows.length === 0) return false;
      await fn(tx);
      return true;
    });
  }
}
