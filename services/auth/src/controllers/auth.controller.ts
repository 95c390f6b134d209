import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { AddressKey, bearerToken, valid } from '@wildframe/platform';
import type { Request } from 'express';
import { PublicUser, toPublicUser } from '../domain/public-user';
import { SECURITY_QUESTIONS } from '../domain/security-questions';
import { forgotPasswordBody, loginBody, resetPasswordBody, signupBody, verifyAnswersBody } from '../dto/auth.dto';
import type { LoginBody, ResetPasswordBody, SignupBody, VerifyAnswersBody } from '../dto/auth.dto';
import { AccountsService } from '../use-cases/accounts.service';
import { ForgotPasswordResult, RecoveryService } from '../use-cases/recovery.service';
import { SessionsService, SignedIn } from '../use-cases/sessions.service';

@Controller('auth')
export class AuthController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly sessions: SessionsService,
    private readonly recovery: RecoveryService,
  ) {}

  @Post('signup')
  @HttpCode(201)
  signup(@Body(valid(signupBody)) body: SignupBody, @AddressKey() address: string): Promise<SignedIn> {
    return this.accounts.signup(body, address);
  }

  @Post('login')
  @HttpCode(200)
  login(@Body(valid(loginBody)) body: LoginBody, @AddressKey() address: string): Promise<SignedIn> {
    return this.sessions.login(body.email, body.password, address);
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Req() req: Request): Promise<{ message: string }> {
    const token = bearerToken(req);
    await this.sessions.currentUser(token);
    await this.sessions.logout(token as string);
    return { message: 'Signed out' };
  }

  @Get('user')
  async user(@Req() req: Request): Promise<PublicUser> {
    return toPublicUser(await this.sessions.currentUser(bearerToken(req)));
  }

  @Get('security-questions/options')
  questionOptions(): { questions: readonly string[] } {
    return { questions: SECURITY_QUESTIONS };
  }

  @Post('forgot-password')
  @HttpCode(200)
  forgotPassword(@Body(valid(forgotPasswordBody)) body: { email: string }, @AddressKey() address: string): Promise<ForgotPasswordResult> {
    return this.recovery.forgotPassword(body.email, address);
  }

  @Post('verify-security-answers')
  @HttpCode(200)
  verifyAnswers(@Body(valid(verifyAnswersBody)) body: VerifyAnswersBody, @AddressKey() address: string) {
    return this.recovery.verifyAnswers(body.email, [body.answer1, body.answer2, body.answer3], address);
  }

  @Post('reset-password')
  @HttpCode(200)
  resetPassword(@Body(valid(resetPasswordBody)) body: ResetPasswordBody, @AddressKey() address: string): Promise<{ message: string }> {
    return this.recovery.resetPassword(body.email, body.newPassword, body.resetToken, address);
  }
}
