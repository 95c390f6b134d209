import { checkTestCard } from './test-cards';

const NOW = new Date('2026-01-15T10:00:00Z');

describe('sandbox test cards', () => {
  it('knows each test card by its number, however it is spaced', () => {
    expect(checkTestCard({ cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }, NOW)).toEqual({
      ok: true,
      card: expect.objectContaining({ brand: 'visa', setup: 'succeeds', charges: 'succeeds' }),
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
    });
    expect(checkTestCard({ cardNumber: '4000-0000-0000-0002', expiry: '1/2030', cvc: '999' }, NOW)).toMatchObject({ ok: true, card: { setup: 'declines' } });
  });

  it('refuses any other number, a wrong or past expiry and a missing CVC', () => {
    expect(checkTestCard({ cardNumber: '4111111111111111', expiry: '12/34', cvc: '123' }, NOW)).toMatchObject({ ok: false, problem: 'not_a_test_card' });
    expect(checkTestCard({ cardNumber: '4242424242424242', expiry: '13/34', cvc: '123' }, NOW)).toMatchObject({ ok: false, problem: 'invalid_expiry' });
    expect(checkTestCard({ cardNumber: '4242424242424242', expiry: '12/25', cvc: '123' }, NOW)).toMatchObject({ ok: false, problem: 'expired' });
    // Valid through the end of its month.
    expect(checkTestCard({ cardNumber: '4242424242424242', expiry: '01/26', cvc: '123' }, NOW)).toMatchObject({ ok: true });
    expect(checkTestCard({ cardNumber: '4242424242424242', expiry: '12/34', cvc: '12' }, NOW)).toMatchObject({ ok: false, problem: 'invalid_cvc' });
  });
});
