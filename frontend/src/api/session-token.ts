// The session token lives in localStorage under `sessionToken` (spec, section 6) and is sent as a
// bearer credential. Storage can be unavailable (private mode, blocked cookies), so every access
// degrades to "no token" instead of throwing.
const SESSION_TOKEN_KEY = 'sessionToken';

export function readSessionToken(): string | null {
  try {
    return window.localStorage.getItem(SESSION_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeSessionToken(token: string): void {
  try {
    window.localStorage.setItem(SESSION_TOKEN_KEY, token);
  } catch {
    // Without storage the session still works through the cookie the server sets.
  }
}

export function clearSessionToken(): void {
  try {
    window.localStorage.removeItem(SESSION_TOKEN_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
