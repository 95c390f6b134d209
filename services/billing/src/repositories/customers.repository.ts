import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@wildframe/platform';
import type { ServiceDatabase } from '@wildframe/platform';
import { and, eq } from 'drizzle-orm';
import { customers } from '../db/schema';

/** Which payment-provider customer stands for each user. */
@Injectable()
export class CustomersRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {}

  async find(userId: string, provider: string): Promise<string | undefined> {
    const [row] = await this.database.db
      .select({ id: customers.providerCustomerId })
      .from(customers)
      .where(and(eq(customers.userId, userId), eq(customers.provider, provider)));
    return row?.id;
  }

  /** Keeps the first customer recorded for the user; returns the one that is kept. */
  async save(userId: string, provider: string, providerCustomerId: string): Promise<string> {
    await this.database.db.insert(customers).values({ userId, provider, providerCustomerId }).onConflictDoNothing();
    return (await this.find(userId, provider)) ?? providerCustomerId;
  }
}
