import type { PlanId } from '../plans';

/** Name under which the auth service registers its in-process implementation. */
export const ACCOUNTS_API = 'accounts';

export interface AccountView {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  plan: PlanId;
  planExpiry: string | null;
  isActive: boolean;
  isAdmin: boolean;
  isSiteAdmin: boolean;
  createdAt: string;
}

/**
 * What billing asks of the auth service when a paid signup happens. The account is created
 * (password hashed by auth) before payment, inactive, so no password is ever held by billing;
 * once payment succeeds it is activated on its plan and a session is opened.
 *
 * Errors: createPendingAccount fails with status 409 'An account with this email already exists'.
 */
export interface AccountsApi {
  createPendingAccount(input: { email: string; firstName: string; lastName: string; password: string }): Promise<{ userId: string }>;
  activateAccount(userId: string, plan: PlanId, planExpiry: string | null): Promise<{ sessionToken: string; user: AccountView }>;
  /** Removes an account that was never activated (payment abandoned or refused). */
  discardPendingAccount(userId: string): Promise<void>;
}
