import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { AUTH_CONFIG } from '../auth.config';
import type { AuthConfig } from '../auth.config';
import { authErrors } from '../domain/auth.errors';

/** The header other services send INTERNAL_API_TOKEN in (billing's AccountsClient does). */
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

/** Hashing first gives equal-length buffers, so the comparison time says nothing about the token. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Lets through only callers holding the shared INTERNAL_API_TOKEN (other services, never browsers). */
@Injectable()
export class InternalTokenGuard implements CanActivate {
  constructor(@Inject(AUTH_CONFIG) private readonly config: AuthConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const expected = this.config.INTERNAL_API_TOKEN;
    const given = context.switchToHttp().getRequest<Request>().headers[INTERNAL_TOKEN_HEADER];
    if (!expected || typeof given !== 'string' || !sameSecret(given, expected)) throw authErrors.notAuthenticated();
    return true;
  }
}
