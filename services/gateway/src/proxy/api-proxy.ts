import { context, type Context, type Span } from '@opentelemetry/api';
import {
  bearerToken,
  clientProtocol,
  encodeIdentityHeader,
  endClientSpan,
  endServerSpan,
  httpRequestDuration,
  IDENTITY_HEADER,
  isValidHostHeader,
  setTraceHeaders,
  startClientSpan,
  startServerSpan,
  TRACE_HEADERS,
} from '@wildframe/platform';
import type { Identity, TrustProxyFn } from '@wildframe/platform';
import type { Request } from 'express';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Pool } from 'undici';
import { isInternalPath, Upstream, upstreamFor } from './route-table';

export interface ProxyIdentity {
  secret: string;
  resolve(token: string): Promise<Identity | null>;
}

export interface ApiProxyOptions {
  /** Where each service listens. */
  upstreams: Partial<Record<Upstream, string>>;
  /** Signs the caller's identity for the services (distributed shape). */
  identity?: ProxyIdentity;
  /** Headers every proxied answer carries unless the service sets them (the security headers). */
  responseHeaders?: ReadonlyArray<readonly [string, string]>;
  /** TRUSTED_PROXIES as Express applies it: whose X-Forwarded-Proto is believed. Default: nobody's. */
  trustProxy?: () => TrustProxyFn;
}

/** Hop-by-hop headers (RFC 9110 §7.6.1) are never forwarded; nor what the gateway sets itself. */
const NOT_FORWARDED = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  // Answered by the gateway's own server (100 Continue); the body is streamed on anyway.
  'expect',
  IDENTITY_HEADER,
  ...TRACE_HEADERS,
]);
const HOP_BY_HOP_RESPONSE = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/** Upstream connections are kept and reused; closed after this long idle, before a service closes them (65 s). */
const UPSTREAM_IDLE_MS = 30_000;
const UPSTREAM_MAX_CONNECTIONS = 512;
/** A kept connection the service closed as it was reused (undici's `other side closed`, or the socket's own codes). */
const STALE_CONNECTION = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

const nobodyTrusted: () => TrustProxyFn = () => () => false;

/**
 * Streams the public API to the service that owns each path (distributed shape), in front of
 * Express and Nest: a proxied request costs the gateway only what proxying needs. Per request it
 * checks the Host header (400 when malformed), answers /api/internal/** with 404 (service-to-service
 * only, never reachable from outside), resolves the caller's session once and passes the identity
 * signed (a client's own identity header is always dropped), continues the trace (a SERVER span
 * and a CLIENT span around the call; `traceparent` to the service), times the request in the
 * metrics, and adds the security headers to the answer. Connections to the services are kept
 * alive and reused; bodies are streamed both ways with back-pressure, never buffered, so uploads
 * pass at constant memory. An unreachable service answers 502 in the shared error envelope.
 * The upstream client is undici's connection pool (one per service), at about a fifth less CPU a
 * request than node:http's client and agent.
 */
export class ApiProxy {
  private readonly pools = new Map<string, Pool>();
  private readonly trust: () => TrustProxyFn;

  constructor(private readonly options: ApiProxyOptions) {
    this.trust = options.trustProxy ?? nobodyTrusted;
  }

  /** Answers (or will answer) the request when it is the proxy's; false leaves it to the gateway. */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? '/';
    if (mayBeInternal(url) && isInternalPath(url)) {
      this.sendError(res, 404, `Cannot ${req.method} ${url.split('?', 1)[0]}`);
      return true;
    }
    const target = upstreamFor(url);
    const base = target ? this.options.upstreams[target] : undefined;
    if (!target || !base) return false;
    if (!isValidHostHeader(req.headers.host)) {
      this.sendError(res, 400, 'Invalid Host header');
      return true;
    }
    void this.forward(req, res, target, base, url);
    return true;
  }

  /** Closes the kept connections (on shutdown). */
  close(): void {
    for (const pool of this.pools.values()) void pool.destroy().catch(() => undefined);
    this.pools.clear();
  }

  private poolFor(base: URL): Pool {
    let pool = this.pools.get(base.origin);
    if (!pool) {
      pool = new Pool(base.origin, {
        connections: UPSTREAM_MAX_CONNECTIONS,
        pipelining: 1,
        keepAliveTimeout: UPSTREAM_IDLE_MS,
        keepAliveMaxTimeout: UPSTREAM_IDLE_MS,
        // As node:http's client: no deadline on a slow answer or a long stream (the service's own apply).
        headersTimeout: 0,
        bodyTimeout: 0,
      });
      this.pools.set(base.origin, pool);
    }
    return pool;
  }

  private async forward(req: IncomingMessage, res: ServerResponse, target: Upstream, baseUrl: string, path: string): Promise<void> {
    const timer = httpRequestDuration.startTimer();
    const method = req.method ?? 'GET';
    res.once('finish', () => timer({ method, route: 'unmatched', status: String(res.statusCode) }));
    const { span: serverSpan, active } = startServerSpan(req, path.split('?', 1)[0] ?? path);
    let finished = false;
    const endServer = (aborted: boolean): void => {
      if (finished) return;
      finished = true;
      endServerSpan(serverSpan, { method, status: res.statusCode, aborted });
    };
    res.once('finish', () => endServer(false));
    res.once('close', () => endServer(!res.writableFinished));

    const base = new URL(baseUrl);
    const headers = this.forwardedHeaders(req, base);
    const signed = await this.callerHeader(req, active);
    if (signed) headers[IDENTITY_HEADER] = signed;
    const clientSpan = startClientSpan(method, new URL(path, base), target, active);
    setTraceHeaders(headers, clientSpan, active);
    this.send(req, res, { target, base, path, method, headers, clientSpan, retry: true });
  }

  /** The request's headers for the service: hop-by-hop ones dropped, forwarding ones set by the gateway. */
  private forwardedHeaders(req: IncomingMessage, base: URL): OutgoingHttpHeaders {
    const headers: OutgoingHttpHeaders = {};
    const named = connectionTokens(req.headers.connection);
    const raw = req.rawHeaders;
    for (let i = 0; i < raw.length; i += 2) {
      const name = (raw[i] as string).toLowerCase();
      if (NOT_FORWARDED.has(name) || named?.has(name)) continue;
      const value = raw[i + 1] as string;
      const existing = headers[name];
      headers[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [String(existing), value];
    }
    const forwardedFor = req.headers['x-forwarded-for'];
    const socketAddress = req.socket.remoteAddress;
    headers['x-forwarded-for'] = [forwardedFor, socketAddress].filter(Boolean).join(', ');
    headers['x-forwarded-proto'] = clientProtocol(req, this.trust());
    if (req.headers.host !== undefined) headers['x-forwarded-host'] = req.headers.host;
    headers.host = base.host;
    return headers;
  }

  /** The caller resolved once and signed; if auth cannot be asked, the request goes on as anonymous. */
  private async callerHeader(req: IncomingMessage, active: Context): Promise<string | undefined> {
    const identity = this.options.identity;
    const token = identity && req.headers.authorization ? bearerToken(req as Request) : undefined;
    if (!identity || !token) return undefined;
    try {
      // Asked in the request's trace: auth's lookup is a span of it.
      const caller = await context.with(active, () => identity.resolve(token));
      return caller ? encodeIdentityHeader(caller, identity.secret, new Date()) : undefined;
    } catch {
      return undefined;
    }
  }

  private send(
    req: IncomingMessage,
    res: ServerResponse,
    call: { target: Upstream; base: URL; path: string; method: string; headers: OutgoingHttpHeaders; clientSpan: Span; retry: boolean },
  ): void {
    const { target, base, path, method, headers, clientSpan } = call;
    const bodyless = (method === 'GET' || method === 'HEAD') && req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined;
    let answered = false;
    let abort: ((reason?: Error) => void) | undefined;
    let gone = false;
    // The client went away before the answer was complete: the service's work for it stops too.
    const onClose = (): void => {
      if (res.writableFinished) return;
      gone = true;
      abort?.(new Error('the client closed the connection'));
    };
    res.once('close', onClose);
    const handler = {
      onConnect: (abortRequest: (reason?: Error) => void): void => {
        abort = abortRequest;
        if (gone) abortRequest(new Error('the client closed the connection'));
      },
      onHeaders: (statusCode: number, rawHeaders: Buffer[], resume: () => void): boolean => {
        answered = true;
        endClientSpan(clientSpan, { status: statusCode });
        res.writeHead(statusCode, this.answerHeaders(rawHeaders));
        // Back-pressure: the service's body waits while the client's socket is full.
        res.on('drain', resume);
        return true;
      },
      onData: (chunk: Buffer): boolean => res.write(chunk),
      onComplete: (): void => {
        res.end();
      },
      onError: (error: Error & { code?: string }): void => {
        res.off('close', onClose);
        // A kept connection the service closed just as it was reused: a request without a body is sent again, once.
        if (!gone && call.retry && bodyless && !answered && STALE_CONNECTION.has(error.code ?? '')) {
          this.send(req, res, { ...call, retry: false });
          return;
        }
        if (!answered) endClientSpan(clientSpan, { error });
        if (gone) return;
        if (res.headersSent) return void res.destroy();
        this.sendError(res, 502, `The ${target} service is unavailable. Please try again shortly.`);
      },
    };
    if (bodyless) req.resume();
    this.poolFor(base).dispatch({ path, method, headers: headers as Record<string, string | string[]>, body: bodyless ? null : req }, handler);
  }

  /** An answer of the gateway itself, in the shared error envelope, with the security headers. */
  private sendError(res: ServerResponse, statusCode: number, message: string): void {
    const body = JSON.stringify({ statusCode, message });
    const headers: string[] = ['Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(Buffer.byteLength(body))];
    for (const [name, value] of this.options.responseHeaders ?? []) headers.push(name, value);
    res.writeHead(statusCode, headers);
    res.end(body);
  }

  /** The service's headers (hop-by-hop ones dropped) after the gateway's own, which they override. */
  private answerHeaders(rawHeaders: Buffer[]): string[] {
    const raw = rawHeaders.map((value) => value.toString('latin1'));
    let connection: string | undefined;
    for (let i = 0; i < raw.length; i += 2) if ((raw[i] as string).toLowerCase() === 'connection') connection = raw[i + 1];
    const named = connectionTokens(connection);
    const out: string[] = [];
    const given = new Set<string>();
    for (let i = 0; i < raw.length; i += 2) {
      const name = (raw[i] as string).toLowerCase();
      if (HOP_BY_HOP_RESPONSE.has(name) || named?.has(name)) continue;
      given.add(name);
      out.push(raw[i] as string, raw[i + 1] as string);
    }
    for (const [name, value] of this.options.responseHeaders ?? []) if (!given.has(name.toLowerCase())) out.push(name, value);
    return out;
  }
}

/** Cheap pre-check before the full one: an internal path names `internal`, possibly percent-encoded. */
function mayBeInternal(url: string): boolean {
  return url.includes('%') || /internal/i.test(url);
}

/** Headers a Connection header names are hop-by-hop too. */
function connectionTokens(header: string | undefined): Set<string> | undefined {
  if (!header || header.toLowerCase() === 'keep-alive' || header.toLowerCase() === 'close') return undefined;
  return new Set(header.split(',').map((token) => token.trim().toLowerCase()));
}

