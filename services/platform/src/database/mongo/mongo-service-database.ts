import mongoose, { type Connection, type Model, type mongo, type Schema } from 'mongoose';
import { RATE_LIMITS_COLLECTION, rateLimitsIndexes } from '../../rate-limit/database-rate-limit-stores';
import { PROCESSED_EVENTS_COLLECTION, processedEventsIndexes } from './mongo-deliveries';

/** A mongoose model of a service: registered when the service connects, its indexes made by `ensureIndexes()`. */
export interface MongoModelDefinition {
  readonly name: string;
  readonly schema: Schema;
  /** Collection name; default: mongoose's plural of `name`. */
  readonly collection?: string;
}

export interface MongoServiceDatabaseOptions {
  /** The service, e.g. `contact`: its database is `<database of the URL, or wildframe>_<service>`. */
  service: string;
  /** `mongodb://` or `mongodb+srv://`. */
  url: string;
  models?: readonly MongoModelDefinition[];
  poolSize?: number;
  /** How long an operation waits for a reachable server before it fails. Default 10 s. */
  serverSelectionTimeoutMs?: number;
}

const SERVICE_NAME = /^[a-z][a-z0-9_]{0,40}$/;
const DEFAULT_PREFIX = 'wildframe';

/**
 * The database one service owns on a MongoDB server, named `<prefix>_<service>`: the prefix is the
 * database the URL names (`mongodb://host/wildframe` → `wildframe_contact`), `wildframe` when it
 * names none. So one server hosts every service side by side, as the PostgreSQL schemas do, and a
 * test gives each suite its own prefix.
 */
export function mongoDatabaseName(url: string, service: string): string {
  if (!SERVICE_NAME.test(service)) throw new Error(`Invalid service name '${service}'`);
  if (!/^mongodb(?:\+srv)?:\/\//i.test(url)) throw new Error('a MongoDB URL starts with mongodb:// or mongodb+srv://');
  const match = /^mongodb(?:\+srv)?:\/\/[^/]*\/([^?]*)/i.exec(url);
  const prefix = decodeURIComponent(match?.[1] ?? '') || DEFAULT_PREFIX;
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(prefix)) throw new Error(`The database of the MongoDB URL ('${prefix}') must be letters, digits, _ or - (at most 40)`);
  return `${prefix}_${service}`;
}

/**
 * One service's connection to its own MongoDB database (the counterpart of `ServiceDatabase`).
 * Indexes are what migrations are to PostgreSQL: `ensureIndexes()` creates those of the service's
 * models (unique e-mail, slug, ...) and the platform's `processed_events`; it runs at start-up
 * (RUN_MIGRATIONS=true) or in the migration Job, never implicitly (mongoose's autoIndex is off).
 */
export class MongoServiceDatabase {
  /** Same role as `ServiceDatabase.schema`: names the health check and the metrics. */
  readonly schema: string;

  private constructor(
    readonly service: string,
    readonly databaseName: string,
    readonly connection: Connection,
  ) {
    this.schema = service;
  }

  static connect(options: MongoServiceDatabaseOptions): MongoServiceDatabase {
    const databaseName = mongoDatabaseName(options.url, options.service);
    const connection = mongoose.createConnection(options.url, {
      dbName: databaseName,
      maxPoolSize: options.poolSize ?? 5,
      serverSelectionTimeoutMS: options.serverSelectionTimeoutMs ?? 10_000,
      autoIndex: false,
      autoCreate: false,
    });
    // A failed connection rejects the first operation (and ping); no unhandled 'error' event.
    connection.on('error', () => undefined);
    for (const definition of options.models ?? []) connection.model(definition.name, definition.schema, definition.collection);
    return new MongoServiceDatabase(options.service, databaseName, connection);
  }

  /** A model registered with `connect({ models })`. */
  model<T>(name: string): Model<T> {
    if (!this.connection.modelNames().includes(name)) throw new Error(`No model '${name}' registered for the ${this.service} database`);
    return this.connection.model<T>(name);
  }

  /** The driver's collection, for what a model does not say (the outbox relay, raw inserts in tests). */
  async collection<T extends mongo.Document = mongo.Document>(name: string): Promise<mongo.Collection<T>> {
    await this.connection.asPromise();
    const db = this.connection.db;
    if (db === undefined) throw new Error(`The ${this.service} database is not connected`);
    return db.collection<T>(name);
  }

  /** Creates the indexes of every model, of `processed_events` and of `rate_limits` (idempotent; replicas may race). */
  async ensureIndexes(): Promise<void> {
    await this.connection.asPromise();
    for (const name of this.connection.modelNames()) await this.connection.model(name).createIndexes();
    const processed = this.connection.collection(PROCESSED_EVENTS_COLLECTION);
    for (const index of processedEventsIndexes) await processed.createIndex(index.keys, index.options);
    const rateLimits = this.connection.collection(RATE_LIMITS_COLLECTION);
    for (const index of rateLimitsIndexes) await rateLimits.createIndex(index.keys, index.options);
  }

  /** The names of the index each collection of this database has (for tests and checks). */
  async indexNames(collection: string): Promise<string[]> {
    const indexes = await (await this.collection(collection)).indexes();
    return indexes.map((index) => String(index.name));
  }

  /** The service's collections (without system ones), e.g. for the outbox relay's scan. */
  async collectionNames(): Promise<string[]> {
    await this.connection.asPromise();
    const db = this.connection.db;
    if (db === undefined) throw new Error(`The ${this.service} database is not connected`);
    const collections = await db.listCollections({}, { nameOnly: true }).toArray();
    return collections
      .map((collection) => collection.name)
      .filter((name) => !name.startsWith('system.'))
      .sort();
  }

  async ping(): Promise<void> {
    await this.connection.asPromise();
    const db = this.connection.db;
    if (db === undefined) throw new Error(`The ${this.service} database is not connected`);
    await db.command({ ping: 1 });
  }

  /** Drops this service's database (tests). */
  async drop(): Promise<void> {
    await this.connection.asPromise();
    await this.connection.dropDatabase();
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}

/** Drops every database of a MongoDB server named `<prefix>` or `<prefix>_*` (test clean-up). */
export async function dropMongoDatabases(serverUrl: string, prefix: string): Promise<void> {
  const admin = mongoose.createConnection(serverUrl, { serverSelectionTimeoutMS: 5_000 });
  try {
    await admin.asPromise();
    const client = admin.getClient();
    const { databases } = await client.db('admin').admin().listDatabases({ nameOnly: true });
    for (const { name } of databases) if (name === prefix || name.startsWith(`${prefix}_`)) await client.db(name).dropDatabase();
  } finally {
    await admin.close();
  }
}
