import { Injectable } from '@nestjs/common';
import { combineUpdates, liveOnly, MongoServiceDatabase, pushEvents } from '@wildframe/platform';
import type { PendingEvent } from '@wildframe/platform';
import { authCollections } from '../../repositories/mongo/schemas';
import { DEFAULT_PREFERENCES, Preferences, PreferencesOwner } from '../preferences';
import { PreferencesRepository } from '../preferences.repository';

/** Attempts of an optimistic write before giving up (each retry means another write won in between). */
const MAX_ATTEMPTS = 50;

/**
 * MongoDB: the preferences live in the member's account document, so one `findOneAndUpdate` on
 * `{ _id, rev }` changes them and pushes the events announcing them (no transaction needed). A
 * write that lost a race with another change of the account is computed again from a fresh read.
 */
@Injectable()
export class MongoPreferencesRepository extends PreferencesRepository {
  constructor(private readonly database: MongoServiceDatabase) {
    super();
  }

  async get(userId: string): Promise<Preferences> {
    const { users } = await authCollections(this.database);
    const doc = await users.findOne({ _id: userId, ...liveOnly }, { projection: { preferences: 1 } });
    return { ...DEFAULT_PREFERENCES, ...(doc?.preferences ?? {}) };
  }

  async update(userId: string, changes: Partial<Preferences>, announce: (preferences: Preferences, owner: PreferencesOwner) => PendingEvent[]): Promise<Preferences | null> {
    const { users } = await authCollections(this.database);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const doc = await users.findOne({ _id: userId, ...liveOnly });
      if (!doc) return null;
      const preferences: Preferences = { ...DEFAULT_PREFERENCES, ...(doc.preferences ?? {}), ...changes };
      const owner: PreferencesOwner = { userId: doc._id, firstName: doc.firstName, lastName: doc.lastName, profileImageUrl: doc.profileImageUrl ?? null };
      const written = await users.updateOne(
        { _id: userId, rev: doc.rev, ...liveOnly },
        combineUpdates({ $set: { preferences, updatedAt: new Date() }, $inc: { rev: 1 } }, pushEvents(announce(preferences, owner))),
      );
      if (written.modifiedCount === 1) return preferences;
    }
    throw new Error(`Preferences of ${userId} kept changing under ${MAX_ATTEMPTS} attempts`);
  }
}
