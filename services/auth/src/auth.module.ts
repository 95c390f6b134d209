import { DynamicModule, Module, OnModuleInit } from '@nestjs/common';
import { acceptedSecrets, CLOCK, DatabaseModule, FixedWindowRateLimiter, IdentityRegistry, INTERNAL_API_TOKEN, InternalTokenGuard, RateLimitStore, serviceStorageProvider, openApiProvider } from '@wildframe/platform';
import type { Clock } from '@wildframe/platform';
import { AUTH_CONFIG } from './auth.config';
import type { AuthConfig } from './auth.config';
import { AdminUsersController } from './controllers/admin-users.controller';
import { AuthController } from './controllers/auth.controller';
import { AvatarController } from './controllers/avatar.controller';
import { InternalAccountsController } from './controllers/internal-accounts.controller';
import { UserController } from './controllers/user.controller';
import { LiveSessionsCache } from './repositories/live-sessions.cache';
import { authRepositories } from './repositories/auth-repositories';
import { authDatabase } from './auth.database';
import { AccountsApiService } from './use-cases/accounts-api';
import { AdminUsersService } from './use-cases/admin-users.service';
import { AccountsService, FREE_SIGNUP_LIMITER } from './use-cases/accounts.service';
import { AvatarsService } from './use-cases/avatars.service';
import { AvatarImages } from './use-cases/avatar-images';
import { AvatarOrphansJob } from './use-cases/avatar-orphans.job';
import { AvatarReferences } from './repositories/avatar-references';
import { RateLimiter } from './use-cases/rate-limiter';
import { RecoveryService } from './use-cases/recovery.service';
import { PlanChangesConsumer } from './use-cases/plan-changes.consumer';
import { SessionsService } from './use-cases/sessions.service';
import { authApiDocument } from './openapi';
import { preferencesParts } from './preferences';

export interface AuthModuleOptions {
  /**
   * Mount the internal accounts API (`/api/internal/accounts`, guarded by INTERNAL_API_TOKEN) for
   * billing in another process. The distributed entrypoint sets it; the standalone shape, where
   * billing uses the in-process implementation, does not.
   */
  exposeInternalApi?: boolean;
}

/**
 * Users, sessions, security questions, profile and avatar. Registers itself as the identity
 * resolver, so every module in the process learns who the caller is from the session token.
 */
@Module({})
export class AuthModule implements OnModuleInit {
  constructor(
    private readonly identities: IdentityRegistry,
    private readonly sessions: SessionsService,
  ) {}

  onModuleInit(): void {
    this.identities.register(this.sessions);
  }

  static register(config: AuthConfig, options: AuthModuleOptions = {}): DynamicModule {
    if (options.exposeInternalApi && !config.INTERNAL_API_TOKEN) {
      throw new Error('INTERNAL_API_TOKEN is required when the auth internal API is exposed');
    }
    return {
      module: AuthModule,
      imports: [
        DatabaseModule.forService({
          ...authDatabase,
          url: config.DATABASE_URL,
          runMigrations: config.RUN_MIGRATIONS,
          poolSize: config.DATABASE_POOL_SIZE,
        }),
      ],
      controllers: [
        AuthController,
        UserController,
        AvatarController,
        AdminUsersController,
        ...(options.exposeInternalApi ? [InternalAccountsController] : []),
        ...preferencesParts(config.DATABASE_URL).controllers,
      ],
      providers: [
        openApiProvider('AUTH_OPENAPI', () => authApiDocument()),
        { provide: AUTH_CONFIG, useValue: config },
        serviceStorageProvider('auth'),
        ...preferencesParts(config.DATABASE_URL).providers,
        LiveSessionsCache,
        ...authRepositories(config.DATABASE_URL),
        RateLimiter,
        {
          provide: FREE_SIGNUP_LIMITER,
          inject: [RateLimitStore, CLOCK],
          // Counted in auth's database: every replica counts against one limit.
          useFactory: (store: RateLimitStore, clock: Clock) => new FixedWindowRateLimiter('free-signup', config.AUTH_MAX_SIGNUPS_PER_HOUR, 3600_000, store, () => clock.now().getTime()),
        },
        SessionsService,
        AccountsService,
        RecoveryService,
        AvatarsService,
        AvatarImages,
        AvatarReferences,
        AvatarOrphansJob,
        AccountsApiService,
        PlanChangesConsumer,
        AdminUsersService,
        InternalTokenGuard,
        { provide: INTERNAL_API_TOKEN, useValue: acceptedSecrets(config.INTERNAL_API_TOKEN, config.INTERNAL_API_TOKEN_PREVIOUS) },
      ],
    };
  }
}
