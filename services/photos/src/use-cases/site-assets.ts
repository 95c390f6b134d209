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

/** The narrower copy kept of each site image, for phones (`GET /api/assets/{name}?w=960`). */
export const ASSET_SMALL_WIDTH = 960;

/** Site images (home page hero and samples): one WebP per name, served publicly. */
@Injectable()
export class SiteAssets {
  constructor(
    private readonly assets: SiteAssetsRepository,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  private key(name: string, width?: number): string {
    return width ? `assets/${name}-w${width}.webp` : `assets/${name}.webp`;
  }

  exists(name: string): Promise<boolean> {
    return this.assets.exists(name);
  }

  async put(input: AssetInput, image: Buffer | string): Promise<void> {
    if (!ASSET_NAME.test(input.name)) throw new Error(`Invalid asset name '${input.name}'`);
    const webp = await sharp(image).rotate().resize({ width: 2400, height: 2400, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    await this.storage.put(this.key(input.name), webp, { contentType: 'image/webp' });
    const small = await sharp(webp).resize({ width: ASSET_SMALL_WIDTH, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
    await this.storage.put(this.key(input.name, ASSET_SMALL_WIDTH), small, { contentType: 'image/webp' });
    await this.assets.put({ ...input, credit: input.credit ?? null, mimeType: 'image/webp', fileSize: webp.length, storageKey: this.key(input.name) });
  }

  /** The image, or its copy `width` px wide; assets stored before copies existed give the full one. */
  async get(name: string, width?: number): Promise<StoredObject> {
    if (!ASSET_NAME.test(name) || !(await this.exists(name))) throw photosErrors.assetNotFound();
    if (width === ASSET_SMALL_WIDTH) {
      try {
        return await this.storage.get(this.key(name, width));
      } catch {
        // No copy yet (stored by an older version): the full image serves.
      }
    }
    return this.storage.get(this.key(name));
  }
}
