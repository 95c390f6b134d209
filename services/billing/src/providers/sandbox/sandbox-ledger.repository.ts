import type { ChargeOutcome } from './test-cards';

// The sandbox payment provider's own books (no real money), in Stripe's vocabulary.

export interface SandboxCustomer {
  id: string;
  email: string;
  name: string;
  defaultPaymentMethodId: string | null;
  createdAt: Date;
}

/** A card saved by a confirmed setup or payment. Only brand and last four digits are kept, never the number. */
export interface SandboxPaymentMethod {
  id: string;
  customerId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** What charges to this card do: the test card decides (e.g. 4000 0000 0000 0341 fails later charges). */
  chargeOutcome: ChargeOutcome;
  createdAt: Date;
}

export type SandboxSetupStatus = 'requires_payment_method' | 'succeeded' | 'canceled';

export interface SandboxSetupIntent {
  id: string;
  clientSecret: string;
  customerId: string;
  status: SandboxSetupStatus;
  paymentMethodId: string | null;
  lastError: string | null;
  createdAt: Date;
}

/** One invoice per billing period, with the payment that settles it. */
export interface SandboxInvoice {
  id: string;
  amountCents: number;
  status: 'open' | 'paid' | 'void';
  paymentIntentId: string;
  paymentClientSecret: string;
  paymentStatus: 'requires_payment_method' | 'succeeded' | 'canceled';
  attemptCount: number;
  lastError: string | null;
  periodStart: Date;
  periodEnd: Date;
  createdAt: Date;
}

export type SandboxSubscriptionStatus = 'incomplete' | 'active' | 'past_due' | 'canceled' | 'incomplete_expired';

/** A sandbox subscription with its invoices (oldest first): they change together. */
export interface SandboxSubscription {
  id: string;
  customerId: string;
  plan: string;
  isAnnual: boolean;
  status: SandboxSubscriptionStatus;
  defaultPaymentMethodId: string | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  promoCode: string | null;
  /** How many more invoices the promo discounts. */
  discountedPeriodsLeft: number;
  pastDueSince: Date | null;
  endedAt: Date | null;
  createdAt: Date;
  /**
   * An upgrade's credit beyond its first invoice: it becomes the customer's account credit once
   * that invoice is paid (entry `carry:<subscription id>`), for the invoices that follow.
   */
  creditToCarryCents: number;
  invoices: SandboxInvoice[];
}

/** One change of a customer's account credit: positive adds, negative spends it on an invoice. */
export interface SandboxCreditEntry {
  key: string;
  amountCents: number;
  createdAt: Date;
}

/**
 * The sandbox provider's books (port; adapters in `repositories/postgres/` and `repositories/mongo/`):
 * customers, cards, setups, and subscriptions with their invoices. A subscription and its invoices
 * change as one (`changeSubscription`), so a payment settles its invoice and extends the period
 * together, and concurrent payments or renewals of one subscription charge once.
 */
export abstract class SandboxLedger {
  abstract insertCustomer(row: SandboxCustomer): Promise<void>;
  abstract customer(id: string): Promise<SandboxCustomer | undefined>;
  abstract setCustomerDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void>;

  /** The customer's account credit in cents (never below 0): what following invoices take off first. */
  abstract creditBalance(customerId: string): Promise<number>;
  abstract creditEntry(customerId: string, key: string): Promise<SandboxCreditEntry | undefined>;
  /**
   * Records one change of the customer's account credit under `key`, its amount decided by
   * `amount(balance)` from the balance it applies to (a spend is cut so the balance stays at 0 or
   * more). Once per key: a key recorded before returns the amount recorded then and changes
   * nothing. Concurrent changes of one customer's credit apply one after the other, so two
   * invoices never spend the same credit. Returns the amount recorded.
   */
  abstract changeCredit(customerId: string, key: string, amount: (balanceCents: number) => number, now: Date): Promise<number>;

  abstract insertPaymentMethod(row: SandboxPaymentMethod): Promise<void>;
  abstract paymentMethod(id: string): Promise<SandboxPaymentMethod | undefined>;
  /** The customer's saved cards, oldest first (what a charge kept: one card per settled payment or setup). */
  abstract paymentMethodsOf(customerId: string): Promise<SandboxPaymentMethod[]>;
  /** Compensation: removes a card saved for a payment or setup that another request completed first. */
  abstract deletePaymentMethod(id: string): Promise<void>;

  abstract insertSetupIntent(row: SandboxSetupIntent): Promise<void>;
  abstract setupIntent(id: string): Promise<SandboxSetupIntent | undefined>;
  abstract setupIntentBySecret(clientSecret: string): Promise<SandboxSetupIntent | undefined>;
  /** Changes a setup only from the status it was read in; false when another change came first. */
  abstract updateSetupIntent(id: string, from: SandboxSetupStatus, patch: Partial<Pick<SandboxSetupIntent, 'status' | 'paymentMethodId' | 'lastError'>>): Promise<boolean>;

  abstract insertSubscription(row: SandboxSubscription): Promise<void>;
  abstract subscription(id: string): Promise<SandboxSubscription | undefined>;
  /** The subscription whose invoice this payment secret settles. */
  abstract subscriptionIdByPaymentSecret(clientSecret: string): Promise<string | undefined>;
  /**
   * Reads, changes and writes one subscription with its invoices as one: concurrent changes apply
   * one after the other, each seeing the result of the one before. `change` must be pure (it may
   * run again when another change came first); `next: null` leaves the subscription as it is.
   * Undefined when there is no such subscription.
   */
  abstract changeSubscription<T>(id: string, change: (current: SandboxSubscription) => { next: SandboxSubscription | null; result: T }): Promise<{ result: T } | undefined>;

  /** Active subscriptions whose period has ended: due to renew or to end. */
  abstract dueForPeriodEnd(now: Date): Promise<string[]>;
  abstract incompleteCreatedBefore(cutoff: Date): Promise<string[]>;
}
