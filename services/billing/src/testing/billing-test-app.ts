import { DynamicModule, Inject, Module, OnModuleInit } from '@nestjs/common';
import { ACCOUNTS_API, PLAN_ORDER } from '@wildframe/contracts';
import type { AccountsApi, AccountView, PlanId } from '@wildframe/contracts';
import { IdentityRegistry, loadConfig, LocalServiceRegistry } from '@wildframe/platform';
import type { EventEnvelope, Identity, IdentityResolver } from '@wildframe/platform';
import { createServiceTestApp } from '@wildframe/platform/testing';
import type { ServiceTestApp } from '@wildframe/platform/testing';
import { randomUUID } from 'node:crypto';
import { billingConfigSchema } from '../billing.config';
import { BillingModule } from '../billing.module';
import { BillingJobs } from '../use-cases/billing-jobs.service';

interface FakeAccount extends AccountView {
  password: string;
  /** A pending account held for its checkout (auth's checkoutHeldUntil). */
  held?: boolean;
}

/**
 * Stands in for the auth service in billing's own tests (billing may not import auth): the
 * accounts API, session tokens, and the plan changes auth makes from billing's events.
 * The real composition is tested in services/standalone (billing-flow.spec.ts).
 */
export class FakeAuth implements AccountsApi, IdentityResolver {
  readonly accounts = new Map<string, FakeAccount>();
  private readonly sessions = new Map<string, string>();

  async createPendingAccount(input: { email: string; firstName: string; lastName: string; password: string }): Promise<{ userId: string }> {
    this.makeRoomFor(input.email);
    const id = randomUUID();
    this.accounts.set(id, {
      id,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      password: input.password,
      profileImageUrl: null,
      plan: 'explorer',
      planExpiry: null,
      isActive: false,
      isAdmin: false,
      isSiteAdmin: false,
      createdAt: new Date().toISOString(),
    });
    return { userId: id };
  }

  async holdPendingAccount(userId: string): Promise<void> {
    const account = this.accounts.get(userId);
    if (!account || account.isActive) throw Object.assign(new Error('Not found'), { status: 404 });
    account.held = true;
  }

  async releasePendingAccount(userId: string): Promise<void> {
    const account = this.accounts.get(userId);
    if (account && !account.isActive) account.held = false;
  }

  /** As auth does for every signup: an unheld pending account with the address gives way; any other is a conflict. */
  private makeRoomFor(email: string): void {
    for (const account of this.accounts.values()) {
      if (account.email !== email) continue;
      if (account.isActive) throw Object.assign(new Error('An account with this email already exists'), { status: 409 });
      if (account.held) throw Object.assign(new Error('A payment for this email address is being processed. Please try again in a few minutes.'), { status: 409 });
      this.accounts.delete(account.id);
    }
  }

  async activateAccount(userId: string, plan: PlanId, planExpiry: string | null): Promise<{ sessionToken: string; user: AccountView }> {
    const account = this.accounts.get(userId);
    if (!account) throw Object.assign(new Error('Not found'), { status: 404 });
    Object.assign(account, { isActive: true, held: false, plan, planExpiry });
    return { sessionToken: this.openSession(userId), user: this.view(account) };
  }

  async discardPendingAccount(userId: string): Promise<void> {
    if (this.accounts.get(userId)?.isActive === false) this.accounts.delete(userId);
  }

  /** An active explorer account with a session, as a free signup would make (replacing an unpaid pending one). */
  signUpFree(email: string): { userId: string; token: string } {
    this.makeRoomFor(email);
    const id = randomUUID();
    this.accounts.set(id, {
      id, email, firstName: 'Free', lastName: 'Member', password: 'x', profileImageUrl: null, plan: 'explorer', planExpiry: null,
      isActive: true, isAdmin: false, isSiteAdmin: false, createdAt: new Date().toISOString(),
    });
    return { userId: id, token: this.openSession(id) };
  }

  async resolve(token: string): Promise<Identity | null> {
    const account = this.accounts.get(this.sessions.get(token) ?? '');
    if (!account?.isActive) return null;
    return { userId: account.id, email: account.email, firstName: account.firstName, lastName: account.lastName, plan: account.plan, isAdmin: false };
  }

  /** What auth's plan consumer does with billing's events. */
  apply(event: EventEnvelope): void {
    const payload = event.payload as { userId: string; plan?: string; periodEnd?: string; accessUntil?: string };
    const account = this.accounts.get(payload.userId);
    if (!account) return;
    if (event.type === 'billing.subscription.activated.v1' && PLAN_ORDER.includes(payload.plan as PlanId)) {
      account.plan = payload.plan as PlanId;
      account.planExpiry = payload.periodEnd ?? null;
    } else if (event.type === 'billing.subscription.canceled.v1') {
      account.planExpiry = payload.accessUntil ?? null;
    } else if (event.type === 'billing.subscription.expired.v1') {
      account.plan = 'explorer';
      account.planExpiry = null;
    }
  }

  planOf(userId: string): { plan: PlanId; planExpiry: string | null } | undefined {
    const account = this.accounts.get(userId);
    return account && { plan: account.plan, planExpiry: account.planExpiry };
  }

  private openSession(userId: string): string {
    const token = `session-${randomUUID()}`;
    this.sessions.set(token, userId);
    return token;
  }

  private view(account: FakeAccount): AccountView {
    const { password: _password, held: _held, ...view } = account;
    return view;
  }
}

const FAKE_AUTH = Symbol('FAKE_AUTH');

@Module({})
class FakeAuthModule implements OnModuleInit {
  constructor(
    private readonly registry: LocalServiceRegistry,
    private readonly identities: IdentityRegistry,
    @Inject(FAKE_AUTH) private readonly fake: FakeAuth,
  ) {}

  onModuleInit(): void {
    this.registry.register<AccountsApi>(ACCOUNTS_API, this.fake);
    this.identities.register(this.fake);
  }

  static register(fake: FakeAuth): DynamicModule {
    return { module: FakeAuthModule, providers: [{ provide: FAKE_AUTH, useValue: fake }] };
  }
}

export interface BillingTestApp extends ServiceTestApp {
  auth: FakeAuth;
  /** Every billing.subscription.* event, in order. */
  events: EventEnvelope[];
  /** Runs the scheduled billing job once, then waits until every event is handled. */
  runJobs(): Promise<void>;
}

/**
 * The billing module alone over HTTP (real database, in-process bus), with auth faked. Its own
 * fresh PostgreSQL database unless `databaseUrl` names one (e.g. a describeEachBackend backend).
 */
export async function createBillingTestApp(env: Record<string, string> = {}, databaseUrl?: string): Promise<BillingTestApp> {
  const auth = new FakeAuth();
  const events: EventEnvelope[] = [];
  const t = await createServiceTestApp(
    ({ DATABASE_URL }) => [
      FakeAuthModule.register(auth),
      BillingModule.register(loadConfig('billing', billingConfigSchema, { DATABASE_URL, BILLING_JOB_INTERVAL_SECONDS: '0', ...env })),
    ],
    {
      subscribe: (bus) => {
        for (const topic of ['billing.subscription.activated.v1', 'billing.subscription.canceled.v1', 'billing.subscription.expired.v1'] as const) {
          bus.subscribe(topic, 'test-auth', async (event) => {
            events.push(event as EventEnvelope);
            auth.apply(event as EventEnvelope);
          });
        }
      },
      ...(databaseUrl === undefined ? {} : { databaseUrl }),
    },
  );
  return {
    ...t,
    auth,
    events,
    runJobs: async () => {
      await t.app.get(BillingJobs).run();
      await t.bus.idle();
    },
  };
}
