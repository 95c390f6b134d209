import { DynamicModule, Module, Provider, Type } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { CLOCK, DatabaseModule, databaseDriver, FixedWindowRateLimiter, openApiProvider, RateLimitStore } from '@wildframe/platform';
import type { Clock } from '@wildframe/platform';
import { BILLING_CONFIG } from './billing.config';
import type { BillingConfig } from './billing.config';
import { BillingController } from './controllers/billing.controller';
import { PlansController } from './controllers/plans.controller';
import { SandboxPaymentsController } from './controllers/sandbox-payments.controller';
import { StripeWebhookController } from './controllers/stripe-webhook.controller';
import { PAID_SIGNUP_LIMITER, PAID_SIGNUPS_PER_HOUR, SubscriptionsController } from './controllers/subscriptions.controller';
import { PAYMENT_PROVIDER } from './domain/payment-provider';
import { SandboxPaymentProvider } from './providers/sandbox/sandbox-payment-provider';
import { createStripeClient, StripePaymentProvider } from './providers/stripe/stripe-payment-provider';
import type { StripeSettings } from './providers/stripe/stripe-payment-provider';
import { stripeWebhookRawBody } from './providers/stripe/stripe-webhook-raw-body';
import { AccountsClient } from './repositories/accounts.client';
import { mongoRepositories } from './repositories/mongo';
import { billingDatabase } from './billing.database';
import { postgresRepositories } from './repositories/postgres';
import { SandboxLedger } from './providers/sandbox/sandbox-ledger.repository';
import { AccountChangesConsumer } from './use-cases/account-changes.consumer';
import { BillingJobs } from './use-cases/billing-jobs.service';
import { Cancellations } from './use-cases/cancellations.service';
import { PaidSignups } from './use-cases/paid-signups.service';
import { StripeWebhooks } from './use-cases/stripe-webhooks.service';
import { SubscriptionSync } from './use-cases/subscription-sync.service';
import { Upgrades } from './use-cases/upgrades.service';
import { billingApiDocument } from './openapi';

/** The Stripe settings of a configuration validated with PAYMENT_PROVIDER=stripe. */
export function stripeSettings(config: BillingConfig): StripeSettings {
  const required = (value: string | undefined, name: string): string => {
    if (!value) throw new Error(`${name} is required when PAYMENT_PROVIDER=stripe`);
    return value;
  };
  return {
    secretKey: required(config.STRIPE_SECRET_KEY, 'STRIPE_SECRET_KEY'),
    webhookSecret: required(config.STRIPE_WEBHOOK_SECRET, 'STRIPE_WEBHOOK_SECRET'),
    prices: {
      enthusiast: {
        monthly: required(config.STRIPE_PRICE_ENTHUSIAST_MONTHLY, 'STRIPE_PRICE_ENTHUSIAST_MONTHLY'),
        annual: required(config.STRIPE_PRICE_ENTHUSIAST_ANNUAL, 'STRIPE_PRICE_ENTHUSIAST_ANNUAL'),
      },
      professional: {
        monthly: required(config.STRIPE_PRICE_PROFESSIONAL_MONTHLY, 'STRIPE_PRICE_PROFESSIONAL_MONTHLY'),
        annual: required(config.STRIPE_PRICE_PROFESSIONAL_ANNUAL, 'STRIPE_PRICE_PROFESSIONAL_ANNUAL'),
      },
    },
    promoCoupon: config.STRIPE_PROMO_COUPON,
    apiBase: config.STRIPE_API_BASE,
  };
}

/** The payment provider PAYMENT_PROVIDER chooses, with what only that provider needs. */
function paymentProviderParts(config: BillingConfig): { providers: Provider[]; controllers: Type[] } {
  if (config.PAYMENT_PROVIDER === 'stripe') {
    const settings = stripeSettings(config);
    return {
      providers: [
        { provide: StripePaymentProvider, useFactory: () => new StripePaymentProvider(createStripeClient(settings), settings) },
        { provide: PAYMENT_PROVIDER, useExisting: StripePaymentProvider },
        stripeWebhookRawBody,
        StripeWebhooks,
      ],
      controllers: [StripeWebhookController],
    };
  }
  return {
    providers: [
      { provide: SandboxPaymentProvider, inject: [SandboxLedger, CLOCK], useFactory: (ledger: SandboxLedger, clock: Clock) => new SandboxPaymentProvider(ledger, clock) },
      { provide: PAYMENT_PROVIDER, useExisting: SandboxPaymentProvider },
    ],
    controllers: [SandboxPaymentsController],
  };
}

/** The adapters of billing's repository ports, by the scheme of DATABASE_URL. */
function repositoriesFor(config: BillingConfig): Provider[] {
  return databaseDriver(config.DATABASE_URL) === 'mongo' ? mongoRepositories : postgresRepositories;
}

/**
 * The plan catalogue, customers and subscriptions, and the only place that talks to a payment
 * provider (sandbox by default, Stripe when configured). Announces subscription changes as
 * billing.subscription.*.v1; auth applies them to each user's plan.
 */
@Module({})
export class BillingModule {
  static register(config: BillingConfig): DynamicModule {
    const provider = paymentProviderParts(config);
    return {
      module: BillingModule,
      controllers: [PlansController, BillingController, SubscriptionsController, ...provider.controllers],
      imports: [
        ScheduleModule.forRoot(),
        DatabaseModule.forService({
          ...billingDatabase,
          url: config.DATABASE_URL,
          runMigrations: config.RUN_MIGRATIONS,
          poolSize: config.DATABASE_POOL_SIZE,
        }),
      ],
      providers: [
        openApiProvider('BILLING_OPENAPI', () => billingApiDocument(config.PAYMENT_PROVIDER)),
        { provide: BILLING_CONFIG, useValue: config },
        {
          provide: PAID_SIGNUP_LIMITER,
          inject: [RateLimitStore, CLOCK],
          // Counted in billing's database: every replica counts against one limit.
          useFactory: (store: RateLimitStore, clock: Clock) => new FixedWindowRateLimiter('paid-signup', PAID_SIGNUPS_PER_HOUR, 3600_000, store, () => clock.now().getTime()),
        },
        ...provider.providers,
        ...repositoriesFor(config),
        AccountsClient,
        SubscriptionSync,
        PaidSignups,
        Upgrades,
        Cancellations,
        BillingJobs,
        AccountChangesConsumer,
      ],
    };
  }
}
