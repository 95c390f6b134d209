import type { Provider, Type } from '@nestjs/common';
import type { DatabaseDriver } from '@wildframe/platform';
import { MongoPhotographersRepository } from './mongo/mongo-photographers.repository';
import { PhotographerPages } from './photographer-pages.service';
import { PhotographersConsumer } from './photographers.consumer';
import { PhotographersController } from './photographers.controller';
import { PhotographersRepository } from './photographers.repository';
import { PostgresPhotographersRepository } from './postgres/postgres-photographers.repository';

export { PhotographersRepository };
export { photographersMongoModels } from './mongo/photographers.schemas';

/** What the photos module adds for public photographer pages, with the adapter for its database. */
export function photographersParts(driver: DatabaseDriver): { controllers: Type[]; providers: Provider[] } {
  return {
    controllers: [PhotographersController],
    providers: [
      { provide: PhotographersRepository, useClass: driver === 'mongo' ? MongoPhotographersRepository : PostgresPhotographersRepository },
      PhotographerPages,
      PhotographersConsumer,
    ],
  };
}
