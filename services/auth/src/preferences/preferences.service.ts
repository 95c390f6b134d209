import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, EventOutbox, pendingEvent } from '@wildframe/platform';
import type { Clock } from '@wildframe/platform';
import { authErrors } from '../domain/auth.errors';
import type { Preferences } from './preferences';
import { PreferencesRepository } from './preferences.repository';

/** A member's preferences; a change is announced (photos keeps photographer pages from it). */
@Injectable()
export class PreferencesService {
  constructor(
    private readonly preferences: PreferencesRepository,
    private readonly outbox: EventOutbox,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  get(userId: string): Promise<Preferences> {
    return this.preferences.get(userId);
  }

  async update(userId: string, changes: Partial<Preferences>): Promise<Preferences> {
    const updated = await this.preferences.update(userId, changes, (preferences, owner) => [
      pendingEvent(
        'auth.user.preferences-changed.v1',
        {
          userId,
          publicProfile: preferences.publicProfile,
          emailNotifications: preferences.emailNotifications,
          firstName: owner.firstName,
          lastName: owner.lastName,
          profileImageUrl: owner.profileImageUrl ?? '',
          changedAt: this.clock.now().toISOString(),
        },
        { key: userId, subject: userId },
      ),
    ]);
    if (!updated) throw authErrors.notFound();
    await this.outbox.flush();
    return updated;
  }
}
