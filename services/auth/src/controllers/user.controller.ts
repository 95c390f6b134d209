import { Body, Controller, Get, HttpCode, Post, Put, Req, UploadedFile, UseGuards, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { AddressKey, bearerToken, CurrentIdentity, SignedInGuard, valid } from '@wildframe/platform';
import type { Identity } from '@wildframe/platform';
import type { Request } from 'express';
import { memoryStorage } from 'multer';
import { authErrors } from '../domain/auth.errors';
import type { PublicUser } from '../domain/public-user';
import { changePasswordBody, profileBody, securityQuestionsBody } from '../dto/auth.dto';
import type { ChangePasswordBody, ProfileBody, SecurityQuestionsBody } from '../dto/auth.dto';
import { AccountsService } from '../use-cases/accounts.service';
import { AVATAR_MAX_BYTES, AvatarsService } from '../use-cases/avatars.service';
import { RecoveryService } from '../use-cases/recovery.service';
import { SessionsService } from '../use-cases/sessions.service';

/** The signed-in user's own account. */
@Controller('user')
@UseGuards(SignedInGuard)
export class UserController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly avatars: AvatarsService,
    private readonly recovery: RecoveryService,
    private readonly sessions: SessionsService,
  ) {}

  @Get('security-questions')
  securityQuestions(@CurrentIdentity() identity: Identity): Promise<{ hasQuestions: boolean; questions: string[] }> {
    return this.recovery.status(identity.userId);
  }

  @Post('security-questions')
  @HttpCode(200)
  async saveSecurityQuestions(
    @CurrentIdentity() identity: Identity,
    @Body(valid(securityQuestionsBody)) body: SecurityQuestionsBody,
    @AddressKey() address: string,
  ): Promise<{ message: string }> {
    await this.sessions.confirmPassword(identity.userId, body.currentPassword, address);
    await this.recovery.saveQuestions(identity.userId, [body.question1, body.question2, body.question3], [body.answer1, body.answer2, body.answer3]);
    return { message: 'Security questions saved' };
  }

  @Put('profile')
  updateProfile(@CurrentIdentity() identity: Identity, @Body(valid(profileBody)) body: ProfileBody, @AddressKey() address: string): Promise<PublicUser> {
    return this.accounts.updateProfile(identity.userId, body, address);
  }

  @Post('password')
  @HttpCode(200)
  async changePassword(@CurrentIdentity() identity: Identity, @Body(valid(changePasswordBody)) body: ChangePasswordBody, @Req() req: Request, @AddressKey() address: string): Promise<{ message: string }> {
    await this.sessions.changePassword(identity.userId, body.currentPassword, body.newPassword, bearerToken(req), address);
    return { message: 'Password changed' };
  }

  // Multer's own cap is twice ours, so an oversized photo gets our message rather than multer's.
  @Post('avatar')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('avatar', { storage: memoryStorage(), limits: { fileSize: AVATAR_MAX_BYTES * 2, files: 1 } }))
  uploadAvatar(@CurrentIdentity() identity: Identity, @UploadedFile() file: Express.Multer.File | undefined): Promise<PublicUser> {
    if (!file) throw authErrors.invalidImage();
    return this.avatars.replace(identity.userId, file.buffer);
  }
}
