import { Injectable } from '@nestjs/common';
import type { UserRecord } from '../domain/user';

/** How long a resolved session is reused: the bound on how late another replica's logout or account change shows. */
export const LIVE_SESSION_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * Sessions resolved recently (token hash → user and session expiry), so a signed-in visitor's
 * every request does not query the session. Every write in this process to users or sessions
 * forgets them all (also after its transaction commits); a load that started before is not kept.
 */
@Injectable()
export class LiveSessionsCache {
  private generation = 0;
  private readonly entries = new Map<string, { user: UserRecord; expiresAt: Date; until: number }>();

  get(tokenHash: string, now: Date): UserRecord | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until > Date.now() && entry.expiresAt > now) return entry.user;
    this.entries.delete(tokenHash);
    return undefined;
  }

  /** The generation to hand back to {@link set}, taken before the load. */
  current(): number {
    return this.generation;
  }

  set(tokenHash: string, user: UserRecord, expiresAt: Date, loadedIn: number): void {
    if (loadedIn !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(tokenHash, { user, expiresAt, until: Date.now() + LIVE_SESSION_TTL_MS });
  }

  forget(): void {
    this.generation++;
    this.entries.clear();
  }
}
