import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Identity } from './identity';

/**
 * In the distributed shape the gateway resolves the session token once and passes the caller to
 * the service in this header, signed with a secret the gateway and the services share. Services
 * trust only a valid, fresh signature; the gateway drops any such header a client sends.
 */
export const IDENTITY_HEADER = 'x-wildframe-identity';

/** Long enough for a slow upload to reach the service, short enough to make a leaked header useless. */
const MAX_AGE_MS = 5 * 60_000;

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function encodeIdentityHeader(identity: Identity, secret: string, now: Date): string {
  const payload = Buffer.from(JSON.stringify({ ...identity, iat: now.getTime() })).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

/**
 * The caller a header names, when it is signed with one of `secrets` and fresh. Several secrets
 * let a rotation go without failed requests: every service accepts both the old and the new one
 * (IDENTITY_SECRET and IDENTITY_SECRET_PREVIOUS) while the gateway switches from one to the other.
 */
export function decodeIdentityHeader(value: string, secrets: string | readonly string[], now: Date): Identity | null {
  const [payload, signature, extra] = value.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature);
  const signedWith = (secret: string): boolean => {
    const expected = Buffer.from(sign(payload, secret));
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  if (!(typeof secrets === 'string' ? [secrets] : secrets).some(signedWith)) return null;
  try {
    const { iat, ...identity } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Identity & { iat: number };
    const age = now.getTime() - iat;
    if (!Number.isFinite(age) || age < -60_000 || age > MAX_AGE_MS) return null;
    return identity;
  } catch {
    return null;
  }
}
