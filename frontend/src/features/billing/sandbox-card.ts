// The sandbox's card form: formatting as the visitor types, and the same checks the server
// makes, so mistakes show under the field before anything is sent.

/** Stripe's test numbers; the sandbox accepts only these. */
export const SANDBOX_TEST_CARD = '4242 4242 4242 4242';
export const SANDBOX_DECLINED_CARD = '4000 0000 0000 0002';

/** Digits in groups of four: "4242424242" → "4242 4242 42". */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 16);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1234" → "12/34"; keeps a typed slash. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function cardNumberProblem(value: string): string | null {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 0) return 'Please enter your card number';
  if (digits.length !== 16) return 'Please enter all 16 digits of the card number';
  return null;
}

export function expiryProblem(value: string, now: Date): string | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(value.trim());
  const month = match ? Number(match[1]) : 0;
  if (!match || month < 1 || month > 12) return 'Please enter the expiry date as MM/YY';
  const year = 2000 + Number(match[2]);
  if (Date.UTC(year, month, 1) <= now.getTime()) return 'Your card has expired.';
  return null;
}

export function cvcProblem(value: string): string | null {
  return /^\d{3,4}$/.test(value.trim()) ? null : 'Please enter the 3-digit security code (CVC)';
}
