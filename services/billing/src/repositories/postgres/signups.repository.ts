import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@wildframe/platform';
import type { ServiceDatabase } from '@wildframe/platform';
import { and, eq, lt } from 'drizzle-orm';
import type { NewSignup, Signup, SignupStatus } from '../../domain/signup';
import { SignupsRepository } from '../signups.repository';
import { signups, SignupRow } from './schema';

const toSignup = (row: SignupRow): Signup => ({ ...row, status: row.status as SignupStatus });

/** PostgreSQL: `advance` is one conditional UPDATE on the status it was read in. */
@Injectable()
export class PostgresSignupsRepository extends SignupsRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {
    super();
  }

  async insert(row: NewSignup): Promise<Signup> {
    const [created] = await this.database.db.insert(signups).values({ ...row, status: 'pending' }).returning();
    return toSignup(created as SignupRow);
  }

  async bySetupIntent(setupIntentId: string): Promise<Signup | undefined> {
    const [row] = await this.database.db.select().from(signups).where(eq(signups.setupIntentId, setupIntentId));
    return row && toSignup(row);
  }

  async pendingForEmail(email: string): Promise<Signup[]> {
    const rows = await this.database.db.select().from(signups).where(and(eq(signups.email, email), eq(signups.status, 'pending')));
    return rows.map(toSignup);
  }

  async pendingCreatedBefore(cutoff: Date): Promise<Signup[]> {
    const rows = await this.database.db.select().from(signups).where(and(eq(signups.status, 'pending'), lt(signups.createdAt, cutoff)));
    return rows.map(toSignup);
  }

  async advance(id: string, from: SignupStatus, to: SignupStatus, patch: { providerSubscriptionId?: string } = {}): Promise<boolean> {
    const updated = await this.database.db
      .update(signups)
      .set({ status: to, ...patch, updatedAt: new Date() })
      .where(and(eq(signups.id, id), eq(signups.status, from)))
      .returning({ id: signups.id });
    return updated.length > 0;
  }
}
