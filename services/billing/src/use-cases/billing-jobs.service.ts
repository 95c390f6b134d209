import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { BILLING_CONFIG } from '../billing.config';
import type { BillingConfig } from '../billing.config';
import { PAYMENT_PROVIDER } from '../domain/payment-provider';
import type { PaymentProvider } from '../domain/payment-provider';
import { CLOCK } from '@wildframe/platform';
import type { Clock } from '@wildframe/platform';
import { PaidSignups } from './paid-signups.service';
import { SubscriptionSync } from './subscription-sync.service';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export interface BillingJobReport {
  /** Subscriptions the sandbox renewed, ended or expired. */
  providerChanges: number;
  /** Subscriptions that reverted to explorer. */
  expired: number;
  abandonedSignups: number;
}

/**
 * The scheduled billing job (every BILLING_JOB_INTERVAL_SECONDS): the sandbox's renewals and
 * period ends, expiry of canceled and unpaid subscriptions, and clean-up of unfinished paid
 * signups. Tests run it by hand after moving the clock.
 */
@Injectable()
export class BillingJobs implements OnApplicationBootstrap {
  private readonly logger = new Logger('BillingJobs');
  private running: Promise<BillingJobReport> | undefined;

  constructor(
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly scheduler: SchedulerRegistry,
    private readonly sync: SubscriptionSync,
    private readonly signups: PaidSignups,
  ) {}

  onApplicationBootstrap(): void {
    const seconds = this.config.BILLING_JOB_INTERVAL_SECONDS;
    if (seconds === 0) return;
    const timer = setInterval(() => {
      this.run().catch((error: unknown) => this.logger.error({ err: error }, 'billing job failed'));
    }, seconds * 1000);
    timer.unref();
    this.scheduler.addInterval('billing-jobs', timer);
  }

  /** One run; a run asked for while one is going joins it instead of overlapping. */
  run(): Promise<BillingJobReport> {
    this.running ??= this.runOnce().finally(() => (this.running = undefined));
    return this.running;
  }

  private async runOnce(): Promise<BillingJobReport> {
    const report: BillingJobReport = { providerChanges: 0, expired: 0, abandonedSignups: 0 };
    if (this.provider.runDueWork) {
      for (const id of await this.provider.runDueWork(this.clock.now())) {
        const after = await this.sync.refresh(id);
        report.providerChanges++;
        if (after?.status === 'ended') report.expired++;
      }
    }
    report.expired += await this.sync.expireDue(this.config.PAST_DUE_GRACE_DAYS * DAY_MS);
    report.abandonedSignups = await this.signups.abandonStale(this.config.SIGNUP_ABANDON_HOURS * HOUR_MS);
    if (report.providerChanges + report.expired + report.abandonedSignups > 0) this.logger.log(report, 'billing job');
    return report;
  }
}
