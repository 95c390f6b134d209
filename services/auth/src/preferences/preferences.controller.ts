import { Body, Controller, Get, Put, UseGuards } from '@nestjs/common';
import { CurrentIdentity, SignedInGuard, valid } from '@wildframe/platform';
import type { Identity } from '@wildframe/platform';
import type { Preferences } from './preferences';
import { preferencesBody } from './preferences.dto';
import type { PreferencesBody } from './preferences.dto';
import { PreferencesService } from './preferences.service';

/** The signed-in member's preferences. */
@Controller('user/preferences')
@UseGuards(SignedInGuard)
export class PreferencesController {
  constructor(private readonly preferences: PreferencesService) {}

  @Get()
  get(@CurrentIdentity() identity: Identity): Promise<Preferences> {
    return this.preferences.get(identity.userId);
  }

  @Put()
  update(@CurrentIdentity() identity: Identity, @Body(valid(preferencesBody)) body: PreferencesBody): Promise<Preferences> {
    const changes: Partial<Preferences> = {};
    if (body.emailNotifications !== undefined) changes.emailNotifications = body.emailNotifications;
    if (body.publicProfile !== undefined) changes.publicProfile = body.publicProfile;
    return this.preferences.update(identity.userId, changes);
  }
}
