import { CanActivate, ExecutionContext, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { INTERNAL_TOKEN_HEADER } from '@wildframe/contracts';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { NOT_AUTHENTICATED } from './identity.guards';

/**
 * The tokens the service accepts, as `acceptedSecrets(INTERNAL_API_TOKEN,
 * INTERNAL_API_TOKEN_PREVIOUS)` (empty when it has none): provide it where the guard is used. The
 * second value lets a rotation go without failed calls: accept the new one, switch, drop the old.
 */
export const INTERNAL_API_TOKEN = Symbol('INTERNAL_API_TOKEN');

/** Hashing first gives equal-length buffers, so the comparison time says nothing about the token. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Lets through only callers holding the shared INTERNAL_API_TOKEN in the `x-internal-token`
 * header (other services, never browsers); 401 otherwise, and always when the service has none.
 */
@Injectable()
export class InternalTokenGuard implements CanActivate {
  constructor(@Inject(INTERNAL_API_TOKEN) private readonly accepted: readonly string[]) {}

  canActivate(context: ExecutionContext): boolean {
    const given = context.switchToHttp().getRequest<Request>().headers[INTERNAL_TOKEN_HEADER];
    if (typeof given !== 'string' || !this.accepted.some((token) => sameSecret(given, token))) throw new UnauthorizedException(NOT_AUTHENTICATED);
    return true;
  }
}
