import 'reflect-metadata';
import { MongoServiceDatabase, ServiceDatabase } from '@wildframe/platform';
import { describeEachBackend } from '@wildframe/platform/testing';
import { randomUUID } from 'node:crypto';
import { photosDatabase } from '../photos.database';
import { MongoPhotoReviewsRepository } from './mongo/mongo-photo-reviews.repository';
import { photoReviewsMongoModels } from './mongo/photo-reviews.schemas';
import type { PhotoReview } from './photo-review';
import type { PhotoReviewsRepository } from './photo-reviews.repository';
import { PostgresPhotoReviewsRepository } from './postgres/postgres-photo-reviews.repository';

const review = (overrides: Partial<PhotoReview> = {}): PhotoReview => ({
  photoId: randomUUID(),
  ownerId: randomUUID(),
  decision: 'rejected',
  reason: 'A photo of an invoice.',
  reviewedBy: randomUUID(),
  reviewReasons: ['It looks like a document.', 'Very few colours.'],
  category: null,
  reviewedAt: new Date('2026-05-04T10:00:00.000Z'),
  ...overrides,
});

/** The audit trail of reviews keeps the same contract on each backend. */
describeEachBackend('photo reviews repository', (backend) => {
  let reviews: PhotoReviewsRepository;
  let close: () => Promise<void>;

  beforeAll(async () => {
    if (backend.driver === 'postgres') {
      const database = ServiceDatabase.connect({ schema: 'photos', url: backend.url, migrationsFolder: photosDatabase.migrationsFolder });
      await database.migrate();
      reviews = new PostgresPhotoReviewsRepository(database);
      close = () => database.close();
    } else {
      const database = MongoServiceDatabase.connect({ service: 'photos', url: backend.url, models: photoReviewsMongoModels });
      await database.ensureIndexes();
      reviews = new MongoPhotoReviewsRepository(database);
      close = () => database.close();
    }
  });
  afterAll(() => close?.());

  it('keeps a review whole, one per photo: a redelivered record changes nothing', async () => {
    const rejected = review();
    await reviews.record(rejected);
    await Promise.all([reviews.record(rejected), reviews.record({ ...rejected, reason: 'a second write' })]);
    expect(await reviews.findByPhoto(rejected.photoId)).toEqual(rejected);
    const approved = review({ decision: 'approved', reason: null, ownerId: null, category: 'wildlife' });
    await reviews.record(approved);
    expect(await reviews.findByPhoto(approved.photoId)).toEqual(approved);
    expect(await reviews.findByPhoto(randomUUID())).toBeUndefined();
    expect(await reviews.findByPhoto('not-a-uuid')).toBeUndefined();
  });
});
