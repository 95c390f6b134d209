import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ANALYSIS_INTERNAL_API } from '@wildframe/contracts';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { ANALYSIS_CONFIG } from '../analysis.config';
import type { AnalysisConfig } from '../analysis.config';
import { analysisErrors } from '../domain/analysis.errors';

/** Hashing first gives equal-length buffers, so the comparison time says nothing about the token. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Lets through only callers holding the shared INTERNAL_API_TOKEN (other services, never browsers). */
@Injectable()
export class InternalTokenGuard implements CanActivate {
  constructor(@Inject(ANALYSIS_CONFIG) private readonly config: AnalysisConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const expected = this.config.INTERNAL_API_TOKEN;
    const given = context.switchToHttp().getRequest<Request>().headers[ANALYSIS_INTERNAL_API.tokenHeader];
    if (!expected || typeof given !== 'string' || !sameSecret(given, expected)) throw analysisErrors.invalidInternalToken();
    return true;
  }
}
