import { Body, Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { AddressKey, CurrentIdentity, FixedWindowRateLimiter, SignedInGuard, valid } from '@wildframe/platform';
import type { Identity } from '@wildframe/platform';
import { completeSubscriptionBody, completeUpgradeBody, createSubscriptionSignupBody, upgradeBody } from '../dto/billing.dto';
import type { CompleteSubscriptionBody, CompleteUpgradeBody, CreateSubscriptionSignupBody, UpgradeBody } from '../dto/billing.dto';
import { billingErrors } from '../domain/billing.errors';
import { Cancellations } from '../use-cases/cancellations.service';
import type { Cancellation, Resumption } from '../use-cases/cancellations.service';
import { PaidSignups } from '../use-cases/paid-signups.service';
import type { CompletedSignup, SignupSetup } from '../use-cases/paid-signups.service';
import { Upgrades } from '../use-cases/upgrades.service';
import type { CompletedUpgrade, UpgradePayment } from '../use-cases/upgrades.service';

/**
 * A paid signup reserves its e-mail address (an inactive account) until it is paid or given up,
 * so one address may start only a few per hour: nobody can squat many addresses cheaply.
 */
export const PAID_SIGNUP_LIMITER = Symbol('PAID_SIGNUP_LIMITER');
export const PAID_SIGNUPS_PER_HOUR = 5;

/** The spec's subscription endpoints (section 7), at the paths the web calls. */
@Controller()
export class SubscriptionsController {
  constructor(
    private readonly signups: PaidSignups,
    private readonly upgrades: Upgrades,
    private readonly cancellations: Cancellations,
    @Inject(PAID_SIGNUP_LIMITER) private readonly signupLimiter: FixedWindowRateLimiter,
  ) {}

  @Post('create-subscription-signup')
  @HttpCode(200)
  async createSignup(@Body(valid(createSubscriptionSignupBody)) body: CreateSubscriptionSignupBody, @AddressKey() address: string): Promise<SignupSetup> {
    if (!(await this.signupLimiter.tryHit(address))) throw billingErrors.tooManySignups();
    return this.signups.start(body);
  }

  @Post('complete-subscription')
  @HttpCode(200)
  completeSignup(@Body(valid(completeSubscriptionBody)) body: CompleteSubscriptionBody): Promise<CompletedSignup> {
    return this.signups.complete(body);
  }

  @Post('get-or-create-subscription')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  getOrCreate(@CurrentIdentity() identity: Identity, @Body(valid(upgradeBody)) body: UpgradeBody): Promise<UpgradePayment> {
    return this.upgrades.getOrCreate(identity, body);
  }

  @Post('complete-subscription-upgrade')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  completeUpgrade(@CurrentIdentity() identity: Identity, @Body(valid(completeUpgradeBody)) body: CompleteUpgradeBody): Promise<CompletedUpgrade> {
    return this.upgrades.complete(identity, body);
  }

  @Post('cancel-subscription')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  cancel(@CurrentIdentity() identity: Identity): Promise<Cancellation> {
    return this.cancellations.cancel(identity);
  }

  @Post('resume-subscription')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  resume(@CurrentIdentity() identity: Identity): Promise<Resumption> {
    return this.cancellations.resume(identity);
  }
}
