import type { Provider } from '@nestjs/common';
import { databaseDriver } from '@wildframe/platform';
import { EditingTipsRepository } from './editing-tips.repository';
import { MongoEditingTipsRepository } from './mongo/editing-tips.repository';
import { MongoPhotoAccessRepository } from './mongo/photo-access.repository';
import { MongoRatingsRepository } from './mongo/ratings.repository';
import { analysisMongoModels } from './mongo/schemas';
import { PhotoAccessRepository } from './photo-access.repository';
import { PostgresEditingTipsRepository } from './postgres/editing-tips.repository';
import { PostgresPhotoAccessRepository } from './postgres/photo-access.repository';
import { PostgresRatingsRepository } from './postgres/ratings.repository';
import { RatingsRepository } from './ratings.repository';

export { analysisMongoModels };

/** The adapter set the DATABASE_URL's scheme names (postgres:// or mongodb://). */
export function analysisRepositories(databaseUrl: string): Provider[] {
  const mongo = databaseDriver(databaseUrl) === 'mongo';
  return [
    { provide: RatingsRepository, useClass: mongo ? MongoRatingsRepository : PostgresRatingsRepository },
    { provide: PhotoAccessRepository, useClass: mongo ? MongoPhotoAccessRepository : PostgresPhotoAccessRepository },
    { provide: EditingTipsRepository, useClass: mongo ? MongoEditingTipsRepository : PostgresEditingTipsRepository },
  ];
}
