import { Injectable } from '@nestjs/common';
import { MongoServiceDatabase } from '@wildframe/platform';
import type { Model } from 'mongoose';
import type { SiteAsset } from '../../domain/photo';
import { SiteAssetsRepository } from '../site-assets.repository';
import { AssetDocument, photosModels } from './schemas';

/** Site images' records on MongoDB, one document per name (`_id`). */
@Injectable()
export class MongoSiteAssetsRepository extends SiteAssetsRepository {
  private readonly assets: Model<AssetDocument>;

  constructor(database: MongoServiceDatabase) {
    super();
    this.assets = photosModels(database).assets;
  }

  async exists(name: string): Promise<boolean> {
    return (await this.assets.exists({ _id: name })) !== null;
  }

  async put({ name, ...fields }: SiteAsset): Promise<void> {
    const now = new Date();
    await this.assets.updateOne({ _id: name }, { $set: { ...fields, updatedAt: now }, $setOnInsert: { createdAt: now } }, { upsert: true });
  }
}
