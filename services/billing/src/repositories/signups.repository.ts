import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@wildframe/platform';
import type { ServiceDatabase } from '@wildframe/platform';
import { and, eq, lt } from 'drizzle-orm';
import { signups, SignupRow } from '../db/schema';

export type SignupStatus = 'pending' | 'subscribing' | 'subscribed' | 'completed' | 'abandoned';

/** Paid signups in progress (see the `signups` table). */
@Injectable()
export class SignupsRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {}

  async insert(row: { setupIntentId: string; userId: string; email: string; provider: string; providerCustomerId: string; createdAt: Date }): Promise<SignupRow> {
    const [created] = await this.database.db.insert(signups).values({ ...row, status: 'pending' }).returning();
    return created as SignupRow;
  }

  async bySetupIntent(setupIntentId: string): Promise<SignupRow | undefined> {
    const [row] = await this.database.db.select().from(signups).where(eq(signups.setupIntentId, setupIntentId));
    return row;
  }

  async pendingForEmail(email: string): Promise<SignupRow[]> {
    return this.database.db.select().from(signups).where(and(eq(signups.email, email), eq(signups.status, 'pending')));
  }

  async pendingCreatedBefore(cutoff: Date): Promise<SignupRow[]> {
    return this.database.db.select().from(signups).where(and(eq(signups.status, 'pending'), lt(signups.createdAt, cutoff)));
  }

  /** Moves a signup on only from the status it was read in; false when someone else did first. */
  async advance(id: string, from: SignupStatus, to: SignupStatus, patch: { providerSubscriptionId?: string } = {}): Promise<boolean> {
    const updated = await this.database.db
      .update(signups)
      .set({ status: to, ...patch, updatedAt: new Date() })
      .where(and(eq(signups.id, id), eq(signups.status, from)))
      .returning({ id: signups.id });
    return updated.length > 0;
  }
}
