import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@wildframe/platform';
import type { ServiceDatabase } from '@wildframe/platform';
import { eq, sql } from 'drizzle-orm';
import type { SiteAsset } from '../../domain/photo';
import { SiteAssetsRepository } from '../site-assets.repository';
import { assets } from './schema';

@Injectable()
export class PostgresSiteAssetsRepository extends SiteAssetsRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {
    super();
  }

  async exists(name: string): Promise<boolean> {
    const [row] = await this.database.db.select({ id: assets.id }).from(assets).where(eq(assets.name, name)).limit(1);
    return Boolean(row);
  }

  async put(asset: SiteAsset): Promise<void> {
    await this.database.db
      .insert(assets)
      .values(asset)
      .onConflictDoUpdate({ target: assets.name, set: { ...asset, updatedAt: sql`now()` } });
  }
}
