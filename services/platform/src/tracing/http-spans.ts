import { context, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { contextFromHeaders, TRACE_HEADERS, traceHeaders } from './trace-context';
import { platformTracer } from './tracing';

/** Health probes every few seconds would drown every trace store. */
function untraced(url: string): boolean {
  return url.startsWith('/api/health');
}

/**
 * Express middleware: a SERVER span per request that continues the caller's `traceparent` (or
 * starts a trace), active for everything the request runs, its body's stream events and the
 * request log line included. Named `<method> <route pattern>` once the route is known.
 */
export function httpTracingMiddleware(req: Request, res: Response, next: NextFunction): void {
  if (untraced(req.originalUrl ?? req.url)) return next();
  const parent = contextFromHeaders(req.headers);
  const span = platformTracer().startSpan(
    req.method,
    {
      kind: SpanKind.SERVER,
      attributes: { 'http.request.method': req.method, 'url.path': (req.originalUrl ?? req.url).split('?', 1)[0] ?? '' },
    },
    parent,
  );
  const active = trace.setSpan(parent, span);
  // Stream events run in the context of whoever emits them: bind them to the request's.
  context.bind(active, req);
  context.bind(active, res);
  let ended = false;
  const end = (aborted: boolean): void => {
    if (ended) return;
    ended = true;
    const route = (req.route as { path?: string } | undefined)?.path;
    if (route !== undefined) {
      span.setAttribute('http.route', `${req.baseUrl}${route}`);
      span.updateName(`${req.method} ${req.baseUrl}${route}`);
    }
    span.setAttribute('http.response.status_code', res.statusCode);
    if (aborted) span.setStatus({ code: SpanStatusCode.ERROR, message: 'connection closed before the response was sent' });
    else if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  };
  res.once('finish', () => end(false));
  res.once('close', () => end(!res.writableFinished));
  context.with(active, next);
}

/**
 * Replaces any trace context in headers about to be sent with the given span's (a client's own
 * `traceparent` never skips the gateway's span).
 */
export function setTraceHeaders(headers: OutgoingHttpHeaders | IncomingHttpHeaders, span: Span): void {
  for (const name of TRACE_HEADERS) delete headers[name];
  Object.assign(headers, traceHeaders(trace.setSpan(context.active(), span)));
}

/** A CLIENT span for one outgoing HTTP call (end it with `endClientSpan`). */
export function startClientSpan(method: string, url: URL, peer?: string): Span {
  return platformTracer().startSpan(method, {
    kind: SpanKind.CLIENT,
    attributes: {
      'http.request.method': method,
      'server.address': url.hostname,
      ...(url.port ? { 'server.port': Number(url.port) } : {}),
      'url.full': `${url.origin}${url.pathname}`,
      ...(peer === undefined ? {} : { 'peer.service': peer }),
    },
  });
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
