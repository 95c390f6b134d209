import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, ServiceDatabase } from '@wildframe/platform';
import { eq, sql } from 'drizzle-orm';
import { securityQuestions, SecurityQuestionsRow } from '../db/schema';

export interface SecurityQuestionsInput {
  question1: string;
  question2: string;
  question3: string;
  answer1Hash: string;
  answer2Hash: string;
  answer3Hash: string;
}

@Injectable()
export class SecurityQuestionsRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {}

  async findForUser(userId: string): Promise<SecurityQuestionsRow | undefined> {
    const [row] = await this.database.db.select().from(securityQuestions).where(eq(securityQuestions.userId, userId)).limit(1);
    return row;
  }

  async save(userId: string, input: SecurityQuestionsInput): Promise<void> {
    await this.database.db
      .insert(securityQuestions)
      .values({ userId, ...input })
      .onConflictDoUpdate({ target: securityQuestions.userId, set: { ...input, updatedAt: sql`now()` } });
  }
}
