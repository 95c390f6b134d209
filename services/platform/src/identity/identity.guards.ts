import { CanActivate, ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import type { RequestWithIdentity } from './identity';

export const NOT_AUTHENTICATED = 'Not authenticated';
export const ACCESS_DENIED = 'Access Denied';

/** 401 for anonymous callers. */
@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!context.switchToHttp().getRequest<RequestWithIdentity>().identity) throw new UnauthorizedException(NOT_AUTHENTICATED);
    return true;
  }
}

/** 401 for anonymous callers, 403 for signed-in callers who are not admins. */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const identity = context.switchToHttp().getRequest<RequestWithIdentity>().identity;
    if (!identity) throw new UnauthorizedException(NOT_AUTHENTICATED);
    if (!identity.isAdmin) throw new ForbiddenException(ACCESS_DENIED);
    return true;
  }
}
