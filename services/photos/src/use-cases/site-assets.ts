import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, OBJECT_STORAGE } from '@wildframe/platform';
import type { ObjectStorage, ServiceDatabase, StoredObject } from '@wildframe/platform';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { assets } from '../db/schema';
import type { PhotoCredit } from '../db/schema';
import { photosErrors } from '../domain/photos.errors';

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
    @Inject(DATABASE) private readonly database: ServiceDatabase,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  private key(name: string): string {
    return `assets/${name}.webp`;
  }

  async exists(name: string): Promise<boolean> {
    const [row] = await this.database.db.select({ id: assets.id }).from(assets).where(eq(assets.name, name)).limit(1);
    return Boolean(row);
  }

  async put(input: AssetInput, image: Buffer | string): Promise<void> {
    if (!ASSET_NAME.test(input.name)) throw new Error(`Invalid asset name '${input.name}'`);
    const webp = await sharp(image).rotate().resize({ width: 2400, height: 2400, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    await this.storage.put(this.key(input.name), webp, { contentType: 'image/webp' });
    const values = { ...input, credit: input.credit ?? null, mimeType: 'image/webp', fileSize: webp.length, storageKey: this.key(input.name) };
    await this.database.db
      .insert(assets)
      .values(values)
      .onConflictDoUpdate({ target: assets.name, set: { ...values, updatedAt: sql`now()` } });
  }

  async get(name: string): Promise<StoredObject> {
    if (!ASSET_NAME.test(name) || !(await this.exists(name))) throw photosErrors.assetNotFound();
    return this.storage.get(this.key(name));
  }
}
