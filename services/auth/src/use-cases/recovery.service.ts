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
   * so this endpoint does not confirm which e-mails have no account. Such lookups are limited per
   * address (`address`: the caller's address key).
   */
  async forgotPassword(email: string, address: string): Promise<ForgotPasswordResult> {
    const attempt = await this.rateLimiter.begin('lookup', undefined, address);
    const user = await this.users.findByEmail(normalizeEmail(email));
    const row = user ? await this.questions.findForUser(user.id) : undefined;
    if (!row) {
      return {
        hasSecurityQuestions: false,
        questions: [],
        // The same for an unknown address and a paid signup never paid for (neither is revealed);
        // both may simply sign up again.
        message: NO_QUESTIONS_MESSAGE,
      };
    }
    await this.rateLimiter.succeeded(attempt);
    return {
      hasSecurityQuestions: true,
      questions: [row.question1, row.question2, row.question3],
      message: 'Answer your security questions to reset your password.',
    };
  }

  /**
   * Wrong answers are limited per account *from one address* (and per address), like sign-in: a
   * stranger guessing from elsewhere never blocks the owner's recovery.
   */
  async verifyAnswers(email: string, answers: Answers, address: string): Promise<{ canResetPassword: true; resetToken: string; message: string }> {
    const account = normalizeEmail(email);
    const attempt = await this.rateLimiter.begin('answers', account, address);
    const user = await this.users.findByEmail(account);
    const row = user ? await this.questions.findForUser(user.id) : undefined;
    const hashes = row ? [row.answer1Hash, row.answer2Hash, row.answer3Hash] : await Promise.all([1, 2, 3].map(() => dummySecretHash()));
    // All three are checked every time, so timing does not tell which answer was wrong.
    const results = await Promise.all(hashes.map((hash, i) => verifySecret(hash, normalizeAnswer(answers[i] ?? ''))));
    if (!user || !row || !results.every(Boolean)) throw authErrors.incorrectAnswers();
    await this.rateLimiter.succeeded(attempt);
    const { token, hash } = newOpaqueToken();
    await this.grants.create(user.id, hash, new Date(this.clock.now().getTime() + RESET_GRANT_MS));
    return { canResetPassword: true, resetToken: token, message: 'Verification successful' };
  }

  /**
   * Sets the new password and signs the account out everywhere. This is what unlocks an account
   * locked by failed sign-ins, and forgives this address's own failed sign-ins on it.
   */
  async resetPassword(email: string, newPassword: string, resetToken: string, address: string): Promise<{ message: string }> {
    const account = normalizeEmail(email);
    const attempt = await this.rateLimiter.begin('reset', account, address);
    const user = await this.users.findByEmail(account);
    const granted = user ? await this.grants.consume(user.id, hashToken(resetToken), this.clock.now()) : false;
    if (!user || !granted) throw authErrors.resetExpired();
    await this.users.setPasswordHash(user.id, await hashSecret(newPassword));
    await this.sessions.revokeAllForUser(user.id);
    await this.grants.deleteForUser(user.id);
    await this.users.clearFailedSignIns(user.id);
    await this.rateLimiter.succeeded(attempt);
    await this.rateLimiter.forgiveSignIns(account, address);
    return { message: 'Password reset successful' };
  }
}
