import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@wildframe/platform';
import type { ServiceDatabase } from '@wildframe/platform';
import { and, eq } from 'drizzle-orm';
import { CustomersRepository } from '../customers.repository';
import { customers } from './schema';

/** PostgreSQL: the primary key (user, provider) keeps the first customer. */
@Injectable()
export class PostgresCustomersRepository extends CustomersRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {
    super();
  }

  async find(userId: string, provider: string): Promise<string | undefined> {
    const [row] = await this.database.db
      .select({ id: customers.providerCustomerId })
      .from(customers)
      .where(and(eq(customers.userId, userId), eq(customers.provider, provider)));
    return row?.id;
  }

  async save(userId: string, provider: string, providerCustomerId: string): Promise<string> {
    await this.database.db.insert(customers).values({ userId, provider, providerCustomerId }).onConflictDoNothing();
    return (await this.find(userId, provider)) ?? providerCustomerId;
  }
}
