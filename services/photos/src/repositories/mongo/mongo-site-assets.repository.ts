import type { SiteAsset } from '../../domain/photo';
import { SiteAssetsRepository } from '../site-assets.repository';
import type { PhotosModels } from './schemas';

/** Site images' records on MongoDB, one document per name (`_id`). */
export class MongoSiteAssetsRepository extends SiteAssetsRepository {
  constructor(private readonly models: PhotosModels) {
    super();
  }

  async exists(name: string): Promise<boolean> {
    return (await this.models.assets.exists({ _id: name })) !== null;
  }

  async put({ name, ...fields }: SiteAsset): Promise<void> {
    const now = new Date();
    await this.models.assets.updateOne({ _id: name }, { $set: { ...fields, updatedAt: now }, $setOnInsert: { createdAt: now } }, { upsert: true });
  }
}
