import { createEventOutbox, MongoServiceDatabase, openServiceDatabase } from '@wildframe/platform';
import type { AnyServiceDatabase, EventOutbox, ServiceDatabase } from '@wildframe/platform';
import { RecordingBus } from '@wildframe/platform/testing';
import type { TestBackend } from '@wildframe/platform/testing';
import { authDatabase } from '../auth.database';
import { AdminUsersRepository } from '../repositories/admin-users.repository';
import { FailedAttemptsRepository } from '../repositories/failed-attempts.repository';
import { LiveSessionsCache } from '../repositories/live-sessions.cache';
import { MongoAdminUsersRepository } from '../repositories/mongo/admin-users.repository';
import { MongoFailedAttemptsRepository } from '../repositories/mongo/failed-attempts.repository';
import { MongoResetGrantsRepository } from '../repositories/mongo/reset-grants.repository';
import { MongoSecurityQuestionsRepository } from '../repositories/mongo/security-questions.repository';
import { MongoSessionsRepository } from '../repositories/mongo/sessions.repository';
import { MongoUsersRepository } from '../repositories/mongo/users.repository';
import { PostgresAdminUsersRepository } from '../repositories/postgres/admin-users.repository';
import { PostgresFailedAttemptsRepository } from '../repositories/postgres/failed-attempts.repository';
import { PostgresResetGrantsRepository } from '../repositories/postgres/reset-grants.repository';
import { PostgresSecurityQuestionsRepository } from '../repositories/postgres/security-questions.repository';
import { PostgresSessionsRepository } from '../repositories/postgres/sessions.repository';
import { PostgresUsersRepository } from '../repositories/postgres/users.repository';
import { ResetGrantsRepository } from '../repositories/reset-grants.repository';
import { SecurityQuestionsRepository } from '../repositories/security-questions.repository';
import { SessionsRepository } from '../repositories/sessions.repository';
import { UsersRepository } from '../repositories/users.repository';

/** The auth ports on one backend, with the platform outbox of that backend relaying to a recording bus. */
export interface AuthBackend {
  users: UsersRepository;
  sessions: SessionsRepository;
  adminUsers: AdminUsersRepository;
  attempts: FailedAttemptsRepository;
  grants: ResetGrantsRepository;
  questions: SecurityQuestionsRepository;
  outbox: EventOutbox;
  bus: RecordingBus;
  close(): Promise<void>;
}

function mongoAdapters(database: MongoServiceDatabase, live: LiveSessionsCache) {
  return {
    users: new MongoUsersRepository(database, live),
    sessions: new MongoSessionsRepository(database, live),
    adminUsers: new MongoAdminUsersRepository(database, live),
    attempts: new MongoFailedAttemptsRepository(database),
    grants: new MongoResetGrantsRepository(database),
    questions: new MongoSecurityQuestionsRepository(database),
  };
}

function postgresAdapters(database: ServiceDatabase, live: LiveSessionsCache) {
  return {
    users: new PostgresUsersRepository(database, live),
    sessions: new PostgresSessionsRepository(database, live),
    adminUsers: new PostgresAdminUsersRepository(database, live),
    attempts: new PostgresFailedAttemptsRepository(database),
    grants: new PostgresResetGrantsRepository(database),
    questions: new PostgresSecurityQuestionsRepository(database),
  };
}

/** Opens the auth database on `backend` (migrated or indexed, as at start-up) with its adapters. */
export async function openAuthBackend(backend: TestBackend): Promise<AuthBackend> {
  const database: AnyServiceDatabase = await openServiceDatabase({
    ...authDatabase,
    url: backend.url,
    runMigrations: true,
    poolSize: 8,
  });
  const live = new LiveSessionsCache();
  const bus = new RecordingBus();
  const outbox = createEventOutbox(database, bus, { logger: { warn: () => undefined } });
  const adapters = database instanceof MongoServiceDatabase ? mongoAdapters(database, live) : postgresAdapters(database, live);
  return {
    ...adapters,
    outbox,
    bus,
    close: async () => {
      await outbox.stop();
      await database.close();
    },
  };
}
