import type { Provider, Type } from '@nestjs/common';
import type { DatabaseDriver } from '@wildframe/platform';
import { MongoPhotoReviewsRepository } from './mongo/mongo-photo-reviews.repository';
import { PhotoReviewsConsumer } from './photo-reviews.consumer';
import { PhotoReviewsController } from './photo-reviews.controller';
import { PhotoReviewsRepository } from './photo-reviews.repository';
import { PhotoReviews } from './photo-reviews.service';
import { PostgresPhotoReviewsRepository } from './postgres/postgres-photo-reviews.repository';

export { photoReviewsMongoModels } from './mongo/photo-reviews.schemas';

/** What the photos module adds for reviews of held photos, with the adapter for its database. */
export function photoReviewsParts(driver: DatabaseDriver): { controllers: Type[]; providers: Provider[] } {
  return {
    controllers: [PhotoReviewsController],
    providers: [
      { provide: PhotoReviewsRepository, useClass: driver === 'mongo' ? MongoPhotoReviewsRepository : PostgresPhotoReviewsRepository },
      PhotoReviews,
      PhotoReviewsConsumer,
    ],
  };
}
