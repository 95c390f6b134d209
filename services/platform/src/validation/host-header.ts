import type { NextFunction, Request, Response } from 'express';
import { isIPv6 } from 'node:net';

/** A host name or IPv4 address, or an IPv6 address in brackets; then an optional port. */
const HOST = /^(?:\[([0-9A-Fa-f:.]+)\]|[A-Za-z0-9._-]+)(?::(\d{1,5}))?$/;

/**
 * Whether a Host header (or the X-Forwarded-Host a trusted proxy sent) is one: the site builds
 * absolute links from it (social previews), and a malformed one must be the sender's 400, never
 * a 500. A request without one (HTTP/1.0) has nothing to check.
 */
export function isValidHostHeader(host: string | undefined): boolean {
  if (host === undefined) return true;
  const match = HOST.exec(host);
  if (!match) return false;
  if (match[1] !== undefined && !isIPv6(match[1])) return false;
  return match[2] === undefined || Number(match[2]) <= 65535;
}

export const INVALID_HOST_MESSAGE = 'Invalid Host header';

/** Express middleware: a malformed host (as Express reads it, `req.host`) answers 400 in the error envelope. */
export function rejectMalformedHost(req: Request, res: Response, next: NextFunction): void {
  if (isValidHostHeader(req.host)) return next();
  res.status(400).json({ statusCode: 400, message: INVALID_HOST_MESSAGE });
}
