import { Injectable } from '@nestjs/common';
import { MongoServiceDatabase } from '@wildframe/platform';
import { ResetGrantsRepository } from '../reset-grants.repository';
import { authCollections } from './schemas';
import type { AuthCollections, ResetGrantDoc } from './schemas';

@Injectable()
export class MongoResetGrantsRepository extends ResetGrantsRepository {
  constructor(private readonly database: MongoServiceDatabase) {
    super();
  }

  private db(): Promise<AuthCollections> {
    return authCollections(this.database);
  }

  async create(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await (await this.db()).grants.insertOne({ _id: tokenHash, userId, expiresAt, createdAt: new Date() } satisfies ResetGrantDoc);
  }

  /** `findOneAndDelete` with the conditions in the filter: of two concurrent uses, one gets the grant. */
  async consume(userId: string, tokenHash: string, now: Date): Promise<boolean> {
    const deleted = await (await this.db()).grants.findOneAndDelete({ _id: tokenHash, userId, expiresAt: { $gt: now } });
    return deleted !== null;
  }

  async deleteForUser(userId: string): Promise<void> {
    await (await this.db()).grants.deleteMany({ userId });
  }
}
