import { BadRequestException, Injectable, NestMiddleware, PipeTransform } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/**
 * PostgreSQL text cannot hold the NUL character: a value with one fails inside the database as a
 * 500. It is never meaningful in our input, so any request carrying one is refused up front: the
 * query string and path here (also for handlers that read `req.query` themselves), bodies and
 * uploaded file names in the global pipe (multipart bodies exist only once the upload interceptor
 * has run). Header values cannot carry it: Node's HTTP parser refuses them.
 */
export const NUL_MESSAGE = 'Input must not contain NUL characters';

const MAX_DEPTH = 32;

export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

/** Global pipe (every body, query, route parameter and uploaded file description). */
export class RejectNulPipe implements PipeTransform {
  transform<T>(value: T): T {
    if (containsNul(value)) throw new BadRequestException(NUL_MESSAGE);
    return value;
  }
}

/** The raw URL: `%00` anywhere in the path or query string. */
@Injectable()
export class RejectNulInUrlMiddleware implements NestMiddleware {
  use(req: Request, _res: Response, next: NextFunction): void {
    if (req.originalUrl.includes('%00') || req.originalUrl.includes('\u0000')) next(new BadRequestException(NUL_MESSAGE));
    else next();
  }
}
