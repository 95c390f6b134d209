import type { Provider, Type } from '@nestjs/common';
import type { DatabaseDriver } from '@wildframe/platform';
import { MemberRatingsConsumer } from './member-ratings.consumer';
import { MemberRatingsController } from './member-ratings.controller';
import { MemberRatingsRepository } from './member-ratings.repository';
import { MemberRatings } from './member-ratings.service';
import { MongoMemberRatingsRepository } from './mongo/mongo-member-ratings.repository';
import { PostgresMemberRatingsRepository } from './postgres/postgres-member-ratings.repository';

export { memberRatingsMongoModels } from './mongo/member-ratings.schemas';

/** What the photos module adds for member critiques, with the adapter for its database. */
export function memberRatingsParts(driver: DatabaseDriver): { controllers: Type[]; providers: Provider[] } {
  return {
    controllers: [MemberRatingsController],
    providers: [
      { provide: MemberRatingsRepository, useClass: driver === 'mongo' ? MongoMemberRatingsRepository : PostgresMemberRatingsRepository },
      MemberRatings,
      MemberRatingsConsumer,
    ],
  };
}
