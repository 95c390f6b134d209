import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, isUuid, PostgresProcessedEventStore, storeEvents } from '@wildframe/platform';
import type { DatabaseTransaction, Delivery, ServiceDatabase } from '@wildframe/platform';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { authErrors } from '../../domain/auth.errors';
import type { NewUser, PlanChange, PlanSetting, UserRecord } from '../../domain/user';
import { LiveSessionsCache } from '../live-sessions.cache';
import { Announce, UsersRepository } from '../users.repository';
import { UserRow, users } from './schema';

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return (error as { code?: string })?.code === UNIQUE_VIOLATION || cause?.code === UNIQUE_VIOLATION;
}

/** The plan column is a varchar; only plan ids are ever written to it. */
export function toUserRecord(row: UserRow): UserRecord {
  return { ...row, plan: row.plan as UserRecord['plan'] };
}

/** Each write is one transaction with the events it announces (`storeEvents` into `auth.outbox`). */
@Injectable()
export class PostgresUsersRepository extends UsersRepository {
  private readonly processed: PostgresProcessedEventStore;

  constructor(
    @Inject(DATABASE) private readonly database: ServiceDatabase,
    private readonly live: LiveSessionsCache,
  ) {
    super();
    this.processed = new PostgresProcessedEventStore(database);
  }

  /** Runs a write with its events in one transaction; sessions resolved meanwhile may show the old row, so they are forgotten. */
  private write<T>(fn: (tx: DatabaseTransaction) => Promise<T>): Promise<T> {
    return this.database.db.transaction(fn).finally(() => this.live.forget());
  }

  async findByEmail(email: string): Promise<UserRecord | undefined> {
    const [row] = await this.database.db.select().from(users).where(eq(users.email, email)).limit(1);
    return row && toUserRecord(row);
  }

  async findById(id: string): Promise<UserRecord | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await this.database.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row && toUserRecord(row);
  }

  async profileImageUrls(ids: readonly string[]): Promise<Map<string, string | null>> {
    const valid = ids.filter(isUuid);
    if (valid.length === 0) return new Map();
    const rows = await this.database.db.select({ id: users.id, url: users.profileImageUrl }).from(users).where(inArray(users.id, valid));
    return new Map(rows.map((row) => [row.id, row.url]));
  }

  /** The unique index decides a race between two signups with one e-mail. */
  async create(user: NewUser, announce: Announce<UserRecord> = () => []): Promise<UserRecord> {
    try {
      return await this.write(async (tx) => {
        const [row] = await tx.insert(users).values(user).returning();
        const created = toUserRecord(row as UserRow);
        await storeEvents(tx, this.database.schema, announce(created));
        return created;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw authErrors.emailTaken();
      throw error;
    }
  }

  /**
   * The unheld pending account is deleted and the new one inserted in one transaction. Of two
   * racing signups the second's delete waits on the first's, finds the row gone, and its insert
   * meets the winner's row in the unique index.
   */
  async createReplacingPending(user: NewUser, now: Date, announce: Announce<UserRecord> = () => []): Promise<UserRecord> {
    try {
      return await this.write(async (tx) => {
        await tx
          .delete(users)
          .where(and(eq(users.email, user.email), eq(users.isActive, false), or(isNull(users.checkoutHeldUntil), lte(users.checkoutHeldUntil, now))));
        const [row] = await tx.insert(users).values(user).returning();
        const created = toUserRecord(row as UserRow);
        await storeEvents(tx, this.database.schema, announce(created));
        return created;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const holder = await this.findByEmail(user.email);
      if (holder && !holder.isActive && holder.checkoutHeldUntil && holder.checkoutHeldUntil > now) throw authErrors.checkoutInProgress();
      throw authErrors.emailTaken();
    }
  }

  async holdPending(id: string, until: Date): Promise<boolean> {
    if (!isUuid(id)) return false;
    const held = await this.database.db
      .update(users)
      .set({ checkoutHeldUntil: until })
      .where(and(eq(users.id, id), eq(users.isActive, false)))
      .returning({ id: users.id });
    return held.length > 0;
  }

  async releasePending(id: string): Promise<void> {
    if (!isUuid(id)) return;
    await this.database.db.update(users).set({ checkoutHeldUntil: null }).where(and(eq(users.id, id), eq(users.isActive, false)));
  }

  async updateProfile(id: string, changes: { firstName: string; lastName: string; email: string }, announce: Announce<UserRecord> = () => []): Promise<UserRecord> {
    try {
      return await this.update(id, changes, announce);
    } catch (error) {
      if (isUniqueViolation(error)) throw authErrors.emailTaken();
      throw error;
    }
  }

  setProfileImage(id: string, url: string | null, announce: Announce<UserRecord> = () => []): Promise<UserRecord> {
    return this.update(id, { profileImageUrl: url }, announce);
  }

  private async update(id: string, set: Partial<UserRow>, announce: Announce<UserRecord>): Promise<UserRecord> {
    const updated = await this.write(async (tx) => {
      if (!isUuid(id)) return undefined;
      const [row] = await tx
        .update(users)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      if (!row) return undefined;
      const user = toUserRecord(row);
      await storeEvents(tx, this.database.schema, announce(user));
      return user;
    });
    if (!updated) throw authErrors.notFound();
    return updated;
  }

  activate(id: string, setting: PlanSetting, announce: Announce<UserRecord> = () => []): Promise<UserRecord | undefined> {
    return this.write(async (tx) => {
      if (!isUuid(id)) return undefined;
      const [row] = await tx
        .update(users)
        .set({ isActive: true, checkoutHeldUntil: null, ...setting, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      if (!row) return undefined;
      const user = toUserRecord(row);
      await storeEvents(tx, this.database.schema, announce(user));
      return user;
    });
  }

  async deleteIfInactive(id: string): Promise<void> {
    await this.database.db.delete(users).where(and(eq(users.id, id), eq(users.isActive, false)));
    this.live.forget();
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.database.db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, id));
    this.live.forget();
  }

  async countFailedSignIn(id: string): Promise<number> {
    const [row] = await this.database.db
      .update(users)
      .set({ failedSignIns: sql`${users.failedSignIns} + 1` })
      .where(eq(users.id, id))
      .returning({ failedSignIns: users.failedSignIns });
    return row?.failedSignIns ?? 0;
  }

  async clearFailedSignIns(id: string): Promise<void> {
    await this.database.db.update(users).set({ failedSignIns: 0 }).where(and(eq(users.id, id), sql`${users.failedSignIns} <> 0`));
  }

  changePlan(id: string, next: (current: UserRecord) => PlanSetting, announce: Announce<PlanChange> = () => []): Promise<PlanChange | undefined> {
    return this.write((tx) => this.changePlanIn(tx, id, next, announce));
  }

  async applyPlanChange(delivery: Delivery, id: string, next: (current: UserRecord) => PlanSetting, announce: Announce<PlanChange> = () => []): Promise<boolean> {
    // The processed_events row is inserted first in the same transaction: a concurrent duplicate waits on it, then skips.
    return this.processed
      .runOnce(delivery.consumer, delivery.eventId, async (tx) => void (await this.changePlanIn(tx, id, next, announce)))
      .finally(() => this.live.forget());
  }

  /** Locks the user row, so concurrent plan changes apply one after the other. */
  private async changePlanIn(
    tx: DatabaseTransaction,
    id: string,
    next: (current: UserRecord) => PlanSetting,
    announce: Announce<PlanChange>,
  ): Promise<PlanChange | undefined> {
    if (!isUuid(id)) return undefined;
    const [locked] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!locked) return undefined;
    const before = toUserRecord(locked);
    const [row] = await tx
      .update(users)
      .set({ ...next(before), updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    const change = { before, after: toUserRecord(row as UserRow) };
    await storeEvents(tx, this.database.schema, announce(change));
    return change;
  }
}
