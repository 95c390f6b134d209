import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { ACCOUNTS_API, PlanId } from '@wildframe/contracts';
import type { AccountsApi, AccountView } from '@wildframe/contracts';
import { CLOCK, EventOutbox, LocalServiceRegistry } from '@wildframe/platform';
import type { Clock } from '@wildframe/platform';
import { registeredEvent } from './account-events';
import { hashSecret } from '../crypto/secrets';
import { authErrors } from '../domain/auth.errors';
import { normalizeEmail, toPublicUser } from '../domain/public-user';
import { UsersRepository } from '../repositories/users.repository';
import { SessionsService } from './sessions.service';

/**
 * How long a checkout holds its pending account against replacement: the payment call (the
 * provider's 20-s timeout, one retry) and the activation after it fit well within it. A hold
 * outlived by a crash only delays replacement by this much.
 */
export const CHECKOUT_HOLD_MS = 10 * 60_000;

/** The auth side of a paid signup (see AccountsApi), registered for in-process callers. */
@Injectable()
export class AccountsApiService implements AccountsApi, OnModuleInit {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly registry: LocalServiceRegistry,
    private readonly outbox: EventOutbox,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.registry.register<AccountsApi>(ACCOUNTS_API, this);
  }

  async createPendingAccount(input: { email: string; firstName: string; lastName: string; password: string }): Promise<{ userId: string }> {
    // An earlier unpaid signup with this address gives way (unless its payment is being taken).
    const user = await this.users.createReplacingPending(
      {
        email: normalizeEmail(input.email),
        passwordHash: await hashSecret(input.password),
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        isActive: false,
      },
      this.clock.now(),
    );
    return { userId: user.id };
  }

  async holdPendingAccount(userId: string): Promise<void> {
    if (!(await this.users.holdPending(userId, new Date(this.clock.now().getTime() + CHECKOUT_HOLD_MS)))) throw authErrors.notFound();
  }

  async releasePendingAccount(userId: string): Promise<void> {
    await this.users.releasePending(userId);
  }

  async activateAccount(userId: string, plan: PlanId, planExpiry: string | null): Promise<{ sessionToken: string; user: AccountView }> {
    const user = await this.users.activate(userId, { plan, planExpiry: planExpiry ? new Date(planExpiry) : null }, (activated) => [registeredEvent(activated)]);
    if (!user) throw authErrors.notFound();
    await this.outbox.flush();
    const session = await this.sessions.open(user);
    return { sessionToken: session.sessionToken, user: toPublicUser(user) };
  }

  async discardPendingAccount(userId: string): Promise<void> {
    await this.users.deleteIfInactive(userId);
  }
}
