import type { Provider, Type } from '@nestjs/common';
import type { DatabaseDriver } from '@wildframe/platform';
import { MongoUploadAttemptsRepository } from './mongo/mongo-upload-attempts.repository';
import { PostgresUploadAttemptsRepository } from './postgres/postgres-upload-attempts.repository';
import { UploadAdmission } from './upload-admission';
import { UploadAdmissionInterceptor } from './upload-admission.interceptor';
import { UploadAttemptsRepository } from './upload-attempts.repository';
import { UploadLeftoversJob } from './upload-leftovers.job';

export { uploadAttemptsMongoModels } from './mongo/upload-attempts.schemas';

/** What the photos module adds for upload admission and crash clean-up, with the adapter for its database. */
export function uploadAdmissionParts(driver: DatabaseDriver): { controllers: Type[]; providers: Provider[] } {
  return {
    controllers: [],
    providers: [
      { provide: UploadAttemptsRepository, useClass: driver === 'mongo' ? MongoUploadAttemptsRepository : PostgresUploadAttemptsRepository },
      UploadAdmission,
      UploadAdmissionInterceptor,
      UploadLeftoversJob,
    ],
  };
}
