import { Injectable } from '@nestjs/common';
import type { StoredKeyReferences } from '@wildframe/platform';
import { UsersRepository } from './users.repository';

/** The folder of avatars (use-cases/avatars.service.ts): avatars/<user id>/<version>.webp. */
export const AVATAR_PREFIXES = ['avatars/'] as const;

const AVATAR_KEY = /^avatars\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/([0-9a-f]{16})\.webp$/i;
/** The version a profile image URL names (`/api/users/<id>/avatar?v=<version>`). */
const URL_VERSION = /[?&]v=([0-9a-f]{16})$/;

/**
 * Which stored avatars a user row still points to, for the orphan sweep: an avatar is referenced
 * while its user's profile image URL names its version. A key of another layout counts as
 * referenced (the sweep never removes what it cannot account for). Read-only, through the
 * UsersRepository port (either backend).
 */
@Injectable()
export class AvatarReferences implements StoredKeyReferences {
  constructor(private readonly users: UsersRepository) {}

  async referenced(keys: readonly string[]): Promise<ReadonlySet<string>> {
    const result = new Set<string>();
    const parsed = new Map<string, { userId: string; version: string }>();
    for (const key of keys) {
      const match = AVATAR_KEY.exec(key);
      if (match?.[1] === undefined || match[2] === undefined) result.add(key);
      else parsed.set(key, { userId: match[1].toLowerCase(), version: match[2].toLowerCase() });
    }
    if (parsed.size === 0) return result;
    const urls = await this.users.profileImageUrls([...new Set([...parsed.values()].map((entry) => entry.userId))]);
    const current = new Map([...urls].map(([id, url]) => [id.toLowerCase(), url ? URL_VERSION.exec(url)?.[1] : undefined]));
    for (const [key, { userId, version }] of parsed) if (current.get(userId) === version) result.add(key);
    return result;
  }
}
