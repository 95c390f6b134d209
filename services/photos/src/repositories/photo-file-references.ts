import { Injectable } from '@nestjs/common';
import type { StoredKeyReferences } from '@wildframe/platform';
import { PhotosRepository } from './photos.repository';

/** The folders of photo files (images/photo-files.ts): originals/<id>.<ext>, derivatives/<id>/<file>. */
export const PHOTO_FILE_PREFIXES = ['originals/', 'derivatives/'] as const;

const PHOTO_FILE = /^(?:originals\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[A-Za-z0-9]+|derivatives\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[^/]+)$/i;

/**
 * Which stored photo files a row still points to, for the orphan sweep: a file belongs to a photo
 * row when the row's id is in its key or the row names it (storage, thumbnail or display key). A
 * key of another layout counts as referenced: the sweep never removes what it cannot account for.
 * Read-only, through the PhotosRepository port (either backend).
 */
@Injectable()
export class PhotoFileReferences implements StoredKeyReferences {
  constructor(private readonly photos: PhotosRepository) {}

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
    const rows = await this.photos.fileKeysReferencing([...new Set(idOfKey.values())], named);
    const ids = new Set(rows.map((row) => row.id.toLowerCase()));
    const keysNamed = new Set(rows.flatMap((row) => [row.storageKey, row.thumbnailKey, row.displayKey]));
    for (const [key, id] of idOfKey) if (ids.has(id) || keysNamed.has(key)) result.add(key);
    return result;
  }
}
