import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, ServiceDatabase } from '@wildframe/platform';
import { eq, sql } from 'drizzle-orm';
import { UserRow, users } from '../db/schema';
import { authErrors } from '../domain/auth.errors';

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  isAdmin?: boolean;
  isSiteAdmin?: boolean;
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

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email)).limit(1);
    return row;
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  /** The unique index decides a race between two signups with one e-mail. */
  async create(user: NewUser): Promise<UserRow> {
    try {
      const [row] = await this.db.insert(users).values(user).returning();
      return row as UserRow;
    } catch (error) {
      if (isUniqueViolation(error)) throw authErrors.emailTaken();
      throw error;
    }
  }

  async updateProfile(id: string, changes: { firstName: string; lastName: string; email: string }): Promise<UserRow> {
    try {
      const [row] = await this.db
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

  async setProfileImage(id: string, url: string | null): Promise<UserRow> {
    const [row] = await this.db.update(users).set({ profileImageUrl: url, updatedAt: sql`now()` }).where(eq(users.id, id)).returning();
    if (!row) throw authErrors.notFound();
    return row;
  }

  async markSiteAdmin(id: string): Promise<void> {
    await this.db.update(users).set({ isAdmin: true, isSiteAdmin: true, updatedAt: sql`now()` }).where(eq(users.id, id));
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, id));
  }
}
