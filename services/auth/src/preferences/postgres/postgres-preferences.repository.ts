import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, storeEvents } from '@wildframe/platform';
import type { PendingEvent, ServiceDatabase } from '@wildframe/platform';
import { eq, sql } from 'drizzle-orm';
import { userPreferences, users } from '../../repositories/postgres/schema';
import { DEFAULT_PREFERENCES, Preferences, PreferencesOwner } from '../preferences';
import { PreferencesRepository } from '../preferences.repository';

/** PostgreSQL: one transaction upserts the row and stores the events. */
@Injectable()
export class PostgresPreferencesRepository extends PreferencesRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {
    super();
  }

  async get(userId: string): Promise<Preferences> {
    const [row] = await this.database.db
      .select({ emailNotifications: userPreferences.emailNotifications, publicProfile: userPreferences.publicProfile })
      .from(userPreferences)
      .where(eq(userPreferences.userId, userId));
    return row ?? { ...DEFAULT_PREFERENCES };
  }

  async update(userId: string, changes: Partial<Preferences>, announce: (preferences: Preferences, owner: PreferencesOwner) => PendingEvent[]): Promise<Preferences | null> {
    return this.database.db.transaction(async (tx) => {
      // Locks the member's row: two changes at once are applied and announced one after the other.
      const [owner] = await tx
        .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, profileImageUrl: users.profileImageUrl })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!owner) return null;
      const set = { ...changes, updatedAt: sql`now()` };
      const [row] = await tx
        .insert(userPreferences)
        .values({ ...DEFAULT_PREFERENCES, ...changes, userId })
        .onConflictDoUpdate({ target: userPreferences.userId, set })
        .returning({ emailNotifications: userPreferences.emailNotifications, publicProfile: userPreferences.publicProfile });
      const preferences = row as Preferences;
      await storeEvents(tx, this.database.schema, announce(preferences, owner));
      return preferences;
    });
  }
}
