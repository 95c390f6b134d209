import type { PlanId } from '@wildframe/contracts';

/** An account as the use cases see it, whatever the backend stores. */
export interface UserRecord {
  id: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  plan: PlanId;
  planExpiry: Date | null;
  isActive: boolean;
  isAdmin: boolean;
  /** The account created from ADMIN_EMAIL: it can be neither demoted nor deleted. */
  isSiteAdmin: boolean;
  /**
   * An inactive (pending paid signup) account whose payment is being taken until this time: no
   * new signup may replace it meanwhile. Null otherwise.
   */
  checkoutHeldUntil: Date | null;
  /**
   * Failed sign-ins (and current-password checks) in a row, from any address: at the cap
   * (AUTH_MAX_CONSECUTIVE_FAILURES) the account signs in only after a password reset.
   */
  failedSignIns: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  isAdmin?: boolean;
  isSiteAdmin?: boolean;
  isActive?: boolean;
}

export interface PlanSetting {
  plan: PlanId;
  planExpiry: Date | null;
}

/** A plan change as stored: the row before and after it. */
export interface PlanChange {
  before: UserRecord;
  after: UserRecord;
}

/** Answers are stored only as argon2id hashes of the normalized answer. */
export interface SecurityQuestionsInput {
  question1: string;
  question2: string;
  question3: string;
  answer1Hash: string;
  answer2Hash: string;
  answer3Hash: string;
}

export type SecurityQuestionsRecord = SecurityQuestionsInput & { userId: string };
