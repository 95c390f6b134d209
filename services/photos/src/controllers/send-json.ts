import type { Request, Response } from 'express';
import type { CachedJson } from '../public-cache/public-read-cache';

/** Whether the client's If-None-Match names this ETag (a list, weak forms and `*` included). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends a pre-serialised JSON body with its ETag, or 304 when the client has it. Clients and
 * shared caches must revalidate each time (`no-cache`): a like or a deletion shows at once, and
 * the 304 costs no body. Bodies with a viewer's own flags are `private`.
 */
export function sendJson(req: Request, res: Response, response: CachedJson<unknown> & { shared: boolean }): void {
  res.setHeader('ETag', response.etag);
  res.setHeader('Cache-Control', response.shared ? 'public, no-cache' : 'private, no-cache');
  res.setHeader('Vary', 'Authorization');
  if (matches(req.headers['if-none-match'], response.etag)) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', String(response.body.length));
  res.end(response.body);
}
