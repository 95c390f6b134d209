import type { Provider } from '@nestjs/common';
import { databaseDriver } from '@wildframe/platform';
import { MongoPhotosRepository } from './mongo/mongo-photos.repository';
import { MongoSiteAssetsRepository } from './mongo/mongo-site-assets.repository';
import { MongoUploadersRepository } from './mongo/mongo-uploaders.repository';
import { PhotosRepository } from './photos.repository';
import { PostgresPhotosRepository } from './postgres/postgres-photos.repository';
import { PostgresSiteAssetsRepository } from './postgres/postgres-site-assets.repository';
import { PostgresUploadersRepository } from './postgres/postgres-uploaders.repository';
import { SiteAssetsRepository } from './site-assets.repository';
import { UploadersRepository } from './uploaders.repository';

/** The adapters behind the photos ports, chosen by the scheme of `DATABASE_URL`. */
export function photosRepositoryProviders(databaseUrl: string): Provider[] {
  switch (databaseDriver(databaseUrl)) {
    case 'postgres':
      return [
        { provide: PhotosRepository, useClass: PostgresPhotosRepository },
        { provide: UploadersRepository, useClass: PostgresUploadersRepository },
        { provide: SiteAssetsRepository, useClass: PostgresSiteAssetsRepository },
      ];
    case 'mongo':
      return [
        { provide: PhotosRepository, useClass: MongoPhotosRepository },
        { provide: UploadersRepository, useClass: MongoUploadersRepository },
        { provide: SiteAssetsRepository, useClass: MongoSiteAssetsRepository },
      ];
  }
}
