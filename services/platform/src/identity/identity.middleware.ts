import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { CLOCK } from '../time/clock';
import type { Clock } from '../time/clock';
import { bearerToken, IdentityRegistry, RequestWithIdentity } from './identity';
import type { Identity } from './identity';
import { decodeIdentityHeader, IDENTITY_HEADER } from './identity-header';

/**
 * The secrets a gateway-signed identity may carry (distributed shape): IDENTITY_SECRET, and
 * IDENTITY_SECRET_PREVIOUS during a rotation. Empty in the standalone shape.
 */
export const IDENTITY_SECRET = Symbol('IDENTITY_SECRET');

/**
 * Resolves the caller once per request and leaves it on `req.identity` (null when anonymous or
 * when the token is unknown or expired). Handlers read it with `@CurrentIdentity()`. The
 * identity comes from the auth module in this process when there is one, otherwise from the
 * gateway's signed header.
 */
@Injectable()
export class IdentityMiddleware implements NestMiddleware {
  constructor(
    private readonly registry: IdentityRegistry,
    @Inject(IDENTITY_SECRET) private readonly secrets: readonly string[],
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async use(req: RequestWithIdentity, _res: Response, next: NextFunction): Promise<void> {
    try {
      req.identity = await this.identify(req);
      next();
    } catch (error) {
      next(error);
    }
  }

  /** The caller of this request, for code that answers before the Nest pipeline (cached reads). */
  async identify(req: Request): Promise<Identity | null> {
    const resolver = this.registry.current;
    const token = bearerToken(req);
    const header = req.headers[IDENTITY_HEADER];
    if (resolver) return token ? resolver.resolve(token) : null;
    if (this.secrets.length > 0 && typeof header === 'string') return decodeIdentityHeader(header, this.secrets, this.clock.now());
    return null;
  }
}
