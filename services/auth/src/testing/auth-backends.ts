import { PostgresEventOutbox, ServiceDatabase } from '@wildframe/platform';
import { createTestDatabase } from '@wildframe/platform/testing';
import type { EventOutbox } from '@wildframe/platform';
import { authMigrationsFolder } from '../auth.module';
import { AdminUsersRepository } from '../repositories/admin-users.repository';
import { FailedAttemptsRepository } from '../repositories/failed-attempts.repository';
import { LiveSessionsCache } from '../repositories/live-sessions.cache';
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
import { RecordingBus } from './recording-bus';
import mongoose from 'mongoose';
import type { mongo } from 'mongoose';
import { randomBytes } from 'node:crypto';
import { MongoAdminUsersRepository } from '../repositories/mongo/admin-users.repository';
import { MongoFailedAttemptsRepository } from '../repositories/mongo/failed-attempts.repository';
import { MongoResetGrantsRepository } from '../repositories/mongo/reset-grants.repository';
import { MongoSecurityQuestionsRepository } from '../repositories/mongo/security-questions.repository';
import { MongoSessionsRepository } from '../repositories/mongo/sessions.repository';
import { MongoUsersRepository } from '../repositories/mongo/users.repository';
import { authCollections, ensureAuthIndexes } from '../repositories/mongo/schemas';
import { InterimMongoOutbox } from './interim-mongo-outbox';

/** The auth ports on one backend, with its outbox relaying to a recording bus. */
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

const silent = { warn: () => undefined };

/** A fresh database on the test PostgreSQL, migrated. */
export async function postgresAuthBackend(): Promise<AuthBackend> {
  const testDb = await createTestDatabase();
  const database = ServiceDatabase.connect({ schema: 'auth', url: testDb.url, migrationsFolder: authMigrationsFolder, poolSize: 8 });
  await database.migrate();
  const live = new LiveSessionsCache();
  const bus = new RecordingBus();
  const outbox = new PostgresEventOutbox(database, bus, { logger: silent });
  return {
    users: new PostgresUsersRepository(database, live),
    sessions: new PostgresSessionsRepository(database, live),
    adminUsers: new PostgresAdminUsersRepository(database, live),
    attempts: new PostgresFailedAttemptsRepository(database),
    grants: new PostgresResetGrantsRepository(database),
    questions: new PostgresSecurityQuestionsRepository(database),
    outbox,
    bus,
    close: async () => {
      await outbox.stop();
      await database.close();
      await testDb.drop();
    },
  };
}

/** A fresh database on the test MongoDB server (TEST_MONGODB_URL), indexed. */
export async function mongoAuthBackend(): Promise<AuthBackend> {
  const server = process.env['TEST_MONGODB_URL'];
  if (!server) throw new Error('TEST_MONGODB_URL is not set');
  const url = new URL(server);
  url.pathname = `/test_${randomBytes(6).toString('hex')}`;
  const connection = await mongoose.createConnection(url.toString()).asPromise();
  await ensureAuthIndexes(connection);
  const db = authCollections(connection);
  const live = new LiveSessionsCache();
  const bus = new RecordingBus();
  const outbox = new InterimMongoOutbox([db.users as unknown as mongo.Collection<{ _id: string }>], bus);
  return {
    users: new MongoUsersRepository(db, live),
    sessions: new MongoSessionsRepository(db, live),
    adminUsers: new MongoAdminUsersRepository(db, live),
    attempts: new MongoFailedAttemptsRepository(db),
    grants: new MongoResetGrantsRepository(db),
    questions: new MongoSecurityQuestionsRepository(db),
    outbox,
    bus,
    close: async () => {
      await outbox.stop();
      await connection.dropDatabase();
      await connection.close();
    },
  };
}
