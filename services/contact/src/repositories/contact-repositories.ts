import type { Provider } from '@nestjs/common';
import { databaseDriver } from '@wildframe/platform';
import { ContactMessagesRepository } from './contact-messages.repository';
import { MongoContactMessages } from './mongo/contact-messages.mongo';
import { contactMongoModels } from './mongo/schemas';
import { PostgresContactMessages } from './postgres/contact-messages.postgres';

export { contactMongoModels };

/** The adapter set the DATABASE_URL's scheme names (postgres:// or mongodb://). */
export function contactRepositories(databaseUrl: string): Provider[] {
  const driver = databaseDriver(databaseUrl);
  return [{ provide: ContactMessagesRepository, useClass: driver === 'mongo' ? MongoContactMessages : PostgresContactMessages }];
}
