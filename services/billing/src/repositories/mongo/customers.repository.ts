import { CustomersRepository } from '../customers.repository';
import type { BillingModels } from './schemas';
import { isDuplicateKey } from './support';

/** MongoDB: the document id `<provider>:<userId>` keeps the first customer (a second insert is a duplicate key). */
export class MongoCustomersRepository extends CustomersRepository {
  constructor(private readonly models: BillingModels) {
    super();
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
