import type { NewSignup, Signup, SignupStatus } from '../domain/signup';

export type { Signup, SignupStatus } from '../domain/signup';

/** Paid signups in progress (port; adapters in `postgres/` and `mongo/`). The setup intent id is unique. */
export abstract class SignupsRepository {
  abstract insert(row: NewSignup): Promise<Signup>;

  abstract bySetupIntent(setupIntentId: string): Promise<Signup | undefined>;

  abstract pendingForEmail(email: string): Promise<Signup[]>;

  abstract pendingCreatedBefore(cutoff: Date): Promise<Signup[]>;

  /** Moves a signup on only from the status it was read in; false when someone else did first. */
  abstract advance(id: string, from: SignupStatus, to: SignupStatus, patch?: { providerSubscriptionId?: string }): Promise<boolean>;
}
