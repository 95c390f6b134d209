import type { Provider } from '@nestjs/common';
import { EditingTipsRepository } from '../editing-tips.repository';
import { PhotoAccessRepository } from '../photo-access.repository';
import { RatingsRepository } from '../ratings.repository';
import { MongoEditingTipsRepository } from './editing-tips.repository';
import { MongoPhotoAccessRepository } from './photo-access.repository';
import { MongoRatingsRepository } from './ratings.repository';
import type { AnalysisCollections } from './schemas';

export { analysisCollections, ensureAnalysisIndexes } from './schemas';
export type { AnalysisCollections } from './schemas';

/** The analysis ports on MongoDB, given the token that provides the service's collections. */
export function mongoAnalysisRepositories(collections: symbol): Provider[] {
  return [
    { provide: RatingsRepository, inject: [collections], useFactory: (c: AnalysisCollections) => new MongoRatingsRepository(c) },
    { provide: PhotoAccessRepository, inject: [collections], useFactory: (c: AnalysisCollections) => new MongoPhotoAccessRepository(c) },
    { provide: EditingTipsRepository, inject: [collections], useFactory: (c: AnalysisCollections) => new MongoEditingTipsRepository(c) },
  ];
}
