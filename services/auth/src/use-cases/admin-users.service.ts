import { Inject, Injectable } from '@nestjs/common';
import type { PlanId } from '@wildframe/contracts';
import { AppError, CLOCK, EventOutbox, isUuid, OBJECT_STORAGE } from '@wildframe/platform';
import type { Clock, Identity, ObjectStorage } from '@wildframe/platform';
import type { UserRecord } from '../domain/user';
import { AdminUsersRepository } from '../repositories/admin-users.repository';
import { UsersRepository } from '../repositories/users.repository';
import { deletedEvent, planChangedEvent } from './account-events';

export type AdminUsersErrorCode = 'USER_NOT_FOUND' | 'SITE_ADMIN_PROTECTED' | 'CANNOT_DELETE_SELF';

export class AdminUsersError extends AppError<AdminUsersErrorCode> {}

export const adminUsersErrors = {
  notFound: () => new AdminUsersError('USER_NOT_FOUND', 'User not found', 404),
  siteAdminProtected: () => new AdminUsersError('SITE_ADMIN_PROTECTED', 'The site admin cannot be changed or deleted', 403),
  cannotDeleteSelf: () => new AdminUsersError('CANNOT_DELETE_SELF', 'You cannot delete your own account from the admin panel', 403),
};

/** A user as the admin panel lists it: admins may see e-mails, never a hash or a token. */
export type { AdminUserView } from '../dto/auth.responses';
import type { AdminUserView } from '../dto/auth.responses';

function toAdminUserView(row: UserRecord): AdminUserView {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    plan: row.plan,
    planExpiry: row.planExpiry ? row.planExpiry.toISOString() : null,
    isActive: row.isActive,
    isAdmin: row.isAdmin,
    isSiteAdmin: row.isSiteAdmin,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Admin user management: list, change a plan, delete. The site admin (made from configuration)
 * can be neither changed nor deleted, and an admin cannot delete their own account here.
 */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly adminUsers: AdminUsersRepository,
    private readonly users: UsersRepository,
    private readonly outbox: EventOutbox,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** Every account (the spec's response), or one page of them when asked. */
  async list(page?: { page: number; limit: number }): Promise<AdminUserView[]> {
    return (await this.adminUsers.listAll(page)).map(toAdminUserView);
  }

  /**
   * A plan an admin sets does not expire (it is not paid through billing). Setting the plan the
   * user already has changes nothing and announces nothing.
   */
  async changePlan(userId: string, plan: PlanId): Promise<AdminUserView> {
    if (!isUuid(userId)) throw adminUsersErrors.notFound();
    const change = await this.users.changePlan(
      userId,
      (current) => {
        if (current.isSiteAdmin) throw adminUsersErrors.siteAdminProtected();
        return current.plan === plan ? { plan, planExpiry: current.planExpiry } : { plan, planExpiry: null };
      },
      (changed) => (changed.before.plan === changed.after.plan ? [] : [planChangedEvent(changed, this.clock.now().toISOString(), 'admin')]),
    );
    if (!change) throw adminUsersErrors.notFound();
    await this.outbox.flush();
    return toAdminUserView(change.after);
  }

  /**
   * Deletes the account with its sessions and avatar files; the other services remove what they
   * keep of the user (photos and their files) when `auth.user.deleted.v1` reaches them.
   */
  async delete(userId: string, admin: Identity): Promise<{ message: string }> {
    if (!isUuid(userId)) throw adminUsersErrors.notFound();
    const deleted = await this.adminUsers.delete(
      userId,
      (current) => {
        if (current.isSiteAdmin) throw adminUsersErrors.siteAdminProtected();
        if (current.id === admin.userId) throw adminUsersErrors.cannotDeleteSelf();
      },
      (row) => [deletedEvent(row, this.clock.now())],
    );
    if (!deleted) throw adminUsersErrors.notFound();
    await this.outbox.flush();
    for (const avatar of await this.storage.list(`avatars/${deleted.id}/`)) await this.storage.delete(avatar.key);
    return { message: 'User deleted' };
  }
}
