import type { Provider } from '@nestjs/common';
import { databaseDriver } from '@wildframe/platform';
import { AdminUsersRepository } from './admin-users.repository';
import { FailedAttemptsRepository } from './failed-attempts.repository';
import { MongoAdminUsersRepository } from './mongo/admin-users.repository';
import { MongoFailedAttemptsRepository } from './mongo/failed-attempts.repository';
import { MongoResetGrantsRepository } from './mongo/reset-grants.repository';
import { authMongoModels } from './mongo/schemas';
import { MongoSecurityQuestionsRepository } from './mongo/security-questions.repository';
import { MongoSessionsRepository } from './mongo/sessions.repository';
import { MongoUsersRepository } from './mongo/users.repository';
import { PostgresAdminUsersRepository } from './postgres/admin-users.repository';
import { PostgresFailedAttemptsRepository } from './postgres/failed-attempts.repository';
import { PostgresResetGrantsRepository } from './postgres/reset-grants.repository';
import { PostgresSecurityQuestionsRepository } from './postgres/security-questions.repository';
import { PostgresSessionsRepository } from './postgres/sessions.repository';
import { PostgresUsersRepository } from './postgres/users.repository';
import { ResetGrantsRepository } from './reset-grants.repository';
import { SecurityQuestionsRepository } from './security-questions.repository';
import { SessionsRepository } from './sessions.repository';
import { UsersRepository } from './users.repository';

export { authMongoModels };

/** The adapter set the DATABASE_URL's scheme names (postgres:// or mongodb://); they need LiveSessionsCache. */
export function authRepositories(databaseUrl: string): Provider[] {
  const mongo = databaseDriver(databaseUrl) === 'mongo';
  return [
    { provide: UsersRepository, useClass: mongo ? MongoUsersRepository : PostgresUsersRepository },
    { provide: SessionsRepository, useClass: mongo ? MongoSessionsRepository : PostgresSessionsRepository },
    { provide: AdminUsersRepository, useClass: mongo ? MongoAdminUsersRepository : PostgresAdminUsersRepository },
    { provide: FailedAttemptsRepository, useClass: mongo ? MongoFailedAttemptsRepository : PostgresFailedAttemptsRepository },
    { provide: ResetGrantsRepository, useClass: mongo ? MongoResetGrantsRepository : PostgresResetGrantsRepository },
    { provide: SecurityQuestionsRepository, useClass: mongo ? MongoSecurityQuestionsRepository : PostgresSecurityQuestionsRepository },
  ];
}
