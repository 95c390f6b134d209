import { createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';

export type Plan = 'explorer' | 'enthusiast' | 'professional';

/** Who is calling, as resolved from the session token once per request. */
export interface Identity {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  plan: Plan;
  isAdmin: boolean;
}

/** Turns a bearer token into an identity; implemented by the auth service. */
export interface IdentityResolver {
  resolve(token: string): Promise<Identity | null>;
}

/**
 * Where the auth service registers its resolver when it runs in the same process (standalone,
 * or the auth service itself). Other services never import auth: they read the identity the
 * platform put on the request.
 */
@Injectable()
export class IdentityRegistry {
  private resolver: IdentityResolver | undefined;

  register(resolver: IdentityResolver): void {
    this.resolver = resolver;
  }

  get current(): IdentityResolver | undefined {
    return this.resolver;
  }
}

export interface RequestWithIdentity extends Request {
  identity?: Identity | null;
}

/** The bearer token of a request, if it carries one. */
export function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** Parameter decorator: the caller's identity, or null for an anonymous caller. */
export const CurrentIdentity = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Identity | null =>
    context.switchToHttp().getRequest<RequestWithIdentity>().identity ?? null,
);
