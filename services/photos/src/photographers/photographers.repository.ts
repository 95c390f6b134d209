import type { PhotoWithUploader } from '../domain/photo';
import type { Photographer, PhotographerTotals, ProfileFacts } from './photographer';

/**
 * The photographer read model (adapters: `postgres/`). Events about one member arrive on several
 * topics, whose relative order is not guaranteed: each fact is applied only when it is newer than
 * the one stored, so a redelivered or late event never undoes a newer one.
 */
export abstract class PhotographersRepository {
  /** Name (and avatar, when given) from auth.user.registered / auth.user.updated. */
  abstract applyProfile(userId: string, facts: ProfileFacts): Promise<void>;

  /** The publicProfile preference, with the profile facts that came with it. */
  abstract applyPreference(userId: string, publicProfile: boolean, facts: ProfileFacts): Promise<void>;

  abstract remove(userId: string): Promise<void>;

  /** The photographer when their page is public; null otherwise. */
  abstract findPublic(userId: string): Promise<Photographer | null>;

  /** Which of these members have a public page. */
  abstract publicAmong(userIds: readonly string[]): Promise<Set<string>>;

  /** Counts over the member's public photos. */
  abstract totals(userId: string): Promise<PhotographerTotals>;

  /** The member's public photos, newest first, one page. */
  abstract publicPhotos(userId: string, page: number, pageSize: number): Promise<PhotoWithUploader[]>;
}
