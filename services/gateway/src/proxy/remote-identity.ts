import type { Identity, Plan } from '@wildframe/platform';
import { tracedFetch } from '@wildframe/platform';
import { createHash } from 'node:crypto';

const CACHE_MS = 10_000;
const CACHE_MAX = 10_000;

/**
 * Resolves a session token by asking the auth service who it belongs to (GET /api/auth/user).
 * Answers are cached for a few seconds per token, so a page that fires ten requests costs one
 * lookup; a logout takes effect at the gateway within that time.
 */
export class RemoteIdentityResolver {
  private readonly cache = new Map<string, { identity: Identity | null; expires: number }>();

  constructor(
    private readonly authUrl: string,
    private readonly now: () => number = Date.now,
  ) {}

  async resolve(token: string): Promise<Identity | null> {
    const key = createHash('sha256').update(token).digest('hex');
    const hit = this.cache.get(key);
    if (hit && hit.expires > this.now()) return hit.identity;
    const identity = await this.lookup(token);
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key, { identity, expires: this.now() + CACHE_MS });
    return identity;
  }

  private async lookup(token: string): Promise<Identity | null> {
    const res = await tracedFetch(new URL('/api/auth/user', this.authUrl), {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(3000),
    });
    if (res.status === 401) return null;
    if (!res.ok) throw new Error(`auth answered ${res.status}`);
    const user = (await res.json()) as { id: string; email: string; firstName: string; lastName: string; plan: Plan; isAdmin: boolean };
    return { userId: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, plan: user.plan, isAdmin: user.isAdmin };
  }
}
