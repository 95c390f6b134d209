import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, ServiceDatabase } from '@wildframe/platform';
import { and, eq, sql } from 'drizzle-orm';
import type { PlanId } from '@wildframe/contracts';
import type { DatabaseTransaction } from '@wildframe/platform';
import { UserRow, users } from '../db/schema';
import { authErrors } from '../domain/auth.errors';

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  isAdmin?: boolean;
  isSiteAdmin?: boolean;
  isActive?: boolean;
}

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return (error as { code?: string })?.code === UNIQUE_VIOLATION || cause?.code === UNIQUE_VIOLATION;
}

@Injectable()
export class UsersRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {}

  private get db() {
    return this.database.db;
  }

  /** Runs `fn` in one transaction, for writes that commit together with the events they announce. */
  transaction<T>(fn: (tx: DatabaseTransaction) => Promise<T>): Promise<T> {
    return this.database.db.transaction(fn);
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email)).limit(1);
    return row;
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  /** The unique index decides a race between two signups with one e-mail. */
  async create(user: NewUser, tx?: DatabaseTransaction): Promise<UserRow> {
    try {
      const [row] = await (tx ?? this.db).insert(users).values(user).returning();
      return row as UserRow;
    } catch (error) {
      if (isUniqueViolation(error)) throw authErrors.emailTaken();
      throw error;
    }
  }

  async updateProfile(id: string, changes: { firstName: string; lastName: string; email: string }, tx?: DatabaseTransaction): Promise<UserRow> {
    try {
      const [row] = await (tx ?? this.db)
        .update(users)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      if (!row) throw authErrors.notFound();
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) throw authErrors.emailTaken();
      throw error;
    }
  }

  async setProfileImage(id: string, url: string | null, tx?: DatabaseTransaction): Promise<UserRow> {
    const [row] = await (tx ?? this.db).update(users).set({ profileImageUrl: url, updatedAt: sql`now()` }).where(eq(users.id, id)).returning();
    if (!row) throw authErrors.notFound();
    return row;
  }

  /** Activates a pending account on its paid plan; undefined when there is no such account. */
  async activate(id: string, plan: PlanId, planExpiry: Date | null, tx?: DatabaseTransaction): Promise<UserRow | undefined> {
    const [row] = await (tx ?? this.db).update(users).set({ isActive: true, plan, planExpiry, updatedAt: sql`now()` }).where(eq(users.id, id)).returning();
    return row;
  }

  async deleteIfInactive(id: string): Promise<void> {
    await this.db.delete(users).where(and(eq(users.id, id), eq(users.isActive, false)));
  }

  /** Locks the user in the caller's transaction and sets the plan `next` computes from the current row. */
  async changePlan(
    tx: DatabaseTransaction,
    id: string,
    next: (current: UserRow) => { plan: PlanId; planExpiry: Date | null },
  ): Promise<{ before: UserRow; after: UserRow } | undefined> {
    const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!before) return undefined;
    const [after] = await tx.update(users).set({ ...next(before), updatedAt: sql`now()` }).where(eq(users.id, id)).returning();
    return { before, after: after as UserRow };
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, id));
  }
}
