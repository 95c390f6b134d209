// A random id for this browser session, so analytics can tell one visit's page views apart
// without knowing who the visitor is. Lives in sessionStorage: closing the browser ends it.
import { readItem, removeItem, writeItem } from './browser-storage';

export const ANALYTICS_SESSION_KEY = 'wildframe.analyticsSession';

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function analyticsSessionId(): string {
  const existing = readItem('session', ANALYTICS_SESSION_KEY);
  if (existing && /^[A-Za-z0-9_-]{1,64}$/.test(existing)) return existing;
  const id = randomId();
  writeItem('session', ANALYTICS_SESSION_KEY, id);
  return id;
}

/** When analytics is turned off the id goes too: a later opt-in starts a new, unlinked session. */
export function forgetAnalyticsSession(): void {
  removeItem('session', ANALYTICS_SESSION_KEY);
}
