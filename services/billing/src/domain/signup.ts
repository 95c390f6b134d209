/**
 * A paid signup between "payment setup created" and "account activated". The account exists in
 * auth already, inactive; billing keeps only its id. Status: pending, subscribing (claimed by one
 * completion), subscribed (paid, account not yet activated: completing again resumes there),
 * completed, abandoned.
 */
export type SignupStatus = 'pending' | 'subscribing' | 'subscribed' | 'completed' | 'abandoned';

export interface Signup {
  id: string;
  setupIntentId: string;
  userId: string;
  /** Normalised, so a second attempt with the same address replaces an abandoned one. */
  email: string;
  provider: string;
  providerCustomerId: string;
  status: SignupStatus;
  providerSubscriptionId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewSignup {
  setupIntentId: string;
  userId: string;
  email: string;
  provider: string;
  providerCustomerId: string;
  createdAt: Date;
}
