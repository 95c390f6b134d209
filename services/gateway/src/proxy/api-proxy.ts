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
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
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
  IDENTITY_HEADER,
  ...TRACE_HEADERS,
]);
const HOP_BY_HOP_RESPONSE = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/** Upstream connections are kept and reused; closed after this long idle, before a service closes them (65 s). */
const UPSTREAM_IDLE_MS = 30_000;
const UPSTREAM_MAX_SOCKETS = 512;

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
 */
export class ApiProxy {
  private readonly agents = new Map<string, HttpAgent>();
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
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }

  private agentFor(base: URL): HttpAgent {
    let agent = this.agents.get(base.origin);
    if (!agent) {
      const settings = { keepAlive: true, maxSockets: UPSTREAM_MAX_SOCKETS, maxFreeSockets: UPSTREAM_MAX_SOCKETS, timeout: UPSTREAM_IDLE_MS, scheduling: 'lifo' as const };
      agent = base.protocol === 'https:' ? new HttpsAgent(settings) : new HttpAgent(settings);
      this.agents.set(base.origin, agent);
    }
    return agent;
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
    const send = base.protocol === 'https:' ? httpsRequest : httpRequest;
    let answered = false;
    const upstreamReq = send(
      { protocol: base.protocol, hostname: base.hostname, port: base.port, path, method, headers, agent: this.agentFor(base), setHost: false },
      (upstreamRes) => {
        answered = true;
        endClientSpan(clientSpan, { status: upstreamRes.statusCode ?? 502 });
        res.writeHead(upstreamRes.statusCode ?? 502, this.answerHeaders(upstreamRes));
        upstreamRes.pipe(res);
      },
    );
    upstreamReq.on('error', (error: NodeJS.ErrnoException) => {
      // A kept connection the service closed just as it was reused: a request without a body is sent again, once.
      if (call.retry && bodyless && !answered && upstreamReq.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) {
        this.send(req, res, { ...call, retry: false });
        return;
      }
      endClientSpan(clientSpan, { error });
      if (res.headersSent) return void res.destroy();
      this.sendError(res, 502, `The ${target} service is unavailable. Please try again shortly.`);
    });
    // The client went away before the answer was complete: the service's work for it stops too.
    res.once('close', () => {
      if (!res.writableFinished) upstreamReq.destroy();
    });
    if (bodyless) {
      req.resume();
      upstreamReq.end();
    } else {
      req.pipe(upstreamReq);
    }
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
  private answerHeaders(upstreamRes: IncomingMessage): string[] {
    const named = connectionTokens(upstreamRes.headers.connection);
    const raw = upstreamRes.rawHeaders;
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

