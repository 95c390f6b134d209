import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { isPlanId } from '@wildframe/contracts';
import type { PlanId } from '@wildframe/contracts';
import { DATABASE, EVENT_BUS, EventOutbox, PostgresProcessedEventStore } from '@wildframe/platform';
import type { EventBus, ServiceDatabase } from '@wildframe/platform';
import { UsersRepository } from '../repositories/users.repository';

const CONSUMER = 'auth-plans';

/**
 * Applies billing's subscription events to the user's plan and expiry: activated sets the paid
 * plan until the period end; canceled keeps the plan until access ends; expired returns the user
 * to explorer. Each event applies once (recorded with the change); plan-changed is stored in the
 * outbox in the same transaction and published after it commits.
 */
@Injectable()
export class PlanChangesConsumer implements OnModuleInit {
  private readonly store: PostgresProcessedEventStore;

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(DATABASE) database: ServiceDatabase,
    private readonly users: UsersRepository,
    private readonly outbox: EventOutbox,
  ) {
    this.store = new PostgresProcessedEventStore(database);
  }

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

  private async apply(eventId: string, userId: string, next: (current: PlanId) => { plan: PlanId; planExpiry: Date | null }, at: string): Promise<void> {
    await this.store.runOnce(CONSUMER, eventId, async (tx) => {
      // A user deleted meanwhile has nothing to apply.
      const result = await this.users.changePlan(tx, userId, (current) => next(current.plan as PlanId));
      if (!result) return;
      await this.outbox.enqueue(
        tx,
        'auth.user.plan-changed.v1',
        {
          userId,
          plan: result.after.plan as PlanId,
          previousPlan: result.before.plan as PlanId,
          planExpiry: result.after.planExpiry?.toISOString() ?? '',
          changedAt: at,
          source: 'billing',
        },
        { key: userId, subject: userId },
      );
    });
    await this.outbox.flush();
  }
}
