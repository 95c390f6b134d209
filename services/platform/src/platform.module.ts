import {
  BeforeApplicationShutdown,
  MiddlewareConsumer,
  NestModule,
  DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  OnApplicationBootstrap,
  Optional,
} from '@nestjs/common';
import type { RequestHandler } from 'express';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { HttpErrorFilter } from './errors/http-error.filter';
import { EVENT_BUS } from './events/event-bus';
import type { EventBus } from './events/event-bus';
import { HealthController, HealthRegistry } from './health/health';
import { acceptedSecrets } from './identity/accepted-secrets';
import { IdentityRegistry } from './identity/identity';
import { IDENTITY_SECRET, IdentityMiddleware } from './identity/identity.middleware';
import { ALL_ROUTES, createLogger, loggingModule, LoggingOptions, requestLogger } from './logging/logging';
import { LocalServiceRegistry } from './service-clients/local-service-registry';
import { MethodNotAllowedMiddleware } from './openapi/method-not-allowed.middleware';
import { OpenApiCatalogue, OpenApiController } from './openapi/openapi.catalogue';
import type { ObjectStorage } from './storage/object-storage';
import { CLOCK, Clock, systemClock } from './time/clock';
import { RejectNulInUrlMiddleware, RejectNulPipe } from './validation/nul-characters';

/** The process-wide object storage; services get a namespaced view of it (`serviceStorage`). */
export const ROOT_OBJECT_STORAGE = Symbol('ROOT_OBJECT_STORAGE');

export interface PlatformOptions {
  logging: LoggingOptions;
  eventBus: EventBus;
  /** Omit for processes that store no objects (the gateway). */
  storage?: ObjectStorage;
  /** Tests pass a ManualClock; the system clock otherwise. */
  clock?: Clock;
  /** Distributed shape: the secret the gateway signs caller identities with (IDENTITY_SECRET). */
  identitySecret?: string;
  /** During a rotation: a second accepted secret (IDENTITY_SECRET_PREVIOUS). */
  identitySecretPrevious?: string;
}

@Injectable()
class EventBusLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly health: HealthRegistry,
  ) {}

  // Every module has subscribed during onModuleInit; consuming starts only once all have.
  async onApplicationBootstrap(): Promise<void> {
    const readiness = this.bus.readinessCheck?.();
    if (readiness) this.health.register(readiness);
    await this.bus.start();
  }

  // Before the databases close, so handlers in flight can still write.
  async beforeApplicationShutdown(): Promise<void> {
    await this.bus.stop();
  }
}

/**
 * The chassis every process loads once: structured logging, the error envelope, health endpoints,
 * the event bus, object storage and the caller's identity on every request.
 */
/** The request log of a process without AsyncLocalStorage (`LoggingOptions.asyncContext` false); absent otherwise. */
const PLAIN_REQUEST_LOG = Symbol('PLAIN_REQUEST_LOG');

@Global()
@Module({})
export class PlatformModule implements NestModule {
  constructor(@Optional() @Inject(PLAIN_REQUEST_LOG) private readonly plainRequestLog?: RequestHandler) {}

  configure(consumer: MiddlewareConsumer): void {
    if (this.plainRequestLog) consumer.apply(this.plainRequestLog).forRoutes(ALL_ROUTES);
    // NUL first: the identity lookup must not meet it either. A documented path with a wrong method is a 405.
    consumer.apply(RejectNulInUrlMiddleware, MethodNotAllowedMiddleware, IdentityMiddleware).forRoutes(ALL_ROUTES);
  }

  static forRoot(options: PlatformOptions): DynamicModule {
    const storageProviders = options.storage ? [{ provide: ROOT_OBJECT_STORAGE, useValue: options.storage }] : [];
    const logger = createLogger(options.logging);
    const plainRequestLog = options.logging.asyncContext === false ? [{ provide: PLAIN_REQUEST_LOG, useValue: requestLogger(logger) }] : [];
    return {
      module: PlatformModule,
      // Scheduled jobs (@Interval, @Cron) of every module in the process register here, once.
      imports: [loggingModule(options.logging, logger), ScheduleModule.forRoot()],
      controllers: [HealthController, OpenApiController],
      providers: [
        HealthRegistry,
        IdentityRegistry,
        LocalServiceRegistry,
        OpenApiCatalogue,
        { provide: CLOCK, useValue: options.clock ?? systemClock },
        { provide: IDENTITY_SECRET, useValue: acceptedSecrets(options.identitySecret, options.identitySecretPrevious) },
        { provide: EVENT_BUS, useValue: options.eventBus },
        EventBusLifecycle,
        // Also a provider, for code that identifies the caller before the Nest pipeline.
        IdentityMiddleware,
        { provide: APP_FILTER, useClass: HttpErrorFilter },
        { provide: APP_PIPE, useClass: RejectNulPipe },
        ...storageProviders,
        ...plainRequestLog,
      ],
      exports: [HealthRegistry, IdentityRegistry, IdentityMiddleware, LocalServiceRegistry, OpenApiCatalogue, CLOCK, EVENT_BUS, ...storageProviders.map((p) => p.provide)],
    };
  }
}
