import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { request as httpRequest, IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { bearerToken, encodeIdentityHeader, endClientSpan, IDENTITY_HEADER, setTraceHeaders, startClientSpan } from '@wildframe/platform';
import type { Identity } from '@wildframe/platform';
import { isInternalPath, Upstream, upstreamFor } from './route-table';

export interface ProxyIdentity {
  secret: string;
  resolve(token: string): Promise<Identity | null>;
}

/** Hop-by-hop headers (RFC 9110 §7.6.1) are never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function forwardable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));
}

/**
 * Streams matching /api requests to the owning service (distributed shape). Bodies are piped,
 * never buffered, so uploads pass through at constant memory. An unreachable service answers
 * 502 in the shared error envelope. The services' internal APIs (/api/internal/**) are never
 * reachable from outside: such a path answers 404 like any route the gateway does not know.
 */
export function proxyMiddleware(upstreams: Partial<Record<Upstream, string>>, identity?: ProxyIdentity): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (isInternalPath(req.originalUrl)) return notFound(req, res);
    const target = upstreamFor(req.originalUrl);
    const base = target ? upstreams[target] : undefined;
    if (!target || !base) return next();
    // isInternalPath already resolved dot segments as this URL does, so what is forwarded is safe.
    void forward(req, res, target, new URL(req.originalUrl, base), identity);
  };
}

/** The platform's error envelope, worded like its answer for an unknown route. */
function notFound(req: Request, res: Response): void {
  const path = req.originalUrl.split('?', 1)[0] ?? req.originalUrl;
  res.status(404).json({ statusCode: 404, message: `Cannot ${req.method} ${path}` });
}

/**
 * The caller is resolved here once and passed on signed; a client's own identity header is
 * always dropped. If auth cannot be asked, the request goes on as anonymous.
 */
async function callerHeader(req: Request, identity: ProxyIdentity | undefined): Promise<string | undefined> {
  const token = bearerToken(req);
  if (!identity || !token) return undefined;
  try {
    const caller = await identity.resolve(token);
    return caller ? encodeIdentityHeader(caller, identity.secret, new Date()) : undefined;
  } catch {
    return undefined;
  }
}

async function forward(req: Request, res: Response, target: Upstream, url: URL, identity: ProxyIdentity | undefined): Promise<void> {
  const headers = forwardable(req.headers);
  delete headers[IDENTITY_HEADER];
  const signed = await callerHeader(req, identity);
  if (signed) headers[IDENTITY_HEADER] = signed;
  headers['x-forwarded-for'] = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
  headers['x-forwarded-proto'] = req.protocol;
  headers['x-forwarded-host'] = req.headers.host;
  headers.host = url.host;
  // The service continues the gateway's trace through this call's span, not the client's.
  const span = startClientSpan(req.method, url, target);
  setTraceHeaders(headers, span);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const upstreamReq = send(url, { method: req.method, headers }, (upstreamRes) => {
    endClientSpan(span, { status: upstreamRes.statusCode ?? 502 });
    res.status(upstreamRes.statusCode ?? 502);
    for (const [name, value] of Object.entries(forwardable(upstreamRes.headers))) {
      if (value !== undefined) res.setHeader(name, value);
    }
    upstreamRes.pipe(res);
  });
  upstreamReq.on('error', (error) => {
    endClientSpan(span, { error });
    if (res.headersSent) return res.destroy();
    res.status(502).json({ statusCode: 502, message: `The ${target} service is unavailable. Please try again shortly.` });
  });
  req.on('aborted', () => upstreamReq.destroy());
  req.pipe(upstreamReq);
}
