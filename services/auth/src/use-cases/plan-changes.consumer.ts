import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { isPlanId } from '@wildframe/contracts';
import type { PlanId } from '@wildframe/contracts';
import { EVENT_BUS, EventOutbox } from '@wildframe/platform';
import type { EventBus } from '@wildframe/platform';
import type { PlanSetting } from '../domain/user';
import { UsersRepository } from '../repositories/users.repository';
import { planChangedEvent } from './account-events';

const CONSUMER = 'auth-plans';

/**
 * Applies billing's subscription events to the user's plan and expiry: activated sets the paid
 * plan until the period end; canceled keeps the plan until access ends; expired returns the user
 * to explorer. Each event applies once (the repository records the delivery with the change), and
 * plan-changed is stored with the change and published after it.
 */
@Injectable()
export class PlanChangesConsumer implements OnModuleInit {
  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly users: UsersRepository,
    private readonly outbox: EventOutbox,
  ) {}

  onModuleInit(): void {
    this.bus.subscribe('billing.subscription.activated.v1', CONSUMER, async (event) => {
      const { userId, plan, periodEnd } = event.payload;
      if (!isPlanId(plan)) throw new Error(`Unknown plan '${plan}' in event ${event.id}`);
      await this.apply(event.id, userId, () => ({ plan, planExpiry: periodEnd ? new Date(periodEnd) : null }), event.payload.at);
    });
    this.bus.subscribe('billing.subscription.canceled.v1', CONSUMER, async (event) => {
      const { userId, accessUntil } = event.payload;
      await this.apply(event.id, userId, (current) => ({ plan: current, planExpiry: accessUntil ? new Date(accessUntil) : null }), event.payload.at);
    });
    this.bus.subscribe('billing.subscription.expired.v1', CONSUMER, async (event) => {
      await this.apply(event.id, event.payload.userId, () => ({ plan: 'explorer', planExpiry: null }), event.payload.at);
    });
  }

  private async apply(eventId: string, userId: string, next: (current: PlanId) => PlanSetting, at: string): Promise<void> {
    // A user deleted meanwhile has nothing to apply.
    await this.users.applyPlanChange({ consumer: CONSUMER, eventId }, userId, (current) => next(current.plan), (change) => [
      planChangedEvent(change, at, 'billing'),
    ]);
    await this.outbox.flush();
  }
}
