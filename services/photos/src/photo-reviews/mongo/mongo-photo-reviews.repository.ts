import { Injectable } from '@nestjs/common';
import { isDuplicateKey, MongoServiceDatabase } from '@wildframe/platform';
import type { Model } from 'mongoose';
import type { PhotoReview } from '../photo-review';
import { PhotoReviewsRepository } from '../photo-reviews.repository';
import { PHOTO_REVIEW_MODEL, PhotoReviewDocument } from './photo-reviews.schemas';

/** MongoDB: one document per photo (`_id`); the insert of a redelivered record is a duplicate key, ignored. */
@Injectable()
export class MongoPhotoReviewsRepository extends PhotoReviewsRepository {
  constructor(private readonly database: MongoServiceDatabase) {
    super();
  }

  private get reviews(): Model<PhotoReviewDocument> {
    return this.database.model<PhotoReviewDocument>(PHOTO_REVIEW_MODEL);
  }

  async record(review: PhotoReview): Promise<void> {
    const { photoId, ...fields } = review;
    try {
      await this.reviews.create({ _id: photoId, ...fields });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }

  async findByPhoto(photoId: string): Promise<PhotoReview | undefined> {
    const doc = await this.reviews.findById(photoId).lean<PhotoReviewDocument>();
    if (!doc) return undefined;
    const { _id, ...fields } = doc;
    return { photoId: _id, ...fields, ownerId: fields.ownerId ?? null, reason: fields.reason ?? null, category: fields.category ?? null };
  }
}
