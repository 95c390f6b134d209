import type { SecurityQuestionsInput, SecurityQuestionsRecord } from '../domain/user';

/** One set of three questions per account (saving again replaces it). */
export abstract class SecurityQuestionsRepository {
  abstract findForUser(userId: string): Promise<SecurityQuestionsRecord | undefined>;
  abstract save(userId: string, input: SecurityQuestionsInput): Promise<void>;
}
