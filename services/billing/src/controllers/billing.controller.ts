import { Controller, Get, Header, Inject, UseGuards } from '@nestjs/common';
import { CurrentIdentity, SignedInGuard } from '@wildframe/platform';
import type { Identity } from '@wildframe/platform';
import { BILLING_CONFIG } from '../billing.config';
import type { BillingConfig } from '../billing.config';
import { toSummary } from '../domain/subscription-summary';
import type { SubscriptionSummary } from '../domain/subscription-summary';
import { SubscriptionsRepository } from '../repositories/subscriptions.repository';

export type { BillingClientConfig } from '../dto/billing.responses';
import type { BillingClientConfig } from '../dto/billing.responses';

/** What the web needs to know about billing: which provider, and the caller's subscription. */
@Controller('billing')
export class BillingController {
  constructor(
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    private readonly subscriptions: SubscriptionsRepository,
  ) {}

  @Get('config')
  @Header('Cache-Control', 'public, max-age=300')
  clientConfig(): BillingClientConfig {
    return this.config.PAYMENT_PROVIDER === 'stripe'
      ? { provider: 'stripe', publishableKey: this.config.STRIPE_PUBLISHABLE_KEY }
      : { provider: 'sandbox' };
  }

  @Get('subscription')
  @Header('Cache-Control', 'no-store')
  @UseGuards(SignedInGuard)
  async subscription(@CurrentIdentity() identity: Identity): Promise<{ subscription: SubscriptionSummary | null }> {
    const live = await this.subscriptions.liveForUser(identity.userId);
    return { subscription: live ? toSummary(live) : null };
  }
}
