import type { Provider } from '@nestjs/common';
import { EditingTipsRepository } from '../editing-tips.repository';
import { PhotoAccessRepository } from '../photo-access.repository';
import { RatingsRepository } from '../ratings.repository';
import { PostgresEditingTipsRepository } from './editing-tips.repository';
import { PostgresPhotoAccessRepository } from './photo-access.repository';
import { PostgresRatingsRepository } from './ratings.repository';

/** The analysis ports on PostgreSQL (they need DATABASE). */
export const postgresAnalysisRepositories: Provider[] = [
  { provide: RatingsRepository, useClass: PostgresRatingsRepository },
  { provide: PhotoAccessRepository, useClass: PostgresPhotoAccessRepository },
  { provide: EditingTipsRepository, useClass: PostgresEditingTipsRepository },
];
