import { Injectable } from '@nestjs/common';
import { isDuplicateKey, MongoServiceDatabase } from '@wildframe/platform';
import type { SecurityQuestionsInput, SecurityQuestionsRecord } from '../../domain/user';
import { SecurityQuestionsRepository } from '../security-questions.repository';
import { authCollections } from './schemas';
import type { AuthCollections } from './schemas';

@Injectable()
export class MongoSecurityQuestionsRepository extends SecurityQuestionsRepository {
  constructor(private readonly database: MongoServiceDatabase) {
    super();
  }

  private db(): Promise<AuthCollections> {
    return authCollections(this.database);
  }

  async findForUser(userId: string): Promise<SecurityQuestionsRecord | undefined> {
    const doc = await (await this.db()).questions.findOne({ _id: userId });
    if (!doc) return undefined;
    const { question1, question2, question3, answer1Hash, answer2Hash, answer3Hash } = doc;
    return { userId, question1, question2, question3, answer1Hash, answer2Hash, answer3Hash };
  }

  /** One document per account (keyed by the user id), replaced by an upsert. */
  async save(userId: string, input: SecurityQuestionsInput): Promise<void> {
    const now = new Date();
    const { questions } = await this.db();
    const upsert = () =>
      questions.updateOne({ _id: userId }, { $set: { ...input, updatedAt: now }, $setOnInsert: { createdAt: now } }, { upsert: true });
    try {
      await upsert();
    } catch (error) {
      // Two first saves racing: one inserted, the other now updates what it inserted.
      if (!isDuplicateKey(error)) throw error;
      await upsert();
    }
  }
}
