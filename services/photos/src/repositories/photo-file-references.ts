import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@wildframe/platform';
import type { ServiceDatabase, StoredKeyReferences } from '@wildframe/platform';
import { inArray, or } from 'drizzle-orm';
import { photos } from '../db/schema';

/** The folders of photo files (images/photo-files.ts): originals/<id>.<ext>, derivatives/<id>/<file>. */
export const PHOTO_FILE_PREFIXES = ['originals/', 'derivatives/'] as const;

const PHOTO_FILE = /^(?:originals\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[A-Za-z0-9]+|derivatives\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[^/]+)$/i;

/**
 * Which stored photo files a row still points to, for the orphan sweep: a file belongs to a photo
 * row when the row's id is in its key or the row names it (storage, thumbnail or display key). A
 * key of another layout counts as referenced: the sweep never removes what it cannot account for.
 * Read-only; kept apart from PhotosRepository so the repository ports can move without it.
 */
@Injectable()
export class PhotoFileReferences implements StoredKeyReferences {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {}

  async referenced(keys: readonly string[]): Promise<ReadonlySet<string>> {
    const result = new Set<string>();
    const idOfKey = new Map<string, string>();
    for (const key of keys) {
      const match = PHOTO_FILE.exec(key);
      const id = (match?.[1] ?? match?.[2])?.toLowerCase();
      if (id === undefined) result.add(key);
      else idOfKey.set(key, id);
    }
    if (idOfKey.size === 0) return result;
    const named = [...idOfKey.keys()];
    const rows = await this.database.db
      .select({ id: photos.id, storageKey: photos.storageKey, thumbnailKey: photos.thumbnailKey, displayKey: photos.displayKey })
      .from(photos)
      .where(or(inArray(photos.id, [...new Set(idOfKey.values())]), inArray(photos.storageKey, named), inArray(photos.thumbnailKey, named), inArray(photos.displayKey, named)));
    const ids = new Set(rows.map((row) => row.id.toLowerCase()));
    const keysNamed = new Set(rows.flatMap((row) => [row.storageKey, row.thumbnailKey, row.displayKey]));
    for (const [key, id] of idOfKey) if (ids.has(id) || keysNamed.has(key)) result.add(key);
    return result;
  }
}
