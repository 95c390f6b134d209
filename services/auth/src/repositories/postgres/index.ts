import type { Provider } from '@nestjs/common';
import { AdminUsersRepository } from '../admin-users.repository';
import { FailedAttemptsRepository } from '../failed-attempts.repository';
import { ResetGrantsRepository } from '../reset-grants.repository';
import { SecurityQuestionsRepository } from '../security-questions.repository';
import { SessionsRepository } from '../sessions.repository';
import { UsersRepository } from '../users.repository';
import { PostgresAdminUsersRepository } from './admin-users.repository';
import { PostgresFailedAttemptsRepository } from './failed-attempts.repository';
import { PostgresResetGrantsRepository } from './reset-grants.repository';
import { PostgresSecurityQuestionsRepository } from './security-questions.repository';
import { PostgresSessionsRepository } from './sessions.repository';
import { PostgresUsersRepository } from './users.repository';

/** The auth ports on PostgreSQL (they need DATABASE and LiveSessionsCache). */
export const postgresAuthRepositories: Provider[] = [
  { provide: UsersRepository, useClass: PostgresUsersRepository },
  { provide: SessionsRepository, useClass: PostgresSessionsRepository },
  { provide: AdminUsersRepository, useClass: PostgresAdminUsersRepository },
  { provide: FailedAttemptsRepository, useClass: PostgresFailedAttemptsRepository },
  { provide: ResetGrantsRepository, useClass: PostgresResetGrantsRepository },
  { provide: SecurityQuestionsRepository, useClass: PostgresSecurityQuestionsRepository },
];
