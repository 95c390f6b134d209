import 'reflect-metadata';
import { ACCOUNTS_API } from '@wildframe/contracts';
import type { AccountsApi } from '@wildframe/contracts';
import { Logger } from '@nestjs/common';
import { loadConfig, LocalServiceRegistry } from '@wildframe/platform';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { billingConfigSchema } from '../billing.config';
import { AccountsClient } from './accounts.client';

const TOKEN = 'internal-token-of-at-least-32-characters';

interface Call {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** Auth's internal accounts API as billing expects it (the lead adds it to the auth service). */
function fakeAuthServer(calls: Call[]): Server {
  return createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const body: unknown = raw ? JSON.parse(raw) : undefined;
      calls.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const reply = (status: number, json?: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(json === undefined ? undefined : JSON.stringify(json));
      };
      if (req.headers['x-internal-token'] !== TOKEN) return reply(401, { statusCode: 401, message: 'Not authenticated' });
      if (req.method === 'POST' && req.url === '/api/internal/accounts/pending') {
        const email = (body as { email: string }).email;
        if (email === 'taken@example.com') return reply(409, { statusCode: 409, message: 'An account with this email already exists' });
        if (email === 'broken@example.com') return reply(500, { statusCode: 500, message: 'boom' });
        return reply(201, { userId: 'user-1' });
      }
      if (req.method === 'POST' && req.url === '/api/internal/accounts/user-1/activate') {
        return reply(200, { sessionToken: 'token-1', user: { id: 'user-1', plan: (body as { plan: string }).plan } });
      }
      if (req.method === 'DELETE' && req.url === '/api/internal/accounts/user-1/pending') return reply(204);
      if (req.url === '/api/internal/accounts/user-1/hold' && (req.method === 'POST' || req.method === 'DELETE')) return reply(204);
      return reply(404, { statusCode: 404, message: 'Not found' });
    });
  });
}

describe('accounts client', () => {
  const calls: Call[] = [];
  const server = fakeAuthServer(calls);
  let client: AccountsClient;

  beforeAll(async () => {
    // The failures below are logged on purpose; keep the test output readable.
    Logger.overrideLogger(false);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const config = loadConfig('billing', billingConfigSchema, {
      DATABASE_URL: 'postgres://u:p@localhost/db',
      AUTH_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      INTERNAL_API_TOKEN: TOKEN,
    });
    client = new AccountsClient(new LocalServiceRegistry(), config);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('calls auth over HTTP with the internal token when auth is not in this process', async () => {
    const input = { email: 'new@example.com', firstName: 'New', lastName: 'Member', password: 'a-password' };
    await expect(client.createPendingAccount(input)).resolves.toEqual({ userId: 'user-1' });
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: '/api/internal/accounts/pending', body: input, headers: { 'x-internal-token': TOKEN } });

    await expect(client.activateAccount('user-1', 'enthusiast', '2027-01-15T10:00:00.000Z')).resolves.toMatchObject({ sessionToken: 'token-1', user: { plan: 'enthusiast' } });
    expect(calls.at(-1)?.body).toEqual({ plan: 'enthusiast', planExpiry: '2027-01-15T10:00:00.000Z' });

    await expect(client.discardPendingAccount('user-1')).resolves.toBeUndefined();
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/internal/accounts/user-1/pending' });

    await expect(client.holdPendingAccount('user-1')).resolves.toBeUndefined();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: '/api/internal/accounts/user-1/hold' });
    await expect(client.releasePendingAccount('user-1')).resolves.toBeUndefined();
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/internal/accounts/user-1/hold' });
  });

  it("turns auth's 404 on a hold into 'signup replaced' (the pending account is gone)", async () => {
    await expect(client.holdPendingAccount('user-gone')).rejects.toMatchObject({
      code: 'SIGNUP_REPLACED',
      status: 409,
      message: 'A newer signup with this email address replaced this one. Please sign in, or sign up again.',
    });
  });

  it("passes auth's 409 on as billing's own, and anything else as unavailable", async () => {
    await expect(client.createPendingAccount({ email: 'taken@example.com', firstName: 'T', lastName: 'T', password: 'a-password' })).rejects.toMatchObject({
      status: 409,
      message: 'An account with this email already exists',
    });
    await expect(client.createPendingAccount({ email: 'broken@example.com', firstName: 'B', lastName: 'B', password: 'a-password' })).rejects.toMatchObject({
      status: 503,
      message: 'Accounts cannot be created right now. Please try again shortly.',
    });
  });

  it('uses the in-process implementation when auth registered one', async () => {
    const registry = new LocalServiceRegistry();
    const local: AccountsApi = {
      createPendingAccount: async () => ({ userId: 'local-user' }),
      activateAccount: async () => {
        throw new Error('unused');
      },
      discardPendingAccount: async () => undefined,
      holdPendingAccount: async () => undefined,
      releasePendingAccount: async () => undefined,
    };
    registry.register(ACCOUNTS_API, local);
    const before = calls.length;
    const inProcess = new AccountsClient(registry, loadConfig('billing', billingConfigSchema, { DATABASE_URL: 'postgres://u:p@localhost/db' }));
    await expect(inProcess.createPendingAccount({ email: 'x@example.com', firstName: 'X', lastName: 'X', password: 'a-password' })).resolves.toEqual({ userId: 'local-user' });
    expect(calls.length).toBe(before);
  });
});
