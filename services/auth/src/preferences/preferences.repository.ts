import type { PendingEvent } from '@wildframe/platform';
import type { Preferences, PreferencesOwner } from './preferences';

/** Where members' preferences are kept (adapters: `postgres/`). */
export abstract class PreferencesRepository {
  /** The member's preferences; the defaults when never set. */
  abstract get(userId: string): Promise<Preferences>;

  /**
   * Applies the changes and stores the events announcing the result in one unit; null when the
   * member does not exist.
   */
  abstract update(userId: string, changes: Partial<Preferences>, announce: (preferences: Preferences, owner: PreferencesOwner) => PendingEvent[]): Promise<Preferences | null>;
}
