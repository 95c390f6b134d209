import { Injectable } from '@nestjs/common';
import { isDuplicateKey, MongoServiceDatabase } from '@wildframe/platform';
import { CustomersRepository } from '../customers.repository';
import { billingModels } from './schemas';
import type { BillingModels } from './schemas';

/** MongoDB: the document id `<provider>:<userId>` keeps the first customer (a second insert is a duplicate key). */
@Injectable()
export class MongoCustomersRepository extends CustomersRepository {
  private readonly models: BillingModels;

  constructor(database: MongoServiceDatabase) {
    super();
    this.models = billingModels(database);
  }

  async find(userId: string, provider: string): Promise<string | undefined> {
    const doc = await this.models.customers.findOne({ _id: `${provider}:${userId}` }).lean();
    return doc?.providerCustomerId;
  }

  async save(userId: string, provider: string, providerCustomerId: string): Promise<string> {
    try {
      await this.models.customers.create({ _id: `${provider}:${userId}`, userId, provider, providerCustomerId, createdAt: new Date() });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    return (await this.find(userId, provider)) ?? providerCustomerId;
  }
}
