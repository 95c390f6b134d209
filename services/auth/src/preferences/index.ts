import type { Provider, Type } from '@nestjs/common';
import { PostgresPreferencesRepository } from './postgres/postgres-preferences.repository';
import { PreferencesController } from './preferences.controller';
import { PreferencesRepository } from './preferences.repository';
import { PreferencesService } from './preferences.service';

export { addPreferencesApi } from './preferences.openapi';

/** What the auth module adds for members' preferences. */
export const preferencesParts: { controllers: Type[]; providers: Provider[] } = {
  controllers: [PreferencesController],
  providers: [{ provide: PreferencesRepository, useClass: PostgresPreferencesRepository }, PreferencesService],
};
