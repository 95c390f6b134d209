import { context, isSpanContextValid, propagation, ROOT_CONTEXT, trace, type Context } from '@opentelemetry/api';

/** The W3C trace context headers (https://www.w3.org/TR/trace-context/). */
export const TRACE_HEADERS = ['traceparent', 'tracestate'] as const;

/**
 * The active trace context as headers (`traceparent`, and `tracestate` when set): what an
 * outgoing call or a stored event carries. Empty when no trace is active or tracing is off.
 */
export function traceHeaders(from: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(from, carrier);
  return Object.fromEntries(Object.entries(carrier).filter(([name]) => (TRACE_HEADERS as readonly string[]).includes(name)));
}

/** The context a caller's headers continue (the root context when they carry none). */
export function contextFromHeaders(headers: Readonly<Record<string, string | string[] | undefined>>): Context {
  return propagation.extract(ROOT_CONTEXT, headers);
}

/** Whether the headers carry a trace context to continue. */
export function carriesTraceContext(headers: Readonly<Record<string, unknown>> | undefined): boolean {
  return typeof headers?.['traceparent'] === 'string';
}

/** `{ trace_id, span_id }` of the active span for a log line; empty outside a trace. */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  const spanContext = trace.getSpan(context.active())?.spanContext();
  if (!spanContext || !isSpanContextValid(spanContext)) return {};
  return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
}
