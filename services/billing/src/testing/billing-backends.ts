import type { EventPayloads, Topic } from '@wildframe/contracts';
import { EventOutbox, PostgresEventOutbox, ServiceDatabase } from '@wildframe/platform';
import type { EventBus, PublishOptions } from '@wildframe/platform';
import { createTestDatabase } from '@wildframe/platform/testing';
import { billingMigrationsFolder } from '../billing.module';
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import type { Model } from 'mongoose';
import { MongoCustomersRepository } from '../repositories/mongo/customers.repository';
import { MongoSandboxLedger } from '../repositories/mongo/sandbox-ledger.repository';
import { billingModels, ensureBillingIndexes } from '../repositories/mongo/schemas';
import { MongoSignupsRepository } from '../repositories/mongo/signups.repository';
import { MongoSubscriptionsRepository } from '../repositories/mongo/subscriptions.repository';
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

interface OutboxEntry {
  id: string;
  topic: Topic;
  key: string;
  subject: string | null;
  headers: Record<string, string>;
  payload: unknown;
}

/** Interim relay of documents' `_outbox` entries (publish in order, then pull by id). */
class InterimMongoOutbox extends EventOutbox {
  private chain: Promise<number> = Promise.resolve(0);

  constructor(
    private readonly collections: Array<Model<{ _id: string; _outbox: OutboxEntry[] }>>,
    private readonly bus: EventBus,
  ) {
    super();
  }

  flush(): Promise<number> {
    this.chain = this.chain.then(() => this.drain());
    return this.chain;
  }
  async idle(): Promise<void> {
    await this.chain;
  }
  start(): void {
    // Flushed by hand in the suite.
  }
  async stop(): Promise<void> {
    await this.chain;
  }
  async pending(): Promise<number> {
    let count = 0;
    for (const collection of this.collections) {
      for (const doc of await collection.find({ _outbox: { $ne: [] } }).lean()) count += doc._outbox.length;
    }
    return count;
  }

  private async drain(): Promise<number> {
    let published = 0;
    for (const collection of this.collections) {
      for (const doc of await collection.find({ _outbox: { $ne: [] } }).lean()) {
        for (const event of doc._outbox) {
          await this.bus.publish(event.topic, event.payload as EventPayloads[Topic], { id: event.id, key: event.key, headers: event.headers, ...(event.subject ? { subject: event.subject } : {}) });
          await collection.updateOne({ _id: doc._id }, { $pull: { _outbox: event } });
          published++;
        }
      }
    }
    return published;
  }
}

/** The MongoDB adapters on a fresh database of the test server named by BILLING_MONGO_TEST_URL. */
export async function openMongoStores(): Promise<BillingStores> {
  const base = process.env['BILLING_MONGO_TEST_URL'];
  if (!base) throw new Error('BILLING_MONGO_TEST_URL is not set');
  const connection = await mongoose.createConnection(base, { dbName: `billing_${randomBytes(6).toString('hex')}` }).asPromise();
  const models = billingModels(connection);
  await ensureBillingIndexes(models);
  const bus = new RecordingBus();
  const outbox = new InterimMongoOutbox([models.subscriptions as unknown as Model<{ _id: string; _outbox: OutboxEntry[] }>], bus);
  return {
    subscriptions: new MongoSubscriptionsRepository(models),
    signups: new MongoSignupsRepository(models),
    customers: new MongoCustomersRepository(models),
    ledger: new MongoSandboxLedger(models),
    outbox,
    bus,
    close: async () => {
      await outbox.stop();
      await connection.dropDatabase();
      await connection.close();
    },
  };
}
