import type { SiteAsset } from '../domain/photo';

/** Site images' records (home page hero and samples), by name; the bytes are in object storage. */
export abstract class SiteAssetsRepository {
  abstract exists(name: string): Promise<boolean>;
  /** Inserts or replaces the asset of that name. */
  abstract put(asset: SiteAsset): Promise<void>;
}
