import { Inject, Injectable } from '@nestjs/common';
import { OBJECT_STORAGE } from '@wildframe/platform';
import type { ObjectStorage, StoredObject } from '@wildframe/platform';
import sharp from 'sharp';
import type { PhotoCredit } from '../domain/photo';
import { photosErrors } from '../domain/photos.errors';
import { SiteAssetsRepository } from '../repositories/site-assets.repository';

export interface AssetInput {
  name: string;
  title: string;
  description: string;
  category: string;
  credit?: PhotoCredit;
}

const ASSET_NAME = /^[a-z0-9-]{1,100}$/;

/** Site images (home page hero and samples): one WebP per name, served publicly. */
@Injectable()
export class SiteAssets {
  constructor(
    private readonly assets: SiteAssetsRepository,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  private key(name: string): string {
    return `assets/${name}.webp`;
  }

  exists(name: string): Promise<boolean> {
    return this.assets.exists(name);
  }

  async put(input: AssetInput, image: Buffer | string): Promise<void> {
    if (!ASSET_NAME.test(input.name)) throw new Error(`Invalid asset name '${input.name}'`);
    const webp = await sharp(image).rotate().resize({ width: 2400, height: 2400, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    await this.storage.put(this.key(input.name), webp, { contentType: 'image/webp' });
    await this.assets.put({ ...input, credit: input.credit ?? null, mimeType: 'image/webp', fileSize: webp.length, storageKey: this.key(input.name) });
  }

  async get(name: string): Promise<StoredObject> {
    if (!ASSET_NAME.test(name) || !(await this.exists(name))) throw photosErrors.assetNotFound();
    return this.storage.get(this.key(name));
  }
}
