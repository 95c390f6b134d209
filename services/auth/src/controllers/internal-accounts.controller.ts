import { Body, Controller, Delete, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { PLAN_ORDER } from '@wildframe/contracts';
import type { AccountView, PlanId } from '@wildframe/contracts';
import { InternalTokenGuard, isUuid, valid } from '@wildframe/platform';
import { z } from 'zod';
import { authErrors } from '../domain/auth.errors';
import { signupBody } from '../dto/auth.dto';
import { AccountsApiService } from '../use-cases/accounts-api';

const pendingBody = signupBody.omit({ plan: true });
const activateBody = z.object({
  plan: z.enum(PLAN_ORDER as [PlanId, ...PlanId[]], { error: 'plan must be one of the plans' }),
  planExpiry: z.iso.datetime({ offset: true, error: 'planExpiry must be an ISO date-time or null' }).nullable(),
});

/**
 * The AccountsApi over HTTP for the distributed shape: billing's AccountsClient calls it for paid
 * signups. Mounted only when the module is registered with `exposeInternalApi` (the auth service's
 * own entrypoint); the gateway never forwards /api/internal.
 *
 *   POST   /api/internal/accounts/pending            {email, firstName, lastName, password} → 201 {userId}; 409
 *   POST   /api/internal/accounts/:userId/activate   {plan, planExpiry}                     → 200 {sessionToken, user}
 *   DELETE /api/internal/accounts/:userId/pending                                           → 204
 *   POST   /api/internal/accounts/:userId/hold                                              → 204; 404 when no pending account
 *   DELETE /api/internal/accounts/:userId/hold                                              → 204
 */
@Controller('internal/accounts')
@UseGuards(InternalTokenGuard)
export class InternalAccountsController {
  constructor(private readonly accounts: AccountsApiService) {}

  @Post('pending')
  createPending(@Body(valid(pendingBody)) body: z.infer<typeof pendingBody>): Promise<{ userId: string }> {
    return this.accounts.createPendingAccount(body);
  }

  @Post(':userId/activate')
  @HttpCode(200)
  activate(@Param('userId') userId: string, @Body(valid(activateBody)) body: z.infer<typeof activateBody>): Promise<{ sessionToken: string; user: AccountView }> {
    if (!isUuid(userId)) throw authErrors.notFound();
    return this.accounts.activateAccount(userId, body.plan, body.planExpiry);
  }

  @Post(':userId/hold')
  @HttpCode(204)
  async hold(@Param('userId') userId: string): Promise<void> {
    if (!isUuid(userId)) throw authErrors.notFound();
    await this.accounts.holdPendingAccount(userId);
  }

  @Delete(':userId/hold')
  @HttpCode(204)
  async release(@Param('userId') userId: string): Promise<void> {
    if (isUuid(userId)) await this.accounts.releasePendingAccount(userId);
  }

  @Delete(':userId/pending')
  @HttpCode(204)
  async discard(@Param('userId') userId: string): Promise<void> {
    // Discarding is idempotent: an id that names no pending account has nothing to remove.
    if (isUuid(userId)) await this.accounts.discardPendingAccount(userId);
  }
}
