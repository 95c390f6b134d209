import type { EventPayloads, Topic } from '@wildframe/contracts';
import { PostgresEventOutbox, ServiceDatabase } from '@wildframe/platform';
import type { EventBus, EventOutbox, PublishOptions } from '@wildframe/platform';
import { createTestDatabase } from '@wildframe/platform/testing';
import { billingMigrationsFolder } from '../billing.module';
import type { SandboxLedger } from '../providers/sandbox/sandbox-ledger.repository';
import type { CustomersRepository } from '../repositories/customers.repository';
import { PostgresCustomersRepository } from '../repositories/postgres/customers.repository';
import { PostgresSandboxLedger } from '../repositories/postgres/sandbox-ledger.repository';
import { PostgresSignupsRepository } from '../repositories/postgres/signups.repository';
import { PostgresSubscriptionsRepository } from '../repositories/postgres/subscriptions.repository';
import type { SignupsRepository } from '../repositories/signups.repository';
import type { SubscriptionsRepository } from '../repositories/subscriptions.repository';

export interface PublishedEvent {
  id: string;
  topic: Topic;
  key: string;
  payload: unknown;
}

/** A bus that records what the outbox publishes. */
export class RecordingBus implements EventBus {
  readonly published: PublishedEvent[] = [];

  async publish<T extends Topic>(topic: T, payload: EventPayloads[T], options: PublishOptions): Promise<string> {
    const id = options.id ?? 'no-id';
    this.published.push({ id, topic, key: options.key, payload });
    return id;
  }
  subscribe(): void {
    throw new Error('the contract suite only publishes');
  }
  start(): Promise<void> {
    return Promise.resolve();
  }
  stop(): Promise<void> {
    return Promise.resolve();
  }
}

/** billing's ports on one backend, with its outbox relaying to a recording bus. */
export interface BillingStores {
  subscriptions: SubscriptionsRepository;
  signups: SignupsRepository;
  customers: CustomersRepository;
  ledger: SandboxLedger;
  outbox: EventOutbox;
  bus: RecordingBus;
  close(): Promise<void>;
}

const silent = { warn: () => undefined };

/** The PostgreSQL adapters on a fresh database of the test server, migrated. */
export async function openPostgresStores(): Promise<BillingStores> {
  const testDb = await createTestDatabase();
  const database = ServiceDatabase.connect({ schema: 'billing', url: testDb.url, migrationsFolder: billingMigrationsFolder, poolSize: 12 });
  await database.migrate();
  const bus = new RecordingBus();
  const outbox = new PostgresEventOutbox(database, bus, { logger: silent });
  return {
    subscriptions: new PostgresSubscriptionsRepository(database),
    signups: new PostgresSignupsRepository(database),
    customers: new PostgresCustomersRepository(database),
    ledger: new PostgresSandboxLedger(database),
    outbox,
    bus,
    close: async () => {
      await outbox.stop();
      await database.close();
      await testDb.drop();
    },
  };
}
