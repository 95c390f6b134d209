import { AppError } from '@wildframe/platform';

export type BillingErrorCode =
  | 'NOT_A_PAID_PLAN'
  | 'EMAIL_TAKEN'
  | 'PROMO_INVALID'
  | 'PROMO_MONTHLY_ONLY'
  | 'SIGNUP_NOT_FOUND'
  | 'SIGNUP_REPLACED'
  | 'TOO_MANY_SIGNUPS'
  | 'SIGNUP_ALREADY_COMPLETE'
  | 'SETUP_NOT_CONFIRMED'
  | 'PAYMENT_DECLINED'
  | 'PAYMENT_NOT_COMPLETED'
  | 'ALREADY_ON_PLAN'
  | 'NOT_AN_UPGRADE'
  | 'NO_PENDING_UPGRADE'
  | 'NO_ACTIVE_SUBSCRIPTION'
  | 'NOTHING_TO_RESUME'
  | 'PAYMENT_NOT_FOUND'
  | 'NOT_A_TEST_CARD'
  | 'INVALID_CARD'
  | 'INVALID_WEBHOOK'
  | 'PROVIDER_UNAVAILABLE'
  | 'ACCOUNTS_UNAVAILABLE';

/** A billing failure with its HTTP status; the edge turns it into `{ statusCode, message }`. */
export class BillingError extends AppError<BillingErrorCode> {}

/** The card was refused; the message is the provider's, fit to show ('Your card was declined.'). */
export class PaymentDeclinedError extends BillingError {
  constructor(message: string) {
    super('PAYMENT_DECLINED', message, 402);
  }
}

/** The payment provider could not be reached or failed; nothing was decided. */
export class ProviderUnavailableError extends BillingError {
  constructor(readonly detail?: unknown) {
    super('PROVIDER_UNAVAILABLE', 'The payment service is unavailable. Please try again shortly.', 502);
  }
}

export const billingErrors = {
  notAPaidPlan: () => new BillingError('NOT_A_PAID_PLAN', 'Please choose the Enthusiast or Professional plan', 400),
  emailTaken: (message = 'An account with this email already exists') => new BillingError('EMAIL_TAKEN', message, 409),
  promoInvalid: () => new BillingError('PROMO_INVALID', 'This promo code is not valid', 400),
  promoMonthlyOnly: (code: string) => new BillingError('PROMO_MONTHLY_ONLY', `The ${code} code applies to monthly billing only`, 400),
  signupReplaced: () =>
    new BillingError('SIGNUP_REPLACED', 'A newer signup with this email address replaced this one. Please sign in, or sign up again.', 409),
  tooManySignups: () => new BillingError('TOO_MANY_SIGNUPS', 'Too many signups from this address. Please try again later.', 429),
  signupNotFound: () => new BillingError('SIGNUP_NOT_FOUND', 'This payment setup was not found. Please start again.', 404),
  signupAlreadyComplete: () => new BillingError('SIGNUP_ALREADY_COMPLETE', 'This subscription is already active. Please sign in.', 409),
  setupNotConfirmed: () => new BillingError('SETUP_NOT_CONFIRMED', 'Your card has not been confirmed yet. Please enter your card details.', 402),
  paymentNotCompleted: () => new BillingError('PAYMENT_NOT_COMPLETED', 'The payment for this upgrade has not been completed.', 402),
  alreadyOnPlan: (name: string) => new BillingError('ALREADY_ON_PLAN', `You are already on the ${name} plan`, 409),
  notAnUpgrade: () => new BillingError('NOT_AN_UPGRADE', 'Only upgrades to a higher plan are possible here. Please contact support to downgrade.', 400),
  noPendingUpgrade: () => new BillingError('NO_PENDING_UPGRADE', 'No upgrade is waiting for payment. Please choose your plan again.', 404),
  noActiveSubscription: (action: 'cancel' | 'resume' = 'cancel') => new BillingError('NO_ACTIVE_SUBSCRIPTION', `You have no paid subscription to ${action}`, 404),
  nothingToResume: () => new BillingError('NOTHING_TO_RESUME', 'Your subscription is not canceled, or its period has already ended', 409),
  paymentNotFound: () => new BillingError('PAYMENT_NOT_FOUND', 'This payment was not found. Please start again.', 404),
  notATestCard: () =>
    new BillingError('NOT_A_TEST_CARD', 'Sandbox payments accept test cards only: use 4242 4242 4242 4242 (no real charge).', 400),
  invalidCard: (message: string) => new BillingError('INVALID_CARD', message, 400),
  invalidWebhook: (message: string) => new BillingError('INVALID_WEBHOOK', message, 400),
  accountsUnavailable: () => new BillingError('ACCOUNTS_UNAVAILABLE', 'Accounts cannot be created right now. Please try again shortly.', 503),
};
