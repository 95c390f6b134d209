import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ACCOUNTS_API, INTERNAL_TOKEN_HEADER } from '@wildframe/contracts';
import type { AccountsApi, AccountView, PlanId } from '@wildframe/contracts';
import { LocalServiceRegistry, tracedFetch } from '@wildframe/platform';
import { BILLING_CONFIG } from '../billing.config';
import type { BillingConfig } from '../billing.config';
import { billingErrors } from '../domain/billing.errors';

/**
 * Auth's internal HTTP API for paid signups (distributed shape), served by the auth service:
 *   POST   {AUTH_URL}/api/internal/accounts/pending            { email, firstName, lastName, password } → 201 { userId }; 409 { message }
 *   POST   {AUTH_URL}/api/internal/accounts/{userId}/activate  { plan, planExpiry }                    → 200 { sessionToken, user }
 *   DELETE {AUTH_URL}/api/internal/accounts/{userId}/pending                                           → 204
 *   POST   {AUTH_URL}/api/internal/accounts/{userId}/hold                                              → 204; 404 when no pending account
 *   DELETE {AUTH_URL}/api/internal/accounts/{userId}/hold                                              → 204
 * Every call carries `X-Internal-Token: {INTERNAL_API_TOKEN}`.
 */
export const INTERNAL_ACCOUNTS_PATH = '/api/internal/accounts';

function hasStatus(error: unknown): error is { status: number; message: string } {
  return typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number';
}

/**
 * The accounts API as billing sees it: auth's in-process implementation when auth runs in this
 * process (standalone), HTTP to AUTH_URL otherwise. Errors become billing's own.
 */
@Injectable()
export class AccountsClient implements AccountsApi, OnApplicationBootstrap {
  private readonly logger = new Logger('AccountsClient');

  constructor(
    private readonly registry: LocalServiceRegistry,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
  ) {}

  // Every module has registered its local implementations by now. Without a way to auth the
  // service still serves plans, upgrades and cancellations; paid signups answer 503.
  onApplicationBootstrap(): void {
    if (!this.local() && !this.config.AUTH_URL) {
      this.logger.warn('No accounts API: paid signups need the auth service in this process, or AUTH_URL and INTERNAL_API_TOKEN');
    }
  }

  async createPendingAccount(input: { email: string; firstName: string; lastName: string; password: string }): Promise<{ userId: string }> {
    return this.call('createPendingAccount', (api) => api.createPendingAccount(input), () => this.http('POST', '/pending', input));
  }

  async activateAccount(userId: string, plan: PlanId, planExpiry: string | null): Promise<{ sessionToken: string; user: AccountView }> {
    return this.call(
      'activateAccount',
      (api) => api.activateAccount(userId, plan, planExpiry),
      () => this.http('POST', `/${encodeURIComponent(userId)}/activate`, { plan, planExpiry }),
    );
  }

  /** Fails with `signupReplaced` when the pending account is gone (a newer signup took the address). */
  async holdPendingAccount(userId: string): Promise<void> {
    await this.call('holdPendingAccount', (api) => api.holdPendingAccount(userId), () => this.http('POST', `/${encodeURIComponent(userId)}/hold`));
  }

  async releasePendingAccount(userId: string): Promise<void> {
    await this.call('releasePendingAccount', (api) => api.releasePendingAccount(userId), () => this.http('DELETE', `/${encodeURIComponent(userId)}/hold`));
  }

  async discardPendingAccount(userId: string): Promise<void> {
    await this.call('discardPendingAccount', (api) => api.discardPendingAccount(userId), () => this.http('DELETE', `/${encodeURIComponent(userId)}/pending`));
  }

  private local(): AccountsApi | undefined {
    return this.registry.get<AccountsApi>(ACCOUNTS_API);
  }

  private async call<T>(operation: string, viaLocal: (api: AccountsApi) => Promise<T>, viaHttp: () => Promise<T>): Promise<T> {
    const local = this.local();
    if (!local && !this.config.AUTH_URL) throw billingErrors.accountsUnavailable();
    try {
      return local ? await viaLocal(local) : await viaHttp();
    } catch (error) {
      if (hasStatus(error) && error.status === 409) throw billingErrors.emailTaken(error.message);
      if (hasStatus(error) && error.status === 404 && operation === 'holdPendingAccount') throw billingErrors.signupReplaced();
      this.logger.error({ err: error, operation }, 'accounts API call failed');
      throw billingErrors.accountsUnavailable();
    }
  }

  private async http<T>(method: 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const url = new URL(`${INTERNAL_ACCOUNTS_PATH}${path}`, this.config.AUTH_URL);
    const response = await tracedFetch(url, {
      method,
      headers: { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: this.config.INTERNAL_API_TOKEN ?? '' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!response.ok) {
      const message = typeof (parsed as { message?: unknown })?.message === 'string' ? (parsed as { message: string }).message : `${response.status} ${response.statusText}`;
      throw Object.assign(new Error(message), { status: response.status });
    }
    return parsed as T;
  }
}
