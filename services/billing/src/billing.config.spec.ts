import { ConfigError, loadConfig } from '@wildframe/platform';
import { billingConfigSchema, billingServiceConfigSchema } from './billing.config';

const DATABASE_URL = 'postgres://u:p@localhost:5432/db';

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig('billing', billingConfigSchema, { DATABASE_URL, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('billing configuration', () => {
  it('takes payments in the sandbox unless told otherwise', () => {
    expect(loadConfig('billing', billingConfigSchema, { DATABASE_URL })).toMatchObject({ PAYMENT_PROVIDER: 'sandbox', BILLING_JOB_INTERVAL_SECONDS: 60, PAST_DUE_GRACE_DAYS: 7 });
  });

  it('refuses sandbox payments in the deployed service unless a deployment allows them explicitly', () => {
    const load = (env: Record<string, string>) => () => loadConfig('billing', billingServiceConfigSchema, { DATABASE_URL, ...env });
    const refused: Array<Record<string, string>> = [{}, { PAYMENT_PROVIDER: 'sandbox' }, { PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'false' }];
    for (const env of refused) {
      expect(load(env)).toThrow(/PAYMENT_PROVIDER: sandbox payments let anyone upgrade with the public test card: set PAYMENT_PROVIDER=stripe, or ALLOW_SANDBOX_PAYMENTS=true on a development deployment/);
    }
    expect(load({ PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'true' })()).toMatchObject({ PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: true });
  });

  it('names every Stripe setting that PAYMENT_PROVIDER=stripe requires', () => {
    expect(problemsOf({ PAYMENT_PROVIDER: 'stripe' })).toEqual([
      'STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe',
      'STRIPE_WEBHOOK_SECRET is required when PAYMENT_PROVIDER=stripe',
      'STRIPE_PUBLISHABLE_KEY is required when PAYMENT_PROVIDER=stripe',
      'STRIPE_PRICE_ENTHUSIAST_MONTHLY is required when PAYMENT_PROVIDER=stripe',
      'STRIPE_PRICE_ENTHUSIAST_ANNUAL is required when PAYMENT_PROVIDER=stripe',
      'STRIPE_PRICE_PROFESSIONAL_MONTHLY is required when PAYMENT_PROVIDER=stripe',
      'STRIPE_PRICE_PROFESSIONAL_ANNUAL is required when PAYMENT_PROVIDER=stripe',
    ]);
  });

  it('says what a wrong Stripe value should look like', () => {
    expect(problemsOf({ STRIPE_SECRET_KEY: 'pk_live_123', STRIPE_PRICE_ENTHUSIAST_MONTHLY: 'prod_1', PAYMENT_PROVIDER: 'paypal' })).toEqual([
      expect.stringMatching(/^PAYMENT_PROVIDER: must be one of sandbox, stripe/),
      "STRIPE_SECRET_KEY: must be a Stripe secret key (starting with sk_ or rk_) (got 'pk_live_123')",
      "STRIPE_PRICE_ENTHUSIAST_MONTHLY: must be a Stripe price id (starting with price_) (got 'prod_1')",
    ]);
  });

  it('needs the internal token when auth is reached over HTTP', () => {
    expect(problemsOf({ AUTH_URL: 'http://auth:3001' })).toEqual(['INTERNAL_API_TOKEN is required when AUTH_URL is set']);
    expect(problemsOf({ AUTH_URL: 'http://auth:3001', INTERNAL_API_TOKEN: 'x'.repeat(16) })).toEqual([]);
  });
});
