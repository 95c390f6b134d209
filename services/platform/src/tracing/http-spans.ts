import { context, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { contextFromHeaders, TRACE_HEADERS, traceHeaders } from './trace-context';
import { platformTracer } from './tracing';

/** Where a request keeps the context of its SERVER span. */
const REQUEST_TRACE = Symbol('wildframe.requestTrace');

/**
 * Runs `fn` in the trace of the request (its SERVER span), wherever the code stands: after an
 * `await`, a process on the synchronous context manager (the gateway) has lost it otherwise.
 */
export function withRequestTrace<T>(req: IncomingMessage, fn: () => T): T {
  const kept = (req as IncomingMessage & { [REQUEST_TRACE]?: Context })[REQUEST_TRACE];
  return kept ? context.with(kept, fn) : fn();
}

/** Health probes every few seconds would drown every trace store. */
function untraced(url: string): boolean {
  return url.startsWith('/api/health');
}

/**
 * A SERVER span for a request that continues the caller's `traceparent` (or starts a trace), and
 * the context it is active in. End it with `endServerSpan`.
 */
export function startServerSpan(req: IncomingMessage, path: string): { span: Span; active: Context } {
  const parent = contextFromHeaders(req.headers);
  const method = req.method ?? 'GET';
  const span = platformTracer().startSpan(method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': method, 'url.path': path } }, parent);
  return { span, active: trace.setSpan(parent, span) };
}

/** Ends a SERVER span with the response's status, named `<method> <route pattern>` when a route matched. */
export function endServerSpan(span: Span, outcome: { method: string; status: number; route?: string; aborted: boolean }): void {
  if (outcome.route !== undefined) {
    span.setAttribute('http.route', outcome.route);
    span.updateName(`${outcome.method} ${outcome.route}`);
  }
  span.setAttribute('http.response.status_code', outcome.status);
  if (outcome.aborted) span.setStatus({ code: SpanStatusCode.ERROR, message: 'connection closed before the response was sent' });
  else if (outcome.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/**
 * Express middleware: a SERVER span per request that continues the caller's `traceparent` (or
 * starts a trace), active for everything the request runs, its body's stream events and the
 * request log line included. Named `<method> <route pattern>` once the route is known.
 */
export function httpTracingMiddleware(req: Request, res: Response, next: NextFunction): void {
  const url = req.originalUrl ?? req.url;
  if (untraced(url)) return next();
  const { span, active } = startServerSpan(req, url.split('?', 1)[0] ?? '');
  (req as Request & { [REQUEST_TRACE]?: Context })[REQUEST_TRACE] = active;
  // Stream events run in the context of whoever emits them: bind them to the request's.
  context.bind(active, req);
  context.bind(active, res);
  let ended = false;
  const end = (aborted: boolean): void => {
    if (ended) return;
    ended = true;
    const route = (req.route as { path?: string } | undefined)?.path;
    endServerSpan(span, { method: req.method, status: res.statusCode, aborted, ...(route === undefined ? {} : { route: `${req.baseUrl}${route}` }) });
  };
  res.once('finish', () => end(false));
  res.once('close', () => end(!res.writableFinished));
  context.with(active, next);
}

/**
 * Replaces any trace context in headers about to be sent with the given span's (a client's own
 * `traceparent` never skips the gateway's span).
 */
export function setTraceHeaders(headers: OutgoingHttpHeaders | IncomingHttpHeaders, span: Span, within: Context = context.active()): void {
  for (const name of TRACE_HEADERS) delete headers[name];
  Object.assign(headers, traceHeaders(trace.setSpan(within, span)));
}

/** A CLIENT span for one outgoing HTTP call, a child of the active span or of `parent` (end it with `endClientSpan`). */
export function startClientSpan(method: string, url: URL, peer?: string, parent: Context = context.active()): Span {
  return platformTracer().startSpan(method, {
    kind: SpanKind.CLIENT,
    attributes: {
      'http.request.method': method,
      'server.address': url.hostname,
      ...(url.port ? { 'server.port': Number(url.port) } : {}),
      'url.full': `${url.origin}${url.pathname}`,
      ...(peer === undefined ? {} : { 'peer.service': peer }),
    },
  }, parent);
}

export function endClientSpan(span: Span, outcome: { status: number } | { error: unknown }): void {
  if ('status' in outcome) {
    span.setAttribute('http.response.status_code', outcome.status);
    if (outcome.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  } else {
    span.recordException(outcome.error instanceof Error ? outcome.error : String(outcome.error));
    span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.error instanceof Error ? outcome.error.message : String(outcome.error) });
  }
  span.end();
}

/**
 * `fetch` for calls to other services: a CLIENT span around the call and its `traceparent` on the
 * request, so the called service continues the caller's trace.
 */
export const tracedFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : input.toString());
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const span = startClientSpan(method, url);
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  for (const name of TRACE_HEADERS) headers.delete(name);
  for (const [name, value] of Object.entries(traceHeaders(trace.setSpan(context.active(), span)))) headers.set(name, value);
  try {
    const response = await fetch(input, { ...init, headers });
    endClientSpan(span, { status: response.status });
    return response;
  } catch (error) {
    endClientSpan(span, { error });
    throw error;
  }
};
