import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Response } from 'express';
import { bearerToken, IdentityRegistry, RequestWithIdentity } from './identity';

/**
 * Resolves the caller once per request and leaves it on `req.identity` (null when anonymous or
 * when the token is unknown or expired). Handlers read it with `@CurrentIdentity()`.
 */
@Injectable()
export class IdentityMiddleware implements NestMiddleware {
  constructor(private readonly registry: IdentityRegistry) {}

  async use(req: RequestWithIdentity, _res: Response, next: NextFunction): Promise<void> {
    try {
      const token = bearerToken(req);
      const resolver = this.registry.current;
      req.identity = token && resolver ? await resolver.resolve(token) : null;
      next();
    } catch (error) {
      next(error);
    }
  }
}
