import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { combineUpdates, isDuplicateKey, markApplied, MongoServiceDatabase, notApplied, pushEvents } from '@wildframe/platform';
import type { Delivery } from '@wildframe/platform';
import { endsWith, OPEN_STATUSES, supersededStatus, takesOver } from '../../domain/subscription';
import type { NewSubscription, Subscription } from '../../domain/subscription';
import type { PaidPlanId } from '../../domain/pricing';
import { LIVE_STATUSES } from '../../domain/subscription-state';
import type { SubscriptionStatus } from '../../domain/subscription-state';
import { SubscriptionsRepository } from '../subscriptions.repository';
import type { TransitionDecision, Transitioned } from '../subscriptions.repository';
import { billingModels } from './schemas';
import type { BillingModels, SubscriptionDoc } from './schemas';
import { backoff } from './support';

/** How long a transition may hold a user's lease before another may take it (a crashed holder). */
const LEASE_MS = 30_000;
/** How long a transition waits for a user's lease. */
const LOCK_WAIT_MS = 15_000;
const MAX_ATTEMPTS = 50;

function toSubscription(doc: SubscriptionDoc): Subscription {
  return {
    id: doc._id,
    userId: doc.userId,
    plan: doc.plan as PaidPlanId,
    isAnnual: doc.isAnnual,
    status: doc.status as SubscriptionStatus,
    provider: doc.provider,
    providerCustomerId: doc.providerCustomerId ?? null,
    providerSubscriptionId: doc.providerSubscriptionId ?? null,
    currentPeriodEnd: doc.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: doc.cancelAtPeriodEnd,
    promoCode: doc.promoCode ?? null,
    endedAt: doc.endedAt ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

const liveKeyOf = (id: string, userId: string, status: SubscriptionStatus) => (LIVE_STATUSES.includes(status) ? userId : id);

/**
 * MongoDB, without multi-document transactions:
 * - a transition is ONE conditional `findOneAndUpdate` of the subscription on the version it was
 *   decided from, which also pushes its events into the document's `_outbox` and its delivery
 *   into `_applied` (the platform's guard: a repeated delivery matches nothing);
 * - "one live subscription per user" is the unique index on `liveKey` (the user id while live);
 * - one user's transitions take a lease on `billing_user_locks/<userId>` (a conditional upsert) so
 *   a take-over supersedes the others and activates itself without another take-over in between.
 *   A holder that crashed loses the lease after 30 s; the version check and the unique index keep
 *   the data right even then. A take-over that crashed after superseding the old subscription and
 *   before activating the new one leaves no live one until the next sync of the new one (the
 *   provider's state is fetched again on every completion call, webhook and job run).
 */
@Injectable()
export class MongoSubscriptionsRepository extends SubscriptionsRepository {
  private readonly models: BillingModels;

  constructor(database: MongoServiceDatabase) {
    super();
    this.models = billingModels(database);
  }

  private get docs() {
    return this.models.subscriptions;
  }

  async insert(row: NewSubscription): Promise<Subscription> {
    const id = randomUUID();
    const doc: SubscriptionDoc = {
      _id: id,
      ...row,
      cancelAtPeriodEnd: false,
      endedAt: null,
      updatedAt: row.createdAt,
      liveKey: liveKeyOf(id, row.userId, row.status),
      _v: 0,
    };
    await this.docs.create(doc);
    return toSubscription(doc);
  }

  async byProviderId(providerSubscriptionId: string): Promise<Subscription | undefined> {
    const doc = await this.docs.findOne({ providerSubscriptionId }).lean<SubscriptionDoc>();
    return doc ? toSubscription(doc) : undefined;
  }

  async liveForUser(userId: string): Promise<Subscription | undefined> {
    const doc = await this.docs.findOne({ userId, status: { $in: ['active', 'past_due'] } }).sort({ createdAt: -1 }).lean<SubscriptionDoc>();
    return doc ? toSubscription(doc) : undefined;
  }

  async incompleteForUser(userId: string): Promise<Subscription[]> {
    const docs = await this.docs.find({ userId, status: 'incomplete' }).sort({ createdAt: -1 }).lean<SubscriptionDoc[]>();
    return docs.map(toSubscription);
  }

  async openForUser(userId: string, createdBy: Date): Promise<Subscription[]> {
    const docs = await this.docs.find({ userId, status: { $in: [...OPEN_STATUSES] }, createdAt: { $lte: createdBy } }).lean<SubscriptionDoc[]>();
    return docs.map(toSubscription);
  }

  async liveEndingBy(now: Date): Promise<Subscription[]> {
    const docs = await this.docs.find({ status: { $in: ['active', 'past_due'] }, currentPeriodEnd: { $lte: now } }).lean<SubscriptionDoc[]>();
    return docs.map(toSubscription);
  }

  async abandonIncomplete(id: string, now: Date): Promise<boolean> {
    const doc = await this.docs.findOne({ _id: id }, { userId: 1 }).lean<Pick<SubscriptionDoc, '_id' | 'userId'>>();
    if (!doc) return false;
    // Under the user's lease, so it never interleaves with a take-over of the same user.
    return this.withUserLease(doc.userId, async () => {
      const updated = await this.docs.updateOne({ _id: id, status: 'incomplete' }, { $set: { status: 'abandoned', endedAt: now, updatedAt: now }, $inc: { _v: 1 } });
      return updated.modifiedCount > 0;
    });
  }

  async transition<T>(
    providerSubscriptionId: string,
    now: Date,
    decide: (current: Subscription) => TransitionDecision<T>,
    delivery?: Delivery,
  ): Promise<Transitioned<T> | undefined> {
    const found = await this.docs.findOne({ providerSubscriptionId }, { userId: 1 }).lean<Pick<SubscriptionDoc, '_id' | 'userId'>>();
    if (!found) return undefined;
    return this.withUserLease(found.userId, async () => {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const doc = await this.docs.findOne({ _id: found._id }).lean<SubscriptionDoc>();
        if (!doc) return undefined;
        const before = toSubscription(doc);
        if (delivery && !(await this.docs.exists({ _id: doc._id, ...notApplied(delivery) }))) return { duplicate: true as const, after: before };
        const { next, detail, events } = decide(before);
        const superseded = takesOver(before.status, next.status) ? await this.supersede(before, now) : [];
        const change = {
          $set: {
            ...next,
            updatedAt: now,
            liveKey: liveKeyOf(doc._id, doc.userId, next.status),
            ...(endsWith(before.status, next.status) ? { endedAt: now } : {}),
            _v: doc._v + 1,
          },
        };
        // The events and the delivery's record go in the same single-document write as the change.
        const update = combineUpdates(change, pushEvents(events), delivery ? markApplied(delivery) : {});
        try {
          const after = await this.docs
            .findOneAndUpdate({ _id: doc._id, _v: doc._v, ...(delivery ? notApplied(delivery) : {}) }, update, { new: true })
            .lean<SubscriptionDoc>();
          if (after) return { duplicate: false as const, before, after: toSubscription(after), superseded, detail };
        } catch (error) {
          // Another live subscription of the user appeared (a lease taken over): supersede again.
          if (!isDuplicateKey(error)) throw error;
        }
        await backoff(attempt);
      }
      throw new Error(`subscription ${found._id} kept changing during a transition`);
    });
  }

  /** The user's other open subscriptions give way to one that takes over; each by its own conditional write. */
  private async supersede(taker: Subscription, now: Date): Promise<Subscription[]> {
    const others = await this.docs.find({ userId: taker.userId, _id: { $ne: taker.id }, status: { $in: [...OPEN_STATUSES] } }).lean<SubscriptionDoc[]>();
    const superseded: Subscription[] = [];
    for (const other of others) {
      const status = supersededStatus(other.status as SubscriptionStatus);
      const after = await this.docs
        .findOneAndUpdate(
          { _id: other._id, status: other.status },
          { $set: { status, endedAt: now, updatedAt: now, liveKey: other._id }, $inc: { _v: 1 } },
          { new: true },
        )
        .lean<SubscriptionDoc>();
      if (after) superseded.push(toSubscription(after));
    }
    return superseded;
  }

  private async withUserLease<R>(userId: string, fn: () => Promise<R>): Promise<R> {
    const owner = randomUUID();
    const locks = this.models.userLocks;
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (let attempt = 0; ; attempt++) {
      try {
        // Wall-clock time, not the service clock: a lease is about this process's real progress.
        const taken = await locks
          .findOneAndUpdate(
            { _id: userId, $or: [{ owner: null }, { until: { $lt: new Date() } }] },
            { $set: { owner, until: new Date(Date.now() + LEASE_MS) } },
            { upsert: true, new: true },
          )
          .lean();
        if (taken) break;
      } catch (error) {
        // Upserting a lease someone holds collides with their document: wait for it.
        if (!isDuplicateKey(error)) throw error;
      }
      if (Date.now() > deadline) throw new Error(`could not take the billing lease of user ${userId}`);
      await backoff(attempt);
    }
    try {
      return await fn();
    } finally {
      await locks.updateOne({ _id: userId, owner }, { $set: { owner: null, until: new Date(0) } });
    }
  }
}
