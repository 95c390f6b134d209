import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
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
 * the 304 costs no body. Bodies with a viewer's own flags are `private`. `inherited` are headers
 * set earlier in the stack (security headers), replayed when the fast path answers.
 */
export function sendJson(req: IncomingMessage, res: ServerResponse, response: CachedJson<unknown> & { shared: boolean }, inherited: OutgoingHttpHeaders = {}): void {
  const headers: OutgoingHttpHeaders = {
    ...inherited,
    etag: response.etag,
    'cache-control': response.shared ? 'public, no-cache' : 'private, no-cache',
    vary: 'Authorization',
  };
  if (matches(req.headers['if-none-match'], response.etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers['content-type'] = 'application/json; charset=utf-8';
  headers['content-length'] = response.body.length;
  res.writeHead(200, headers);
  res.end(response.body);
}

/** The headers the stack has set so far on this response, but the request id (new per request). */
export function stackHeaders(res: ServerResponse): OutgoingHttpHeaders {
  const { 'x-request-id': _requestId, ...rest } = res.getHeaders();
  return rest;
}
