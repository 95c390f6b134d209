import type { Delivery } from '@wildframe/platform';
import type { Uploader } from '../../domain/photo';
import { UploadersRepository } from '../uploaders.repository';
import { applyOnce, upsertRetried } from './mongo-support';
import type { PhotosModels } from './schemas';

/** Uploader names on MongoDB: one document per user; a delivery is recorded in processed_events. */
export class MongoUploadersRepository extends UploadersRepository {
  constructor(private readonly models: PhotosModels) {
    super();
  }

  upsert({ userId, firstName, lastName }: Uploader, delivery: Delivery): Promise<boolean> {
    return applyOnce(this.models.processedEvents, delivery, () =>
      upsertRetried(() => this.models.uploaders.updateOne({ _id: userId }, { $set: { firstName, lastName, updatedAt: new Date() } }, { upsert: true })),
    );
  }

  delete(userId: string, delivery: Delivery): Promise<boolean> {
    return applyOnce(this.models.processedEvents, delivery, async () => {
      await this.models.uploaders.deleteOne({ _id: userId });
    });
  }

  async ensure({ userId, firstName, lastName }: Uploader): Promise<void> {
    await upsertRetried(() => this.models.uploaders.updateOne({ _id: userId }, { $setOnInsert: { firstName, lastName, updatedAt: new Date() } }, { upsert: true }));
  }
}
