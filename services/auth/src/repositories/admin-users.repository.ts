import type { Announce } from './users.repository';
import type { UserRecord } from '../domain/user';

/** What the admin panel reads and removes of every account (plan changes use UsersRepository.changePlan). */
export abstract class AdminUsersRepository {
  /** Newest accounts first (then by e-mail); one page when asked. */
  abstract listAll(page?: { page: number; limit: number }): Promise<UserRecord[]>;

  /**
   * Deletes the account if `check` (given the current account) does not throw, with its sessions,
   * security questions and reset grants, and stores the events `announce` returns with the
   * deletion. Undefined when there is no such account.
   */
  abstract delete(id: string, check: (current: UserRecord) => void, announce?: Announce<UserRecord>): Promise<UserRecord | undefined>;
}
