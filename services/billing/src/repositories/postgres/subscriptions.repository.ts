import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, storeEvents } from '@wildframe/platform';
import type { Delivery, ServiceDatabase } from '@wildframe/platform';
import { and, asc, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { endsWith, takesOver } from '../../domain/subscription';
import type { NewSubscription, Subscription } from '../../domain/subscription';
import type { PaidPlanId } from '../../domain/pricing';
import type { SubscriptionStatus } from '../../domain/subscription-state';
import { SubscriptionsRepository } from '../subscriptions.repository';
import type { TransitionDecision, Transitioned } from '../subscriptions.repository';
import { subscriptions, SubscriptionRow } from './schema';

export function toSubscription(row: SubscriptionRow): Subscription {
  return { ...row, plan: row.plan as PaidPlanId, status: row.status as SubscriptionStatus };
}

/**
 * PostgreSQL: a transition locks all of the user's subscription rows in id order, so one user's
 * transitions run one after the other (without deadlocks) and an activation sees the others as
 * they are; the partial unique index `subscriptions_one_live_per_user` backs "one live per user".
 * Events go to the outbox and deliveries to processed_events in the transition's transaction.
 */
@Injectable()
export class PostgresSubscriptionsRepository extends SubscriptionsRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {
    super();
  }

  async insert(row: NewSubscription): Promise<Subscription> {
    const [created] = await this.database.db.insert(subscriptions).values(row).returning();
    return toSubscription(created as SubscriptionRow);
  }

  async byProviderId(providerSubscriptionId: string): Promise<Subscription | undefined> {
    const [row] = await this.database.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
    return row && toSubscription(row);
  }

  async liveForUser(userId: string): Promise<Subscription | undefined> {
    const [row] = await this.database.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'past_due'])))
      .orderBy(desc(subscriptions.createdAt))
      .limit(1);
    return row && toSubscription(row);
  }

  async incompleteForUser(userId: string): Promise<Subscription[]> {
    const rows = await this.database.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'incomplete')))
      .orderBy(desc(subscriptions.createdAt));
    return rows.map(toSubscription);
  }

  async openForUser(userId: string, createdBy: Date): Promise<Subscription[]> {
    const rows = await this.database.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['incomplete', 'active', 'past_due']), lte(subscriptions.createdAt, createdBy)));
    return rows.map(toSubscription);
  }

  async liveEndingBy(now: Date): Promise<Subscription[]> {
    const rows = await this.database.db
      .select()
      .from(subscriptions)
      .where(and(inArray(subscriptions.status, ['active', 'past_due']), lte(subscriptions.currentPeriodEnd, now)));
    return rows.map(toSubscription);
  }

  async abandonIncomplete(id: string, now: Date): Promise<boolean> {
    const updated = await this.database.db
      .update(subscriptions)
      .set({ status: 'abandoned', endedAt: now, updatedAt: now })
      .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'incomplete')))
      .returning({ id: subscriptions.id });
    return updated.length > 0;
  }

  async transition<T>(
    providerSubscriptionId: string,
    now: Date,
    decide: (current: Subscription) => TransitionDecision<T>,
    delivery?: Delivery,
  ): Promise<Transitioned<T> | undefined> {
    return this.database.db.transaction(async (tx) => {
      const [found] = await tx.select({ id: subscriptions.id, userId: subscriptions.userId }).from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
      if (!found) return undefined;
      const locked = await tx.select().from(subscriptions).where(eq(subscriptions.userId, found.userId)).orderBy(asc(subscriptions.id)).for('update');
      const beforeRow = locked.find((row) => row.id === found.id);
      if (!beforeRow) return undefined;
      const before = toSubscription(beforeRow);
      if (delivery) {
        // Recorded per subscription: one event (an account deletion) may end several.
        const table = sql.raw(`"${this.database.schema}".processed_events`);
        const recorded = await tx.execute(
          sql`INSERT INTO ${table} (consumer, event_id) VALUES (${delivery.consumer}, ${`${delivery.eventId}/${before.id}`}) ON CONFLICT DO NOTHING RETURNING event_id`,
        );
        if (recorded.rows.length === 0) return { duplicate: true as const, after: before };
      }
      const { next, detail, events } = decide(before);
      let superseded: Subscription[] = [];
      // Before the change itself: the one-live-per-user index would refuse a second live row.
      if (takesOver(before.status, next.status)) {
        const updated = await tx
          .update(subscriptions)
          .set({ status: sql`CASE WHEN ${subscriptions.status} = 'incomplete' THEN 'abandoned' ELSE 'replaced' END`, endedAt: now, updatedAt: now })
          .where(and(eq(subscriptions.userId, before.userId), ne(subscriptions.id, before.id), inArray(subscriptions.status, ['incomplete', 'active', 'past_due'])))
          .returning();
        superseded = updated.map(toSubscription);
      }
      const [afterRow] = await tx
        .update(subscriptions)
        .set({ ...next, updatedAt: now, ...(endsWith(before.status, next.status) ? { endedAt: now } : {}) })
        .where(eq(subscriptions.id, before.id))
        .returning();
      await storeEvents(tx, this.database.schema, events);
      return { duplicate: false as const, before, after: toSubscription(afterRow as SubscriptionRow), superseded, detail };
    });
  }
}
