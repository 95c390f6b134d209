import type { Provider, Type } from '@nestjs/common';
import type { DatabaseDriver } from '@wildframe/platform';
import { PhotographerPages } from './photographer-pages.service';
import { PhotographersConsumer } from './photographers.consumer';
import { PhotographersController } from './photographers.controller';
import { PhotographersRepository } from './photographers.repository';
import { PostgresPhotographersRepository } from './postgres/postgres-photographers.repository';

export { PhotographersRepository };

/** What the photos module adds for public photographer pages, with the adapter for its database. */
export function photographersParts(driver: DatabaseDriver): { controllers: Type[]; providers: Provider[] } {
  if (driver !== 'postgres') throw new Error(`Photographer pages have no ${driver} adapter yet`);
  return {
    controllers: [PhotographersController],
    providers: [{ provide: PhotographersRepository, useClass: PostgresPhotographersRepository }, PhotographerPages, PhotographersConsumer],
  };
}
