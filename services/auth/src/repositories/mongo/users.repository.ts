import { Injectable } from '@nestjs/common';
import { combineUpdates, isDuplicateKey, liveOnly, markApplied, MongoServiceDatabase, notApplied, pushEvents, withEvents } from '@wildframe/platform';
import type { Delivery } from '@wildframe/platform';
import { randomUUID } from 'node:crypto';
import { authErrors } from '../../domain/auth.errors';
import type { NewUser, PlanChange, PlanSetting, UserRecord } from '../../domain/user';
import { LiveSessionsCache } from '../live-sessions.cache';
import { Announce, UsersRepository } from '../users.repository';
import { authCollections } from './schemas';
import type { AuthCollections, UserDoc } from './schemas';

/** Attempts of an optimistic write before giving up (each retry means another write won in between). */
const MAX_ATTEMPTS = 50;

export const LIVE = liveOnly;

export function toUserRecord(doc: UserDoc): UserRecord {
  return {
    id: doc._id,
    email: doc.email,
    passwordHash: doc.passwordHash,
    firstName: doc.firstName,
    lastName: doc.lastName,
    profileImageUrl: doc.profileImageUrl ?? null,
    plan: doc.plan as UserRecord['plan'],
    planExpiry: doc.planExpiry ?? null,
    isActive: doc.isActive,
    isAdmin: doc.isAdmin,
    isSiteAdmin: doc.isSiteAdmin,
    checkoutHeldUntil: doc.checkoutHeldUntil ?? null,
    failedSignIns: doc.failedSignIns ?? 0,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

type UserChange = Partial<Pick<UserDoc, 'email' | 'firstName' | 'lastName' | 'profileImageUrl' | 'plan' | 'planExpiry' | 'isActive' | 'passwordHash' | 'checkoutHeldUntil'>>;

/**
 * Users on MongoDB. A change is computed from the account as read and written with
 * `findOneAndUpdate` on `{ _id, rev }`: it applies only if no other write came in between (else it
 * is computed again), and its events are pushed to the account's `_outbox` by that same write.
 */
@Injectable()
export class MongoUsersRepository extends UsersRepository {
  constructor(
    private readonly database: MongoServiceDatabase,
    private readonly live: LiveSessionsCache,
  ) {
    super();
  }

  private db(): Promise<AuthCollections> {
    return authCollections(this.database);
  }

  async findByEmail(email: string): Promise<UserRecord | undefined> {
    const doc = await (await this.db()).users.findOne({ email, ...LIVE });
    return doc ? toUserRecord(doc) : undefined;
  }

  async findById(id: string): Promise<UserRecord | undefined> {
    const doc = await (await this.db()).users.findOne({ _id: id, ...LIVE });
    return doc ? toUserRecord(doc) : undefined;
  }

  async profileImageUrls(ids: readonly string[]): Promise<Map<string, string | null>> {
    if (ids.length === 0) return new Map();
    const docs = await (await this.db()).users.find({ _id: { $in: [...ids] }, ...LIVE }, { projection: { profileImageUrl: 1 } }).toArray();
    return new Map(docs.map((doc) => [doc._id, doc.profileImageUrl ?? null]));
  }

  /** The unique e-mail index decides a race between two signups; the events are part of the inserted document. */
  create(user: NewUser, announce: Announce<UserRecord> = () => []): Promise<UserRecord> {
    return this.insert(user, announce, () => authErrors.emailTaken());
  }

  /**
   * Two single-document steps: the unheld pending account is deleted by a conditional delete (a
   * hold written first makes it match nothing), then the new one is inserted. Of two racing
   * signups both may delete (one finds nothing); the unique index lets one insert win.
   */
  async createReplacingPending(user: NewUser, now: Date, announce: Announce<UserRecord> = () => []): Promise<UserRecord> {
    const users = (await this.db()).users;
    await users.deleteOne({ email: user.email, isActive: false, ...LIVE, $or: [{ checkoutHeldUntil: null }, { checkoutHeldUntil: { $lte: now } }] });
    return this.insert(user, announce, async () => {
      const holder = await users.findOne({ email: user.email, ...LIVE });
      return holder && !holder.isActive && holder.checkoutHeldUntil && holder.checkoutHeldUntil > now ? authErrors.checkoutInProgress() : authErrors.emailTaken();
    });
  }

  async holdPending(id: string, until: Date): Promise<boolean> {
    const held = await (await this.db()).users.updateOne({ _id: id, isActive: false, ...LIVE }, { $set: { checkoutHeldUntil: until }, $inc: { rev: 1 } });
    return held.matchedCount > 0;
  }

  async releasePending(id: string): Promise<void> {
    await (await this.db()).users.updateOne({ _id: id, isActive: false, ...LIVE }, { $set: { checkoutHeldUntil: null }, $inc: { rev: 1 } });
  }

  private async insert(user: NewUser, announce: Announce<UserRecord>, taken: () => Error | Promise<Error>): Promise<UserRecord> {
    const now = new Date();
    const doc: UserDoc = {
      _id: randomUUID(),
      email: user.email,
      passwordHash: user.passwordHash,
      firstName: user.firstName,
      lastName: user.lastName,
      profileImageUrl: null,
      plan: 'explorer',
      planExpiry: null,
      isActive: user.isActive ?? true,
      isAdmin: user.isAdmin ?? false,
      isSiteAdmin: user.isSiteAdmin ?? false,
      checkoutHeldUntil: null,
      failedSignIns: 0,
      createdAt: now,
      updatedAt: now,
      rev: 0,
    };
    const created = toUserRecord(doc);
    try {
      await (await this.db()).users.insertOne(withEvents(doc, announce(created)));
    } catch (error) {
      if (isDuplicateKey(error)) throw await taken();
      throw error;
    } finally {
      this.live.forget();
    }
    return created;
  }

  async updateProfile(id: string, changes: { firstName: string; lastName: string; email: string }, announce: Announce<UserRecord> = () => []): Promise<UserRecord> {
    const result = await this.modify(id, () => changes, (change) => announce(change.after));
    if (!result) throw authErrors.notFound();
    return result.after;
  }

  async setProfileImage(id: string, url: string | null, announce: Announce<UserRecord> = () => []): Promise<UserRecord> {
    const result = await this.modify(id, () => ({ profileImageUrl: url }), (change) => announce(change.after));
    if (!result) throw authErrors.notFound();
    return result.after;
  }

  async activate(id: string, setting: PlanSetting, announce: Announce<UserRecord> = () => []): Promise<UserRecord | undefined> {
    return (await this.modify(id, () => ({ isActive: true, checkoutHeldUntil: null, ...setting }), (change) => announce(change.after)))?.after;
  }

  async deleteIfInactive(id: string): Promise<void> {
    // Never announced, so never has events waiting: removed outright.
    await (await this.db()).users.deleteOne({ _id: id, isActive: false, ...LIVE });
    this.live.forget();
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.modify(id, () => ({ passwordHash }), () => []);
  }

  // A counter, not a change computed from a read: `$inc` without `rev`, so it never makes a profile write start again.
  async countFailedSignIn(id: string): Promise<number> {
    const doc = await (await this.db()).users.findOneAndUpdate({ _id: id, ...LIVE }, { $inc: { failedSignIns: 1 } }, { returnDocument: 'after' });
    return doc?.failedSignIns ?? 0;
  }

  async clearFailedSignIns(id: string): Promise<void> {
    await (await this.db()).users.updateOne({ _id: id, failedSignIns: { $gt: 0 } }, { $set: { failedSignIns: 0 } });
  }

  changePlan(id: string, next: (current: UserRecord) => PlanSetting, announce: Announce<PlanChange> = () => []): Promise<PlanChange | undefined> {
    return this.modify(id, next, announce);
  }

  /** The delivery is recorded in the account's `_applied` by the write that applies it: effect and record are one document write. */
  async applyPlanChange(delivery: Delivery, id: string, next: (current: UserRecord) => PlanSetting, announce: Announce<PlanChange> = () => []): Promise<boolean> {
    const result = await this.modify(id, next, announce, delivery);
    return result !== 'duplicate';
  }

  /**
   * Reads the account, computes the change and its events, and writes both if the account is
   * unchanged since the read (`rev`); otherwise reads again. Undefined when there is no such
   * account; 'duplicate' when `delivery` is already recorded on it.
   */
  private async modify(id: string, change: (current: UserRecord) => UserChange, announce: Announce<PlanChange>): Promise<PlanChange | undefined>;
  private async modify(id: string, change: (current: UserRecord) => UserChange, announce: Announce<PlanChange>, delivery: Delivery): Promise<PlanChange | 'duplicate' | undefined>;
  private async modify(id: string, change: (current: UserRecord) => UserChange, announce: Announce<PlanChange>, delivery?: Delivery): Promise<PlanChange | 'duplicate' | undefined> {
    try {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const users = (await this.db()).users;
        const doc = await users.findOne({ _id: id, ...LIVE });
        if (!doc) return undefined;
        if (delivery !== undefined && (await users.countDocuments({ _id: id, ...notApplied(delivery) })) === 0) return 'duplicate';
        const before = toUserRecord(doc);
        const set = { ...change(before), updatedAt: new Date() };
        const after = { ...before, ...set } as UserRecord;
        const filter = { _id: id, rev: doc.rev, ...LIVE, ...(delivery === undefined ? {} : notApplied(delivery)) };
        const update = combineUpdates({ $set: set, $inc: { rev: 1 } }, pushEvents(announce({ before, after })), delivery === undefined ? {} : markApplied(delivery));
        try {
          const written = await users.findOneAndUpdate(filter, update, { returnDocument: 'after' });
          if (written) return { before, after: toUserRecord(written) };
        } catch (error) {
          if (isDuplicateKey(error)) throw authErrors.emailTaken();
          throw error;
        }
      }
      throw new Error(`account ${id} kept changing: gave up after ${MAX_ATTEMPTS} attempts`);
    } finally {
      this.live.forget();
    }
  }
}
