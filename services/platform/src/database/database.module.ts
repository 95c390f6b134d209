import { DynamicModule, Inject, Injectable, Module, OnApplicationBootstrap, OnApplicationShutdown, OnModuleDestroy, type Provider } from '@nestjs/common';
import { EVENT_BUS } from '../events/event-bus';
import type { EventBus } from '../events/event-bus';
import { HealthRegistry } from '../health/health';
import { EventOutboxOptions, PostgresEventOutbox, type EventOutboxLogger } from './event-outbox';
import { MongoEventOutbox, type MongoEventOutboxOptions } from './mongo/mongo-event-outbox';
import { MongoServiceDatabase, type MongoModelDefinition } from './mongo/mongo-service-database';
import { MongoRateLimitStore, PostgresRateLimitStore } from '../rate-limit/database-rate-limit-stores';
import { RateLimitStore } from '../rate-limit/rate-limit-store';
import { databaseDriver, EventOutbox } from './ports';
import { ServiceDatabase, ServiceDatabaseOptions } from './service-database';

/**
 * Injection token of the calling service's own database handle: a `ServiceDatabase` (PostgreSQL)
 * or a `MongoServiceDatabase` (MongoDB), by the scheme of its URL. Adapters ask for the typed
 * handle by class instead (`constructor(database: ServiceDatabase)` in `repositories/postgres/`,
 * `constructor(database: MongoServiceDatabase)` in `repositories/mongo/`): the module provides the
 * class of the driver in use, so an adapter of the other backend fails at start-up, not at a query.
 */
export const DATABASE = Symbol('DATABASE');

export type AnyServiceDatabase = ServiceDatabase | MongoServiceDatabase;

/**
 * What a service keeps in its database, on either backend: its schema (PostgreSQL; on MongoDB the
 * suffix of its database), its versioned migrations and every mongoose model its module registers.
 * Each service defines it once (`src/<service>.database.ts`) and hands the same object to its
 * module (`DatabaseModule.forService`) and to its migration Job (`runMigrations`), so the Job
 * creates every index the running service relies on.
 */
export interface ServiceDatabaseDefinition {
  readonly schema: string;
  readonly migrationsFolder: string;
  readonly mongoModels: readonly MongoModelDefinition[];
}

export interface DatabaseModuleOptions extends ServiceDatabaseOptions {
  /** False when a migration Job applies migrations / creates indexes (Kubernetes); the service then only connects. */
  runMigrations: boolean;
  /** Sweep timing of the service's event outbox (defaults suit production). */
  outbox?: EventOutboxOptions & Pick<MongoEventOutboxOptions, 'leaseMs'>;
  /**
   * MongoDB: the service's mongoose models (schemas and their indexes). Registered when the
   * service connects; their indexes are the migrations' counterpart (`ensureIndexes()`).
   */
  mongoModels?: readonly MongoModelDefinition[];
}

@Injectable()
class DatabaseLifecycle implements OnApplicationShutdown {
  constructor(@Inject(DATABASE) private readonly database: AnyServiceDatabase) {}

  // After the HTTP server has closed (Nest closes it before this hook), so in-flight requests finish first.
  async onApplicationShutdown(): Promise<void> {
    await this.database.close();
  }
}

@Injectable()
class EventOutboxLifecycle implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(private readonly outbox: EventOutbox) {}

  onApplicationBootstrap(): void {
    this.outbox.start();
  }

  // Before the bus stops and the database closes, so a running relay pass can finish.
  async onModuleDestroy(): Promise<void> {
    await this.outbox.stop();
  }
}

/** Connects a service to its database as its URL says, prepared (migrations or indexes) or only checked. */
export async function openServiceDatabase(options: DatabaseModuleOptions): Promise<AnyServiceDatabase> {
  const database =
    databaseDriver(options.url) === 'mongo'
      ? MongoServiceDatabase.connect({
          service: options.schema,
          url: options.url,
          ...(options.mongoModels === undefined ? {} : { models: options.mongoModels }),
          ...(options.poolSize === undefined ? {} : { poolSize: options.poolSize }),
        })
      : ServiceDatabase.connect(options);
  try {
    if (!options.runMigrations) await database.ping();
    else if (database instanceof MongoServiceDatabase) await database.ensureIndexes();
    else await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** The outbox relay of a service's database: `MongoEventOutbox` or `PostgresEventOutbox` (also for contract suites). */
export function createEventOutbox(database: AnyServiceDatabase, bus: EventBus, options: DatabaseModuleOptions['outbox'] & { logger?: EventOutboxLogger } = {}): EventOutbox {
  return database instanceof MongoServiceDatabase ? new MongoEventOutbox(database, bus, options) : new PostgresEventOutbox(database, bus, options);
}

/** The counts of the service's rate limits, in its database (also for contract suites). */
export function createRateLimitStore(database: AnyServiceDatabase): RateLimitStore {
  return database instanceof MongoServiceDatabase ? new MongoRateLimitStore(database) : new PostgresRateLimitStore(database);
}

/**
 * Gives a service module its own database handle, by the scheme of `url` (`postgres://` or
 * `mongodb://`): connects, applies the service's migrations (PostgreSQL) or creates its indexes
 * (MongoDB), and registers a readiness check named `database:<schema>`. Also gives it its
 * `EventOutbox`, the relay that publishes what the adapters committed with their changes, and the
 * `RateLimitStore` its per-address limits count in. Exports `DATABASE`, the typed handle's class
 * (`ServiceDatabase` or `MongoServiceDatabase`), `EventOutbox` and `RateLimitStore`. Import it once per service module.
 */
@Module({})
export class DatabaseModule {
  static forService(options: DatabaseModuleOptions): DynamicModule {
    const driver = databaseDriver(options.url);
    if (driver === 'mongo' && options.mongoModels === undefined) {
      // A service still on its drizzle repositories would fail at its first query; say so at start-up.
      throw new Error(`The ${options.schema} service has no MongoDB adapters yet (no mongoModels): give it a postgres:// DATABASE_URL`);
    }
    const handle: Provider =
      driver === 'mongo' ? { provide: MongoServiceDatabase, useExisting: DATABASE } : { provide: ServiceDatabase, useExisting: DATABASE };
    return {
      module: DatabaseModule,
      providers: [
        {
          provide: DATABASE,
          inject: [HealthRegistry],
          useFactory: async (health: HealthRegistry) => {
            const database = await openServiceDatabase(options);
            health.register({ name: `database:${options.schema}`, check: () => database.ping() });
            return database;
          },
        },
        handle,
        DatabaseLifecycle,
        {
          provide: EventOutbox,
          inject: [DATABASE, EVENT_BUS],
          useFactory: (database: AnyServiceDatabase, bus: EventBus) => createEventOutbox(database, bus, options.outbox),
        },
        EventOutboxLifecycle,
        {
          provide: RateLimitStore,
          inject: [DATABASE],
          useFactory: (database: AnyServiceDatabase) => createRateLimitStore(database),
        },
      ],
      exports: [DATABASE, driver === 'mongo' ? MongoServiceDatabase : ServiceDatabase, EventOutbox, RateLimitStore],
    };
  }
}
