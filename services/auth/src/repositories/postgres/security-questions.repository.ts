import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@wildframe/platform';
import type { ServiceDatabase } from '@wildframe/platform';
import { eq, sql } from 'drizzle-orm';
import type { SecurityQuestionsInput, SecurityQuestionsRecord } from '../../domain/user';
import { SecurityQuestionsRepository } from '../security-questions.repository';
import { securityQuestions } from './schema';

@Injectable()
export class PostgresSecurityQuestionsRepository extends SecurityQuestionsRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {
    super();
  }

  async findForUser(userId: string): Promise<SecurityQuestionsRecord | undefined> {
    const [row] = await this.database.db.select().from(securityQuestions).where(eq(securityQuestions.userId, userId)).limit(1);
    if (!row) return undefined;
    const { question1, question2, question3, answer1Hash, answer2Hash, answer3Hash } = row;
    return { userId, question1, question2, question3, answer1Hash, answer2Hash, answer3Hash };
  }

  async save(userId: string, input: SecurityQuestionsInput): Promise<void> {
    await this.database.db
      .insert(securityQuestions)
      .values({ userId, ...input })
      .onConflictDoUpdate({ target: securityQuestions.userId, set: { ...input, updatedAt: sql`now()` } });
  }
}
