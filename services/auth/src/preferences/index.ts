import type { Provider, Type } from '@nestjs/common';
import { databaseDriver } from '@wildframe/platform';
import { MongoPreferencesRepository } from './mongo/mongo-preferences.repository';
import { PostgresPreferencesRepository } from './postgres/postgres-preferences.repository';
import { PreferencesController } from './preferences.controller';
import { PreferencesRepository } from './preferences.repository';
import { PreferencesService } from './preferences.service';

export { addPreferencesApi } from './preferences.openapi';

/** What the auth module adds for members' preferences (the adapter by the scheme of DATABASE_URL). */
export function preferencesParts(databaseUrl: string): { controllers: Type[]; providers: Provider[] } {
  const mongo = databaseDriver(databaseUrl) === 'mongo';
  return {
    controllers: [PreferencesController],
    providers: [{ provide: PreferencesRepository, useClass: mongo ? MongoPreferencesRepository : PostgresPreferencesRepository }, PreferencesService],
  };
}
