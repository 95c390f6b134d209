import { Logger } from '@nestjs/common';
import { eventCodec } from '@wildframe/contracts';
import type { Topic } from '@wildframe/contracts';
import { sql } from 'drizzle-orm';
import type { EventBus } from '../events/event-bus';
import type { DatabaseTransaction } from './processed-event-store';
import type { ServiceDatabase } from './service-database';
import { trackOutbox } from '../metrics/metrics';
import { EventOutbox, type PendingEvent } from './ports';

export interface EventOutboxOptions {
  /** How often the relay looks for events a crash or a bus outage left behind. Default 30 s. */
  sweepIntervalMs?: number;
  /** Delay of the first sweep after start-up (the bus starts in its own bootstrap hook). Default 1 s. */
  startupDelayMs?: number;
  /** Rows taken per relay transaction. Default 100. */
  batchSize?: number;
  /** How long published rows are kept (for inspection) before the sweep deletes them. Default 1 h. */
  retainPublishedMs?: number;
}

/** The part of a logger the outbox uses (Nest's Logger fits). */
export interface EventOutboxLogger {
  warn(details: object, message: string): void;
}

/** Where the outbox table lives; the platform creates it in `ServiceDatabase.migrate()`. */
export function outboxTableDdl(schema: string): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS "${schema}".outbox (
       id text PRIMARY KEY,
       seq bigint GENERATED ALWAYS AS IDENTITY,
       topic text NOT NULL,
       key text NOT NULL,
       subject text,
       headers jsonb NOT NULL DEFAULT '{}'::jsonb,
       payload jsonb NOT NULL,
       created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
       published_at timestamptz
     )`,
    `CREATE INDEX IF NOT EXISTS outbox_unpublished_idx ON "${schema}".outbox (created_at, seq) WHERE published_at IS NULL`,
    `CREATE INDEX IF NOT EXISTS outbox_published_idx ON "${schema}".outbox (published_at) WHERE published_at IS NOT NULL`,
  ];
}

/**
 * Stores pending events in the caller's transaction on the service's schema (`<schema>.outbox`):
 * they commit with the writes they announce. The PostgreSQL adapters call it; call
 * `EventOutbox.flush()` after the commit.
 */
export async function storeEvents(tx: DatabaseTransaction, schema: string, events: readonly PendingEvent[]): Promise<void> {
  const table = sql.raw(`"${schema}".outbox`);
  for (const event of events) {
    await tx.execute(
      sql`INSERT INTO ${table} (id, topic, key, subject, headers, payload)
          VALUES (${event.id}, ${event.topic}, ${event.key}, ${event.subject ?? null}, ${JSON.stringify(event.headers ?? {})}::jsonb, ${JSON.stringify(event.payload)}::jsonb)`,
    );
  }
}

interface OutboxRow {
  id: string;
  topic: Topic;
  key: string;
  subject: string | null;
  headers: Record<string, string>;
  payload: unknown;
}

/**
 * Transactional outbox of one service: `enqueue` stores an event in the caller's transaction, so
 * the event is committed with the write it announces or not at all; the relay then publishes
 * unpublished rows in the order they were stored, with their stored event id (consumers dedupe by
 * id, so a re-publication after a crash is harmless), and marks them published.
 *
 * The relay runs when the caller `flush()`es right after its commit, shortly after start-up and
 * on a periodic sweep. Flushes in one process never overlap (a flush asked for during a running
 * one runs after it); replicas take rows with `FOR UPDATE SKIP LOCKED`, so two never take the
 * same row. A row the bus refuses stays for the next sweep, and later rows of its key wait with it
 * so an aggregate's events keep their order. Published rows are deleted after `retainPublishedMs`.
 */
export class PostgresEventOutbox extends EventOutbox {
  private readonly table: ReturnType<typeof sql.raw>;
  private readonly sweepIntervalMs: number;
  private readonly startupDelayMs: number;
  private readonly batchSize: number;
  private readonly retainPublishedMs: number;
  private readonly logger: EventOutboxLogger;
  private current: Promise<number> | undefined;
  private next: Promise<number> | undefined;
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;
  private started = false;
  private untrackBacklog: (() => void) | undefined;

  constructor(
    private readonly database: ServiceDatabase,
    private readonly bus: EventBus,
    options: EventOutboxOptions & { logger?: EventOutboxLogger } = {},
  ) {
    super();
    this.table = sql.raw(`"${database.schema}".outbox`);
    this.sweepIntervalMs = options.sweepIntervalMs ?? 30_000;
    this.startupDelayMs = options.startupDelayMs ?? 1_000;
    this.batchSize = options.batchSize ?? 100;
    this.retainPublishedMs = options.retainPublishedMs ?? 60 * 60_000;
    this.logger = options.logger ?? new Logger(`EventOutbox:${database.schema}`);
  }

  /**
   * Publishes what is waiting (including everything committed before the call); resolves with how
   * many events went out. Never rejects: failures are logged and the rows wait for the sweep.
   */
  flush(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    if (this.current === undefined) {
      this.current = this.drain().finally(() => {
        this.current = undefined;
      });
      return this.current;
    }
    // A running pass may have read the table before the caller's commit: run once more after it.
    this.next ??= this.current.then(() => {
      this.next = undefined;
      return this.flush();
    });
    return this.next;
  }

  /** Resolves once no flush is running or queued. For tests and shutdown. */
  async idle(): Promise<void> {
    while (this.current !== undefined || this.next !== undefined) await (this.next ?? this.current);
  }

  /** Starts the sweep: once shortly after start-up, then periodically (timers do not keep the process alive). */
  start(): void {
    if (this.stopped || this.timers.length > 0) return;
    this.started = true;
    const first = setTimeout(() => void this.sweep(), this.startupDelayMs);
    const every = setInterval(() => void this.sweep(), this.sweepIntervalMs);
    first.unref();
    every.unref();
    this.timers = [first, every];
    // Kafka back after an outage: what the requests stored meanwhile goes out now, not at the next sweep.
    this.bus.onAvailable?.(() => void this.flush());
    this.untrackBacklog ??= trackOutbox(this.database.schema, () => this.pending());
  }

  /**
   * Stops the sweep and, when it was started, publishes what the last requests committed (a
   * graceful shutdown flushes the outbox); later flushes do nothing (rows wait for the next start).
   */
  async stop(): Promise<void> {
    this.untrackBacklog?.();
    this.untrackBacklog = undefined;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    if (this.started && !this.stopped) await this.flush();
    this.stopped = true;
    await this.idle();
  }

  /** One sweep: publishes what waits, then deletes rows published longer ago than the retention. */
  async sweep(): Promise<number> {
    const published = await this.flush();
    if (this.stopped) return published;
    try {
      await this.database.db.execute(
        sql`DELETE FROM ${this.table} WHERE published_at IS NOT NULL AND published_at < now() - make_interval(secs => ${this.retainPublishedMs / 1000})`,
      );
    } catch (error) {
      this.logger.warn({ err: error, schema: this.database.schema }, 'outbox prune failed');
    }
    return published;
  }

  /** Rows not published yet (the outbox_backlog metric). */
  async pending(): Promise<number> {
    const { rows } = await this.database.db.execute<{ count: string }>(sql`SELECT count(*)::text AS count FROM ${this.table} WHERE published_at IS NULL`);
    return Number(rows[0]?.count ?? 0);
  }

  private async drain(): Promise<number> {
    let total = 0;
    try {
      for (;;) {
        const { taken, published, failed } = await this.relayBatch();
        total += published;
        if (failed || taken < this.batchSize) return total;
      }
    } catch (error) {
      this.logger.warn({ err: error, schema: this.database.schema }, 'outbox relay failed; the sweep will retry');
      return total;
    }
  }

  /** Takes a batch of unpublished rows (skipping rows another relay holds), publishes them in order, marks them. */
  private relayBatch(): Promise<{ taken: number; published: number; failed: boolean }> {
    return this.database.db.transaction(async (tx) => {
      const { rows } = await tx.execute<Record<string, unknown>>(
        sql`SELECT id, topic, key, subject, headers, payload FROM ${this.table}
            WHERE published_at IS NULL ORDER BY created_at, seq LIMIT ${this.batchSize} FOR UPDATE SKIP LOCKED`,
      );
      const done: string[] = [];
      const blockedKeys = new Set<string>();
      for (const row of rows as unknown as OutboxRow[]) {
        if (blockedKeys.has(row.key)) continue;
        try {
          await this.bus.publish(row.topic, eventCodec().withAddedFields(row.topic, row.payload), {
            id: row.id,
            key: row.key,
            headers: row.headers,
            ...(row.subject === null ? {} : { subject: row.subject }),
          });
          done.push(row.id);
        } catch (error) {
          blockedKeys.add(row.key);
          this.logger.warn({ err: error, schema: this.database.schema, topic: row.topic, eventId: row.id }, 'event not published yet; the sweep will retry');
        }
      }
      if (done.length > 0) {
        await tx.execute(sql`UPDATE ${this.table} SET published_at = now() WHERE id IN (${sql.join(done.map((id) => sql`${id}`), sql`, `)})`);
      }
      return { taken: rows.length, published: done.length, failed: blockedKeys.size > 0 };
    });
  }
}
