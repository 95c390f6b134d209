// The visitor's cookie choice (spec, section 3 "Cookie preferences" and section 4 "Cookie
// consent"). Kept in two localStorage keys: a flag saying a choice was made, and the choice itself.
// Pure functions plus a tiny store, so screens and the analytics tracker read one source.
import { readItem, removeItem, writeItem } from '../site/browser-storage';

export const CONSENT_FLAG_KEY = 'wildframe.cookieConsent';
export const CONSENT_PREFERENCES_KEY = 'wildframe.cookiePreferences';

export interface CookiePreferences {
  /** Always true: the site cannot work without them (spec, section 6). */
  necessary: true;
  analytics: boolean;
  functional: boolean;
  marketing: boolean;
}

export type OptionalCookieCategory = Exclude<keyof CookiePreferences, 'necessary'>;

export const OPTIONAL_CATEGORIES: readonly OptionalCookieCategory[] = ['analytics', 'functional', 'marketing'];

export const ONLY_NECESSARY: CookiePreferences = {
  necessary: true,
  analytics: false,
  functional: false,
  marketing: false,
};

export const ALL_COOKIES: CookiePreferences = {
  necessary: true,
  analytics: true,
  functional: true,
  marketing: true,
};

export interface ConsentState {
  /** True once the visitor chose (Accept All, Only Necessary or Save). */
  given: boolean;
  preferences: CookiePreferences;
}

const NO_CONSENT: ConsentState = { given: false, preferences: ONLY_NECESSARY };

/** Reads stored preferences; anything unreadable counts as "no" for the optional categories. */
export function parsePreferences(raw: string | null): CookiePreferences {
  if (!raw) return ONLY_NECESSARY;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return ONLY_NECESSARY;
    const record = value as Record<string, unknown>;
    return {
      necessary: true,
      analytics: record['analytics'] === true,
      functional: record['functional'] === true,
      marketing: record['marketing'] === true,
    };
  } catch {
    return ONLY_NECESSARY;
  }
}

/** Consent counts as given only when the flag and the preferences are both stored. */
export function readConsent(): ConsentState {
  const flag = readItem('local', CONSENT_FLAG_KEY);
  const raw = readItem('local', CONSENT_PREFERENCES_KEY);
  if (flag !== 'true' || raw === null) return NO_CONSENT;
  return { given: true, preferences: parsePreferences(raw) };
}

export function sameConsent(a: ConsentState, b: ConsentState): boolean {
  return (
    a.given === b.given &&
    a.preferences.analytics === b.preferences.analytics &&
    a.preferences.functional === b.preferences.functional &&
    a.preferences.marketing === b.preferences.marketing
  );
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: ConsentState | undefined;

function refresh(): void {
  const next = readConsent();
  if (current && sameConsent(current, next)) return;
  current = next;
  for (const listener of listeners) listener();
}

/**
 * What prerendered HTML (app/prerender) assumes: a choice made, so no banner. A returning visitor
 * never sees the banner flash before hydration; a first-time visitor gets it once the app runs.
 */
const PRERENDERED_CONSENT: ConsentState = { given: true, preferences: ONLY_NECESSARY };

export const consentStore = {
  getSnapshot(): ConsentState {
    current ??= readConsent();
    return current;
  },
  getServerSnapshot(): ConsentState {
    return PRERENDERED_CONSENT;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    // Another tab changed the choice.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === CONSENT_FLAG_KEY || event.key === CONSENT_PREFERENCES_KEY) refresh();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
  /** Stores a choice (always with necessary on) and tells every reader. */
  save(preferences: Omit<CookiePreferences, 'necessary'> & { necessary?: boolean }): void {
    const stored: CookiePreferences = {
      necessary: true,
      analytics: preferences.analytics,
      functional: preferences.functional,
      marketing: preferences.marketing,
    };
    writeItem('local', CONSENT_PREFERENCES_KEY, JSON.stringify(stored));
    writeItem('local', CONSENT_FLAG_KEY, 'true');
    current = { given: true, preferences: stored };
    for (const listener of listeners) listener();
  },
  /** Forgets the choice, so the banner asks again. */
  clear(): void {
    removeItem('local', CONSENT_FLAG_KEY);
    removeItem('local', CONSENT_PREFERENCES_KEY);
    refresh();
  },
};
