import { DynamicModule, Module } from '@nestjs/common';
import { CLOCK, databaseDriver, DatabaseModule, LocalServiceRegistry, serviceStorageProvider, openApiProvider } from '@wildframe/platform';
import type { Clock } from '@wildframe/platform';
import { randomBytes } from 'node:crypto';
import { ANALYSIS_CLIENT } from './analysis/analysis-client';
import { AnalysisClientAdapter } from './analysis/analysis-client.adapter';
import { PhotosController } from './controllers/photos.controller';
import { PublicReadsFastPath } from './controllers/public-reads.fast-path';
import { IMAGE_URLS, ImageUrls } from './images/image-urls';
import { PhotoFiles } from './images/photo-files';
import { PHOTOS_CONFIG } from './photos.config';
import type { PhotosConfig } from './photos.config';
import { PublicReadCache } from './public-cache/public-read-cache';
import { photosRepositoryProviders } from './repositories/repository-providers';
import { GuestExpiryJob } from './use-cases/guest-expiry.job';
import { PhotoOrphansJob } from './use-cases/photo-orphans.job';
import { PhotoFileReferences } from './repositories/photo-file-references';
import { PhotoActions } from './use-cases/photo-actions';
import { PhotoEventsConsumer } from './use-cases/photo-events.consumer';
import { PhotoQueries } from './use-cases/photo-queries';
import { PhotosApiService } from './use-cases/photos-api';
import { SiteAssets } from './use-cases/site-assets';
import { UploadPhoto } from './use-cases/upload-photo';
import { photosApiDocument } from './openapi';
import { memberRatingsParts } from './member-ratings';
import { photographersParts } from './photographers';
import { photoReviewsParts } from './photo-reviews';
import { natureParts } from './nature';
import { uploadAdmissionParts } from './upload-admission';
import { ImageJobs } from './images/image-jobs';
import { photosDatabase } from './photos.database';

/** Uploads, derivatives, gallery, likes, views, featured photos, limits and guest expiry. */
@Module({})
export class PhotosModule {
  static register(config: PhotosConfig): DynamicModule {
    const driver = databaseDriver(config.DATABASE_URL);
    const features = [memberRatingsParts(driver), photographersParts(driver), photoReviewsParts(driver), uploadAdmissionParts(driver), natureParts(driver)];
    return {
      module: PhotosModule,
      imports: [
        DatabaseModule.forService({
          ...photosDatabase,
          url: config.DATABASE_URL,
          runMigrations: config.RUN_MIGRATIONS,
          poolSize: config.DATABASE_POOL_SIZE,
        }),
      ],
      controllers: [PhotosController, ...features.flatMap((part) => part.controllers)],
      providers: [
        openApiProvider('PHOTOS_OPENAPI', () => photosApiDocument()),
        { provide: PHOTOS_CONFIG, useValue: config },
        serviceStorageProvider('photos'),
        {
          provide: IMAGE_URLS,
          inject: [CLOCK],
          // Without a configured secret, private image URLs are valid until this process restarts.
          useFactory: (clock: Clock) => new ImageUrls(config.IMAGE_URL_SECRET ?? randomBytes(32).toString('hex'), () => clock.now()),
        },
        {
          provide: ANALYSIS_CLIENT,
          inject: [LocalServiceRegistry],
          useFactory: (registry: LocalServiceRegistry) =>
            new AnalysisClientAdapter(registry, config.ANALYSIS_URL && config.INTERNAL_API_TOKEN ? { url: config.ANALYSIS_URL, token: config.INTERNAL_API_TOKEN } : null),
        },
        ...photosRepositoryProviders(config.DATABASE_URL),
        PublicReadCache,
        PublicReadsFastPath,
        PhotoFiles,
        ImageJobs,
        UploadPhoto,
        PhotoQueries,
        PhotoActions,
        PhotoEventsConsumer,
        GuestExpiryJob,
        PhotoFileReferences,
        PhotoOrphansJob,
        SiteAssets,
        PhotosApiService,
        ...features.flatMap((part) => part.providers),
      ],
      exports: [UploadPhoto, PhotoActions, SiteAssets, PublicReadsFastPath],
    };
  }
}
