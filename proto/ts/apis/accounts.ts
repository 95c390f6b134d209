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
 * once payment succeeds it is activated on its plan and a session is opened. Until then it does
 * not block its address: a new signup with it (free or paid) replaces it, except while billing
 * holds it to take the payment.
 *
 * Errors: createPendingAccount fails with status 409 'An account with this email already exists'
 * (or, while another signup's payment is held, 409 'A payment for this email address is being
 * processed…'); holdPendingAccount with 404 when the pending account is gone (replaced or discarded).
 */
export interface AccountsApi {
  createPendingAccount(input: { email: string; firstName: string; lastName: string; password: string }): Promise<{ userId: string }>;
  /** Before charging: keeps the pending account from being replaced for a few minutes. 404 when it no longer exists. */
  holdPendingAccount(userId: string): Promise<void>;
  /** The charge failed: the pending account may be replaced again. */
  releasePendingAccount(userId: string): Promise<void>;
  activateAccount(userId: string, plan: PlanId, planExpiry: string | null): Promise<{ sessionToken: string; user: AccountView }>;
  /** Removes an account that was never activated (payment abandoned or refused). */
  discardPendingAccount(userId: string): Promise<void>;
}
