import { pendingEvent } from '@wildframe/platform';
import type { PendingEvent } from '@wildframe/platform';
import type { PlanChange } from '../domain/user';
import type { UserRecord } from '../domain/user';

/** `auth.user.registered.v1` for a stored account (keyed by the user id, as every auth.user.* event). */
export function registeredEvent(user: UserRecord): PendingEvent {
  return pendingEvent(
    'auth.user.registered.v1',
    { userId: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, plan: user.plan, registeredAt: user.createdAt.toISOString() },
    { key: user.id, subject: user.id },
  );
}

export function updatedEvent(user: UserRecord, at: Date): PendingEvent {
  return pendingEvent(
    'auth.user.updated.v1',
    {
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      profileImageUrl: user.profileImageUrl ?? '',
      updatedAt: at.toISOString(),
    },
    { key: user.id, subject: user.id },
  );
}

/** `auth.user.plan-changed.v1`; `changedAt` is the change's own time (the billing event's, or now for an admin). */
export function planChangedEvent({ before, after }: PlanChange, changedAt: string, source: 'admin' | 'billing'): PendingEvent {
  return pendingEvent(
    'auth.user.plan-changed.v1',
    { userId: after.id, plan: after.plan, previousPlan: before.plan, planExpiry: after.planExpiry?.toISOString() ?? '', changedAt, source },
    { key: after.id, subject: after.id },
  );
}

export function deletedEvent(user: UserRecord, at: Date): PendingEvent {
  return pendingEvent('auth.user.deleted.v1', { userId: user.id, deletedAt: at.toISOString() }, { key: user.id, subject: user.id });
}
