import { Injectable } from '@nestjs/common';
import { MongoDeliveries, MongoServiceDatabase } from '@wildframe/platform';
import type { Delivery } from '@wildframe/platform';
import type { Model } from 'mongoose';
import type { Uploader } from '../../domain/photo';
import { UploadersRepository } from '../uploaders.repository';
import { upsertRetried } from './mongo-support';
import { photosModels, UploaderDocument } from './schemas';

/**
 * Uploader names on MongoDB, one document per user. A delivery is claimed in `processed_events`
 * (platform `MongoDeliveries`) around an effect that is idempotent by itself (set the names, delete
 * the document), so a crash between effect and record only repeats the same effect.
 */
@Injectable()
export class MongoUploadersRepository extends UploadersRepository {
  private readonly uploaders: Model<UploaderDocument>;
  private readonly deliveries: MongoDeliveries;

  constructor(database: MongoServiceDatabase) {
    super();
    this.uploaders = photosModels(database).uploaders;
    this.deliveries = new MongoDeliveries(database);
  }

  upsert({ userId, firstName, lastName }: Uploader, delivery: Delivery): Promise<boolean> {
    return this.deliveries.once(delivery, () => upsertRetried(() => this.uploaders.updateOne({ _id: userId }, { $set: { firstName, lastName, updatedAt: new Date() } }, { upsert: true })));
  }

  delete(userId: string, delivery: Delivery): Promise<boolean> {
    return this.deliveries.once(delivery, async () => {
      await this.uploaders.deleteOne({ _id: userId });
    });
  }

  async ensure({ userId, firstName, lastName }: Uploader): Promise<void> {
    await upsertRetried(() => this.uploaders.updateOne({ _id: userId }, { $setOnInsert: { firstName, lastName, updatedAt: new Date() } }, { upsert: true }));
  }
}
