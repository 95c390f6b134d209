import type { EventPayloads, Topic } from '@wildframe/contracts';
import { MongoEventOutbox, MongoServiceDatabase, openServiceDatabase, PostgresEventOutbox } from '@wildframe/platform';
import type { EventBus, EventOutbox, PublishOptions } from '@wildframe/platform';
import type { TestBackend } from '@wildframe/platform/testing';
import { billingDatabase } from '../billing.database';
import type { SandboxLedger } from '../providers/sandbox/sandbox-ledger.repository';
import type { CustomersRepository } from '../repositories/customers.repository';
import { MongoCustomersRepository } from '../repositories/mongo/customers.repository';
import { MongoSandboxLedger } from '../repositories/mongo/sandbox-ledger.repository';
import { MongoSignupsRepository } from '../repositories/mongo/signups.repository';
import { MongoSubscriptionsRepository } from '../repositories/mongo/subscriptions.repository';
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

/** billing's ports on one backend, with the platform's outbox relaying to a recording bus. */
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

/** The adapters of the backend's driver on its fresh database, migrated (PostgreSQL) or indexed (MongoDB). */
export async function openBillingStores(backend: TestBackend): Promise<BillingStores> {
  const database = await openServiceDatabase({
    ...billingDatabase,
    url: backend.url,
    runMigrations: true,
    poolSize: 12,
  });
  const bus = new RecordingBus();
  const mongo = database instanceof MongoServiceDatabase ? database : undefined;
  const outbox = mongo ? new MongoEventOutbox(mongo, bus, { logger: silent }) : new PostgresEventOutbox(database as Exclude<typeof database, MongoServiceDatabase>, bus, { logger: silent });
  const stores = mongo
    ? { subscriptions: new MongoSubscriptionsRepository(mongo), signups: new MongoSignupsRepository(mongo), customers: new MongoCustomersRepository(mongo), ledger: new MongoSandboxLedger(mongo) }
    : (() => {
        const pg = database as Exclude<typeof database, MongoServiceDatabase>;
        return { subscriptions: new PostgresSubscriptionsRepository(pg), signups: new PostgresSignupsRepository(pg), customers: new PostgresCustomersRepository(pg), ledger: new PostgresSandboxLedger(pg) };
      })();
  return {
    ...stores,
    outbox,
    bus,
    close: async () => {
      await outbox.stop();
      await database.close();
    },
  };
}
