import type { Provider } from '@nestjs/common';
import { AdminUsersRepository } from '../admin-users.repository';
import { FailedAttemptsRepository } from '../failed-attempts.repository';
import { LiveSessionsCache } from '../live-sessions.cache';
import { ResetGrantsRepository } from '../reset-grants.repository';
import { SecurityQuestionsRepository } from '../security-questions.repository';
import { SessionsRepository } from '../sessions.repository';
import { UsersRepository } from '../users.repository';
import { MongoAdminUsersRepository } from './admin-users.repository';
import { MongoFailedAttemptsRepository } from './failed-attempts.repository';
import { MongoResetGrantsRepository } from './reset-grants.repository';
import { MongoSecurityQuestionsRepository } from './security-questions.repository';
import { MongoSessionsRepository } from './sessions.repository';
import { MongoUsersRepository } from './users.repository';
import type { AuthCollections } from './schemas';

export { authCollections, ensureAuthIndexes } from './schemas';
export type { AuthCollections } from './schemas';

/** The auth ports on MongoDB, given the token that provides the service's `AuthCollections`. */
export function mongoAuthRepositories(models: symbol): Provider[] {
  return [
    { provide: UsersRepository, inject: [models, LiveSessionsCache], useFactory: (m: AuthCollections, live: LiveSessionsCache) => new MongoUsersRepository(m, live) },
    { provide: SessionsRepository, inject: [models, LiveSessionsCache], useFactory: (m: AuthCollections, live: LiveSessionsCache) => new MongoSessionsRepository(m, live) },
    { provide: AdminUsersRepository, inject: [models, LiveSessionsCache], useFactory: (m: AuthCollections, live: LiveSessionsCache) => new MongoAdminUsersRepository(m, live) },
    { provide: FailedAttemptsRepository, inject: [models], useFactory: (m: AuthCollections) => new MongoFailedAttemptsRepository(m) },
    { provide: ResetGrantsRepository, inject: [models], useFactory: (m: AuthCollections) => new MongoResetGrantsRepository(m) },
    { provide: SecurityQuestionsRepository, inject: [models], useFactory: (m: AuthCollections) => new MongoSecurityQuestionsRepository(m) },
  ];
}
