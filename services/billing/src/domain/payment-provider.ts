import type { PaidPlanId } from './pricing';

export { PaymentDeclinedError, ProviderUnavailableError } from './billing.errors';

export type ProviderName = 'sandbox' | 'stripe';

/** A payment setup (Stripe's SetupIntent): saves a card for later charges without charging it. */
export interface ProviderSetupIntent {
  id: string;
  clientSecret: string;
  /** Stripe's names; anything but `succeeded` means the card is not saved yet. */
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  customerId: string;
  paymentMethodId: string | null;
}

/**
 * A subscription as the provider sees it, reduced to what billing acts on. Provider statuses map
 * to four: incomplete (first payment outstanding), active (also trialing), past_due (a renewal
 * failed; the provider is still retrying) and ended (canceled, expired or unpaid).
 */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: 'incomplete' | 'active' | 'past_due' | 'ended';
  /** Null before the first payment. */
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** The price the subscription is on, when it is one of ours. */
  price: { plan: PaidPlanId; isAnnual: boolean } | null;
  /** The first invoice's payment, while it waits for a card (its client secret confirms it). */
  pendingPayment: { clientSecret: string; status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' } | null;
  /** What the first (or next) invoice charges, in cents. */
  amountDueCents: number;
  /**
   * An upgrade's credit beyond its first invoice, not yet on the customer's account: it is added
   * there once the first invoice is paid. 0 after that, and for any other subscription.
   */
  creditToCarryCents: number;
}

export interface CreateSubscriptionInput {
  customerId: string;
  plan: PaidPlanId;
  isAnnual: boolean;
  /** Apply the launch promo (monthly plans only; checked before). */
  promo: boolean;
  /**
   * With a saved card: charged at once, and a decline fails the call (PaymentDeclinedError).
   * Without: the subscription waits, incomplete, for its first payment (`pendingPayment`).
   */
  paymentMethodId?: string;
  userId: string;
  /**
   * An upgrade's credit for the unused time of the plan it replaces: taken off the first invoice,
   * and what exceeds that invoice becomes the customer's account credit once it is paid, taken
   * off the invoices that follow until used up.
   */
  creditCents?: number;
}

/**
 * The port to a card payment provider. Billing is the only place that talks to one; the sandbox
 * (offline, no real charges) and Stripe implement it, chosen by PAYMENT_PROVIDER.
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  createCustomer(input: { email: string; name: string; userId: string }): Promise<string>;
  createSetupIntent(customerId: string, metadata: { userId: string }): Promise<ProviderSetupIntent>;
  getSetupIntent(id: string): Promise<ProviderSetupIntent>;
  cancelSetupIntent(id: string): Promise<void>;
  createSubscription(input: CreateSubscriptionInput): Promise<ProviderSubscription>;
  /** The customer's account credit in cents: the provider takes it off the customer's next invoices (Stripe's customer balance). */
  accountCreditCents(customerId: string): Promise<number>;
  getSubscription(id: string): Promise<ProviderSubscription>;
  /** Keeps the subscription until its period ends, then ends it. */
  cancelAtPeriodEnd(id: string): Promise<ProviderSubscription>;
  /** Takes a cancellation back while the period runs: the subscription renews again. */
  resume(id: string): Promise<ProviderSubscription>;
  /** Ends it now without a refund (an incomplete one, or one an upgrade replaced). */
  cancelNow(id: string): Promise<ProviderSubscription>;
  /**
   * The sandbox only: carries out what has fallen due by `now` (renewals, period-end
   * cancellations, expired first payments) and returns the ids of subscriptions that changed.
   * A real provider does this itself and reports it through its webhook.
   */
  runDueWork?(now: Date): Promise<string[]>;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');
