import { Inject, Injectable } from '@nestjs/common';
import { CLOCK } from '@wildframe/platform';
import type { Clock } from '@wildframe/platform';
import { dummySecretHash, hashSecret, hashToken, newOpaqueToken, verifySecret } from '../crypto/secrets';
import { authErrors } from '../domain/auth.errors';
import { normalizeEmail } from '../domain/public-user';
import { isSecurityQuestion, normalizeAnswer } from '../domain/security-questions';
import { ResetGrantsRepository } from '../repositories/reset-grants.repository';
import { SecurityQuestionsRepository } from '../repositories/security-questions.repository';
import { SessionsRepository } from '../repositories/sessions.repository';
import { UsersRepository } from '../repositories/users.repository';
import { RateLimiter } from './rate-limiter';

/** A verified set of answers allows one password reset within this time. */
const RESET_GRANT_MS = 15 * 60_000;

export type Answers = [string, string, string];

export const NO_QUESTIONS_MESSAGE =
  'No security questions are set up for this account. Please contact support to recover it. If you never finished signing up, you can sign up again with this email.';

export type { ForgotPasswordResult } from '../dto/auth.responses';
import type { ForgotPasswordResult } from '../dto/auth.responses';

/** Security questions and password recovery through them. */
@Injectable()
export class RecoveryService {
  constructor(
    private readonly users: UsersRepository,
    private readonly questions: SecurityQuestionsRepository,
    private readonly grants: ResetGrantsRepository,
    private readonly sessions: SessionsRepository,
    private readonly rateLimiter: RateLimiter,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async status(userId: string): Promise<{ hasQuestions: boolean; questions: string[] }> {
    const row = await this.questions.findForUser(userId);
    return row ? { hasQuestions: true, questions: [row.question1, row.question2, row.question3] } : { hasQuestions: false, questions: [] };
  }

  async saveQuestions(userId: string, questions: Answers, answers: Answers): Promise<void> {
    if (!questions.every(isSecurityQuestion)) throw authErrors.unknownQuestion();
    const [answer1Hash, answer2Hash, answer3Hash] = await Promise.all(answers.map((a) => hashSecret(normalizeAnswer(a))));
    await this.questions.save(userId, {
      question1: questions[0],
      question2: questions[1],
      question3: questions[2],
      answer1Hash: answer1Hash as string,
      answer2Hash: answer2Hash as string,
      answer3Hash: answer3Hash as string,
    });
  }

  /**
   * Step 1 of recovery. An unknown e-mail gets the same answer as an account without questions,
   * so this endpoint does not confirm which e-mails have no account. Limited per IP.
   */
  async forgotPassword(email: string, ip: string): Promise<ForgotPasswordResult> {
    await this.rateLimiter.assertAllowed('lookup', undefined, ip);
    const user = await this.users.findByEmail(normalizeEmail(email));
    const row = user ? await this.questions.findForUser(user.id) : undefined;
    if (!row) {
      await this.rateLimiter.recordFailure('lookup', undefined, ip);
      return {
        hasSecurityQuestions: false,
        questions: [],
        // The same for an unknown address and a paid signup never paid for (neither is revealed);
        // both may simply sign up again.
        message: NO_QUESTIONS_MESSAGE,
      };
    }
    return {
      hasSecurityQuestions: true,
      questions: [row.question1, row.question2, row.question3],
      message: 'Answer your security questions to reset your password.',
    };
  }

  async verifyAnswers(email: string, answers: Answers, ip: string): Promise<{ canResetPassword: true; resetToken: string; message: string }> {
    const account = normalizeEmail(email);
    await this.rateLimiter.assertAllowed('answers', account, ip);
    const user = await this.users.findByEmail(account);
    const row = user ? await this.questions.findForUser(user.id) : undefined;
    const hashes = row ? [row.answer1Hash, row.answer2Hash, row.answer3Hash] : await Promise.all([1, 2, 3].map(() => dummySecretHash()));
    // All three are checked every time, so timing does not tell which answer was wrong.
    const results = await Promise.all(hashes.map((hash, i) => verifySecret(hash, normalizeAnswer(answers[i] ?? ''))));
    if (!user || !row || !results.every(Boolean)) {
      await this.rateLimiter.recordFailure('answers', account, ip);
      throw authErrors.incorrectAnswers();
    }
    await this.rateLimiter.recordSuccess('answers', account);
    const { token, hash } = newOpaqueToken();
    await this.grants.create(user.id, hash, new Date(this.clock.now().getTime() + RESET_GRANT_MS));
    return { canResetPassword: true, resetToken: token, message: 'Verification successful' };
  }

  /** Sets the new password and signs the account out everywhere. */
  async resetPassword(email: string, newPassword: string, resetToken: string, ip: string): Promise<{ message: string }> {
    const account = normalizeEmail(email);
    await this.rateLimiter.assertAllowed('reset', account, ip);
    const user = await this.users.findByEmail(account);
    const granted = user ? await this.grants.consume(user.id, hashToken(resetToken), this.clock.now()) : false;
    if (!user || !granted) {
      await this.rateLimiter.recordFailure('reset', account, ip);
      throw authErrors.resetExpired();
    }
    await this.users.setPasswordHash(user.id, await hashSecret(newPassword));
    await this.sessions.revokeAllForUser(user.id);
    await this.grants.deleteForUser(user.id);
    await this.rateLimiter.recordSuccess('login', account);
    return { message: 'Password reset successful' };
  }
}
