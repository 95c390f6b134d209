import { DynamicModule, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { HealthRegistry } from '../health/health';
import { ServiceDatabase, ServiceDatabaseOptions } from './service-database';

/** Injection token of the calling service's own `ServiceDatabase`. */
export const DATABASE = Symbol('DATABASE');

export interface DatabaseModuleOptions extends ServiceDatabaseOptions {
  /** False when a migration Job applies migrations (Kubernetes); the service then only connects. */
  runMigrations: boolean;
}

@Injectable()
class DatabaseLifecycle implements OnApplicationShutdown {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {}

  // After the HTTP server has closed (Nest closes it before this hook), so in-flight requests finish first.
  async onApplicationShutdown(): Promise<void> {
    await this.database.close();
  }
}

/**
 * Gives a service module its own database handle: connects, applies the service's migrations and
 * registers a readiness check named `database:<schema>`. Import it once per service module.
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
      ],
      exports: [DATABASE],
    };
  }
}
