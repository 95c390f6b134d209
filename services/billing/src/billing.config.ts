import { databaseEnv, envField, eventBusEnv, identityEnv, loggingEnv, requireDriverSettings, trustProxyEnv } from '@wildframe/platform';
import { z } from 'zod';

const prefixed = (prefixes: readonly string[], what: string) =>
  z.string().refine((v) => prefixes.some((p) => v.startsWith(p)), `must be ${what} (starting with ${prefixes.join(' or ')})`);

/** Settings that become required once PAYMENT_PROVIDER=stripe. */
const STRIPE_REQUIRED = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_PRICE_ENTHUSIAST_MONTHLY',
  'STRIPE_PRICE_ENTHUSIAST_ANNUAL',
  'STRIPE_PRICE_PROFESSIONAL_MONTHLY',
  'STRIPE_PRICE_PROFESSIONAL_ANNUAL',
] as const;

/** Everything the billing service reads from its environment; validated at start-up. */
export const billingConfigSchema = z
  .object({
    PORT: envField.port(3004),
    ...trustProxyEnv,
    ...loggingEnv,
    ...eventBusEnv,
    ...identityEnv,
    ...databaseEnv,

    /** sandbox: offline, no real charges (the default). stripe: real payments with the keys below. */
    PAYMENT_PROVIDER: envField.oneOf(['sandbox', 'stripe'] as const, 'sandbox'),
    /** The distributed service takes sandbox payments only when this says so (see billingServiceConfigSchema). */
    ALLOW_SANDBOX_PAYMENTS: envField.bool(false),
    STRIPE_SECRET_KEY: prefixed(['sk_', 'rk_'], 'a Stripe secret key').optional(),
    STRIPE_WEBHOOK_SECRET: prefixed(['whsec_'], 'a Stripe webhook signing secret').optional(),
    STRIPE_PUBLISHABLE_KEY: prefixed(['pk_'], 'a Stripe publishable key').optional(),
    STRIPE_PRICE_ENTHUSIAST_MONTHLY: prefixed(['price_'], 'a Stripe price id').optional(),
    STRIPE_PRICE_ENTHUSIAST_ANNUAL: prefixed(['price_'], 'a Stripe price id').optional(),
    STRIPE_PRICE_PROFESSIONAL_MONTHLY: prefixed(['price_'], 'a Stripe price id').optional(),
    STRIPE_PRICE_PROFESSIONAL_ANNUAL: prefixed(['price_'], 'a Stripe price id').optional(),
    /** The Stripe coupon for the launch promo; created (25 % off, 3 months) when absent. */
    STRIPE_PROMO_COUPON: envField.string().optional(),
    /** Another Stripe API address (tests point it at a local server). */
    STRIPE_API_BASE: envField.url(['http', 'https']).optional(),

    /** Distributed shape: where the auth service listens, for paid signups (internal API). */
    AUTH_URL: envField.url(['http', 'https']).optional(),
    INTERNAL_API_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),

    /** How often the billing job runs (renewals, expiries, abandoned signups); 0 turns it off. */
    BILLING_JOB_INTERVAL_SECONDS: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').default(60),
    /** Days a subscription whose renewal failed keeps its plan before it expires. */
    PAST_DUE_GRACE_DAYS: envField.positiveInt(7),
    /** Hours after which an unfinished paid signup is discarded (with its inactive account). */
    SIGNUP_ABANDON_HOURS: envField.positiveInt(24),
  })
  .superRefine(requireDriverSettings)
  .superRefine((value, ctx) => {
    if (value.PAYMENT_PROVIDER === 'stripe') {
      for (const key of STRIPE_REQUIRED) {
        if (!value[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when PAYMENT_PROVIDER=stripe' });
      }
    }
    if (value.AUTH_URL && !value.INTERNAL_API_TOKEN) {
      ctx.addIssue({ code: 'custom', path: ['INTERNAL_API_TOKEN'], message: 'is required when AUTH_URL is set' });
    }
  });

export type BillingConfig = z.infer<typeof billingConfigSchema>;

/**
 * The deployed service: in the sandbox anyone upgrades to a paid plan with the public test card,
 * so a deployment must choose it explicitly (a development cluster). The standalone shape, a
 * developer's machine, keeps the sandbox as its default.
 */
export const billingServiceConfigSchema = billingConfigSchema.superRefine((value, ctx) => {
  if (value.PAYMENT_PROVIDER === 'sandbox' && !value.ALLOW_SANDBOX_PAYMENTS) {
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENT_PROVIDER'],
      message: 'sandbox payments let anyone upgrade with the public test card: set PAYMENT_PROVIDER=stripe, or ALLOW_SANDBOX_PAYMENTS=true on a development deployment',
    });
  }
});

export const BILLING_CONFIG = Symbol('BILLING_CONFIG');
