import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@wildframe/platform';
import type { ServiceDatabase, StoredKeyReferences } from '@wildframe/platform';
import { inArray } from 'drizzle-orm';
import { users } from '../db/schema';

/** The folder of avatars (use-cases/avatars.service.ts): avatars/<user id>/<version>.webp. */
export const AVATAR_PREFIXES = ['avatars/'] as const;

const AVATAR_KEY = /^avatars\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/([0-9a-f]{16})\.webp$/i;
/** The version a profile image URL names (`/api/users/<id>/avatar?v=<version>`). */
const URL_VERSION = /[?&]v=([0-9a-f]{16})$/;

/**
 * Which stored avatars a user row still points to, for the orphan sweep: an avatar is referenced
 * while its user's profile image URL names its version. A key of another layout counts as
 * referenced (the sweep never removes what it cannot account for). Read-only; kept apart from
 * UsersRepository so the repository ports can move without it.
 */
@Injectable()
export class AvatarReferences implements StoredKeyReferences {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {}

  async referenced(keys: readonly string[]): Promise<ReadonlySet<string>> {
    const result = new Set<string>();
    const parsed = new Map<string, { userId: string; version: string }>();
    for (const key of keys) {
      const match = AVATAR_KEY.exec(key);
      if (match?.[1] === undefined || match[2] === undefined) result.add(key);
      else parsed.set(key, { userId: match[1].toLowerCase(), version: match[2].toLowerCase() });
    }
    if (parsed.size === 0) return result;
    const rows = await this.database.db
      .select({ id: users.id, profileImageUrl: users.profileImageUrl })
      .from(users)
      .where(inArray(users.id, [...new Set([...parsed.values()].map((entry) => entry.userId))]));
    const current = new Map(rows.map((row) => [row.id.toLowerCase(), row.profileImageUrl ? URL_VERSION.exec(row.profileImageUrl)?.[1] : undefined]));
    for (const [key, { userId, version }] of parsed) if (current.get(userId) === version) result.add(key);
    return result;
  }
}
