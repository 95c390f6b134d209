import { DynamicModule, Inject, Injectable, Module, OnApplicationBootstrap, OnApplicationShutdown, OnModuleDestroy } from '@nestjs/common';
import { EVENT_BUS } from '../events/event-bus';
import type { EventBus } from '../events/event-bus';
import { HealthRegistry } from '../health/health';
import { EventOutboxOptions, PostgresEventOutbox } from './event-outbox';
import { EventOutbox } from './ports';
import { ServiceDatabase, ServiceDatabaseOptions } from './service-database';

/** Injection token of the calling service's own `ServiceDatabase`. */
export const DATABASE = Symbol('DATABASE');

export interface DatabaseModuleOptions extends ServiceDatabaseOptions {
  /** False when a migration Job applies migrations (Kubernetes); the service then only connects. */
  runMigrations: boolean;
  /** Sweep timing of the service's event outbox (defaults suit production). */
  outbox?: EventOutboxOptions;
}

@Injectable()
class DatabaseLifecycle implements OnApplicationShutdown {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {}

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

/**
 * Gives a service module its own database handle: connects, applies the service's migrations and
 * registers a readiness check named `database:<schema>`. Also gives it its `EventOutbox` (events
 * stored in the service's transactions, published after commit). Import it once per service module.
 */
@Module({})
export class DatabaseModule {
  static forService(options: DatabaseModuleOptions): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        {
          provide: DATABASE,
          inject: [HealthRegistry],
          useFactory: async (health: HealthRegistry) => {
            const database = ServiceDatabase.connect(options);
            try {
              if (options.runMigrations) await database.migrate();
              else await database.ping();
            } catch (error) {
              await database.close();
              throw error;
            }
            health.register({ name: `database:${options.schema}`, check: () => database.ping() });
            return database;
          },
        },
        DatabaseLifecycle,
        {
          provide: EventOutbox,
          inject: [DATABASE, EVENT_BUS],
          useFactory: (database: ServiceDatabase, bus: EventBus) => new PostgresEventOutbox(database, bus, options.outbox),
        },
        EventOutboxLifecycle,
      ],
      exports: [DATABASE, EventOutbox],
    };
  }
}
