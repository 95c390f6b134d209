import { Injectable, OnModuleInit } from '@nestjs/common';
import { ACCOUNTS_API, PlanId } from '@wildframe/contracts';
import type { AccountsApi, AccountView } from '@wildframe/contracts';
import { EventOutbox, LocalServiceRegistry } from '@wildframe/platform';
import { registeredEvent } from './account-events';
import { hashSecret } from '../crypto/secrets';
import { authErrors } from '../domain/auth.errors';
import { normalizeEmail, toPublicUser } from '../domain/public-user';
import { UsersRepository } from '../repositories/users.repository';
import { SessionsService } from './sessions.service';

/** The auth side of a paid signup (see AccountsApi), registered for in-process callers. */
@Injectable()
export class AccountsApiService implements AccountsApi, OnModuleInit {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly registry: LocalServiceRegistry,
    private readonly outbox: EventOutbox,
  ) {}

  onModuleInit(): void {
    this.registry.register<AccountsApi>(ACCOUNTS_API, this);
  }

  async createPendingAccount(input: { email: string; firstName: string; lastName: string; password: string }): Promise<{ userId: string }> {
    const user = await this.users.create({
      email: normalizeEmail(input.email),
      passwordHash: await hashSecret(input.password),
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      isActive: false,
    });
    return { userId: user.id };
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
