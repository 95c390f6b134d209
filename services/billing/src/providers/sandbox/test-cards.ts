/**
 * The sandbox's test cards, numbered as Stripe's so the same numbers work in both. The sandbox
 * accepts only these: it never sees a real card, and keeps only brand and last four digits.
 */
/** What charges to a saved card do: all succeed, all are declined, or only renewals are. */
export type ChargeOutcome = 'succeeds' | 'declines' | 'declines_renewals';

export interface TestCard {
  brand: 'visa' | 'mastercard';
  /** Whether a setup (saving the card) succeeds. */
  setup: 'succeeds' | 'declines';
  charges: ChargeOutcome;
  /** The provider's message when it declines. */
  declineMessage: string;
}

const DECLINED = 'Your card was declined.';

export const TEST_CARDS: Readonly<Record<string, TestCard>> = {
  '4242424242424242': { brand: 'visa', setup: 'succeeds', charges: 'succeeds', declineMessage: DECLINED },
  '5555555555554444': { brand: 'mastercard', setup: 'succeeds', charges: 'succeeds', declineMessage: DECLINED },
  '4000000000000002': { brand: 'visa', setup: 'declines', charges: 'declines', declineMessage: DECLINED },
  '4000000000009995': { brand: 'visa', setup: 'declines', charges: 'declines', declineMessage: 'Your card has insufficient funds.' },
  // The sandbox's renewal-failure card: saves and pays the first period, then every renewal is
  // declined. (On Stripe, 0341 already declines the first charge after it is saved.)
  '4000000000000341': { brand: 'visa', setup: 'succeeds', charges: 'declines_renewals', declineMessage: DECLINED },
};

export interface CardInput {
  cardNumber: string;
  /** MM/YY or MM/YYYY */
  expiry: string;
  cvc: string;
}

export type CardCheck =
  | { ok: true; card: TestCard; last4: string; expMonth: number; expYear: number }
  | { ok: false; problem: 'not_a_test_card' | 'invalid_expiry' | 'expired' | 'invalid_cvc'; message: string };

/** Checks a card entered on the sandbox form against the test cards and the date. */
export function checkTestCard(input: CardInput, now: Date): CardCheck {
  const digits = input.cardNumber.replace(/[\s-]/g, '');
  const card = TEST_CARDS[digits];
  if (!card) {
    return { ok: false, problem: 'not_a_test_card', message: 'Sandbox payments accept test cards only: use 4242 4242 4242 4242 (no real charge).' };
  }
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) {
    return { ok: false, problem: 'invalid_expiry', message: 'Please enter the expiry date as MM/YY' };
  }
  const rawYear = expiry[2] as string;
  const year = rawYear.length === 2 ? 2000 + Number(rawYear) : Number(rawYear);
  // A card is valid through the last day of its expiry month.
  if (Date.UTC(year, month, 1) <= now.getTime()) {
    return { ok: false, problem: 'expired', message: 'Your card has expired.' };
  }
  if (!/^\d{3,4}$/.test(input.cvc.trim())) {
    return { ok: false, problem: 'invalid_cvc', message: 'Please enter the 3-digit security code (CVC)' };
  }
  return { ok: true, card, last4: digits.slice(-4), expMonth: month, expYear: year };
}
