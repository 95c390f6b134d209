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

/**
 * The narrower copies kept of each site image (`GET /api/assets/{name}?w=960`), so a page takes
 * the one its layout needs: 320 px for the editing card's faint backdrop (drawn at a third of its
 * opacity, where a sharper copy is not seen but weighs 27 KB of the first view), 640 px for the home
 * page's sample cards (about 560 px wide on a desktop), 960 px for phones, 1200 px for the desktop
 * hero (about 1150 px wide at 1366 px).
 */
export const ASSET_COPY_WIDTHS = [320, 640, 960, 1200] as const;

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
    for (const width of ASSET_COPY_WIDTHS) {
      // Effort 6: smaller files for the same quality (encoded once, sent on every first view).
      const copy = await sharp(webp).resize({ width, withoutEnlargement: true }).webp({ quality: 72, effort: 6 }).toBuffer();
      await this.storage.put(this.key(input.name, width), copy, { contentType: 'image/webp' });
    }
    await this.assets.put({ ...input, credit: input.credit ?? null, mimeType: 'image/webp', fileSize: webp.length, storageKey: this.key(input.name) });
  }

  /**
   * The image, or its copy `width` px wide. An asset stored before that copy existed gives its
   * next wider copy, and one stored before any copy existed the full image.
   */
  async get(name: string, width?: number): Promise<StoredObject> {
    if (!ASSET_NAME.test(name) || !(await this.exists(name))) throw photosErrors.assetNotFound();
    if (width !== undefined && (ASSET_COPY_WIDTHS as readonly number[]).includes(width)) {
      for (const copy of ASSET_COPY_WIDTHS.filter((w) => w >= width)) {
        try {
          return await this.storage.get(this.key(name, copy));
        } catch {
          // Not stored by the version that stored this asset: try the next wider one.
        }
      }
    }
    return this.storage.get(this.key(name));
  }
}
