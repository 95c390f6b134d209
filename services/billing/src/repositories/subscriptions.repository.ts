import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@wildframe/platform';
import type { DatabaseTransaction, ServiceDatabase } from '@wildframe/platform';
import { and, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { subscriptions, SubscriptionRow } from '../db/schema';
import type { PaidPlanId } from '../domain/pricing';
import type { SubscriptionState, SubscriptionStatus } from '../domain/subscription-state';

export interface NewSubscription {
  userId: string;
  plan: PaidPlanId;
  isAnnual: boolean;
  status: SubscriptionStatus;
  provider: string;
  providerCustomerId: string;
  providerSubscriptionId: string;
  currentPeriodEnd: Date | null;
  promoCode: string | null;
  /** From billing's clock, so "created before" questions agree with the events' times. */
  createdAt: Date;
}

export function stateOf(row: SubscriptionRow): SubscriptionState {
  return {
    status: row.status as SubscriptionStatus,
    plan: row.plan as PaidPlanId,
    isAnnual: row.isAnnual,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

export interface TransitionResult<T> {
  before: SubscriptionRow;
  after: SubscriptionRow;
  /** Other subscriptions of the user that this one took over (now replaced or abandoned). */
  superseded: SubscriptionRow[];
  detail: T;
}

/** Billing's own record of each subscription, mirrored from the payment provider. */
@Injectable()
export class SubscriptionsRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {}

  async insert(row: NewSubscription): Promise<SubscriptionRow> {
    const [created] = await this.database.db.insert(subscriptions).values(row).returning();
    return created as SubscriptionRow;
  }

  async byProviderId(providerSubscriptionId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await this.database.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
    return row;
  }

  /** The user's live (active or past_due) subscription, if any. */
  async liveForUser(userId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'past_due'])))
      .orderBy(desc(subscriptions.createdAt))
      .limit(1);
    return row;
  }

  /** The user's subscriptions still waiting for their first payment, newest first. */
  async incompleteForUser(userId: string): Promise<SubscriptionRow[]> {
    return this.database.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'incomplete')))
      .orderBy(desc(subscriptions.createdAt));
  }

  async setStatus(id: string, status: SubscriptionStatus, now: Date): Promise<void> {
    await this.database.db
      .update(subscriptions)
      .set({ status, updatedAt: now, ...(status === 'ended' || status === 'abandoned' ? { endedAt: now } : {}) })
      .where(eq(subscriptions.id, id));
  }

  /** Live subscriptions that may have to expire by `now` (see isDueToExpire). */
  /** The user's subscriptions not over yet (unpaid, active or past due) created by `createdBy`. */
  async openForUser(userId: string, createdBy: Date): Promise<SubscriptionRow[]> {
    return this.database.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['incomplete', 'active', 'past_due']), lte(subscriptions.createdAt, createdBy)));
  }

  async liveEndingBy(now: Date): Promise<SubscriptionRow[]> {
    return this.database.db
      .select()
      .from(subscriptions)
      .where(and(inArray(subscriptions.status, ['active', 'past_due']), lte(subscriptions.currentPeriodEnd, now)));
  }

  /**
   * Changes one subscription under a row lock, so concurrent updates (the web's completion call
   * and the provider's webhook) apply one after the other and each sees the other's result.
   * When it becomes active, the user's other open subscriptions are superseded in the same
   * transaction: live ones become `replaced`, unpaid ones `abandoned`.
   */
  async transition<T>(
    providerSubscriptionId: string,
    now: Date,
    decide: (row: SubscriptionRow) => { next: SubscriptionState; detail: T },
    /** Runs in the same transaction once the change is made (to store the events announcing it). */
    withChange: (tx: DatabaseTransaction, result: TransitionResult<T>) => Promise<void> = async () => undefined,
  ): Promise<TransitionResult<T> | undefined> {
    return this.database.db.transaction(async (tx) => {
      const [before] = await tx.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId)).for('update');
      if (!before) return undefined;
      const { next, detail } = decide(before);
      const ended = next.status !== before.status && ['ended', 'abandoned', 'replaced'].includes(next.status);
      const [after] = await tx
        .update(subscriptions)
        .set({ ...next, updatedAt: now, ...(ended ? { endedAt: now } : {}) })
        .where(eq(subscriptions.id, before.id))
        .returning();
      let superseded: SubscriptionRow[] = [];
      if (next.status === 'active' && before.status !== 'active' && before.status !== 'past_due') {
        superseded = await tx
          .update(subscriptions)
          .set({
            status: sql`CASE WHEN ${subscriptions.status} = 'incomplete' THEN 'abandoned' ELSE 'replaced' END`,
            endedAt: now,
            updatedAt: now,
          })
          .where(and(eq(subscriptions.userId, before.userId), ne(subscriptions.id, before.id), inArray(subscriptions.status, ['incomplete', 'active', 'past_due'])))
          .returning();
      }
      const result = { before, after: after as SubscriptionRow, superseded, detail };
      await withChange(tx, result);
      return result;
    });
  }
}
