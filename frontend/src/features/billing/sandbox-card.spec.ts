import { cardNumberProblem, cvcProblem, expiryProblem, formatCardNumber, formatExpiry } from './sandbox-card';

const NOW = new Date('2026-01-15T10:00:00Z');

describe('sandbox card form', () => {
  it('groups the card number in fours and writes the expiry as MM/YY', () => {
    expect(formatCardNumber('4242424242424242999')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
    expect(formatExpiry('1234')).toBe('12/34');
    expect(formatExpiry('1')).toBe('1');
  });

  it('says what is wrong with a field', () => {
    expect(cardNumberProblem('')).toBe('Please enter your card number');
    expect(cardNumberProblem('4242 4242')).toBe('Please enter all 16 digits of the card number');
    expect(cardNumberProblem('4242 4242 4242 4242')).toBeNull();
    expect(expiryProblem('13/30', NOW)).toBe('Please enter the expiry date as MM/YY');
    expect(expiryProblem('12/25', NOW)).toBe('Your card has expired.');
    expect(expiryProblem('01/26', NOW)).toBeNull();
    expect(cvcProblem('12')).toBe('Please enter the 3-digit security code (CVC)');
    expect(cvcProblem('123')).toBeNull();
  });
});
