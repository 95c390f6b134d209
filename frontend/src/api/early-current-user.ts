// The current-user answer public/early.js asked for while the bundle downloaded. Taken once, and
// only for the token it was asked with (a sign-in since then asks again).

interface EarlyUser {
  token: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __wildframeEarlyUser?: EarlyUser;
  }
}

export type EarlyAnswer = { status: number; body: string } | null;

/** The early answer for `token`, or null when there is none to take (or it failed). */
export async function takeEarlyCurrentUser(token: string): Promise<EarlyAnswer> {
  const early = window.__wildframeEarlyUser;
  if (!early) return null;
  delete window.__wildframeEarlyUser;
  if (early.token !== token) return null;
  try {
    const response = await early.response;
    return { status: response.status, body: await response.text() };
  } catch {
    return null;
  }
}
