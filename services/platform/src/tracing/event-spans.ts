import { context, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { carriesTraceContext, contextFromHeaders, TRACE_HEADERS, traceHeaders } from './trace-context';
import { platformTracer } from './tracing';

function withoutTraceHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !(TRACE_HEADERS as readonly string[]).includes(name)));
}

function failed(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}

/**
 * Publishing one event: a PRODUCER span whose parent is the trace context the event carries (an
 * outbox row keeps its request's) or else the active one; `send` gets the headers to put on the
 * record, with this span's `traceparent`, so the consumer continues the trace.
 */
export async function withPublishSpan<R>(
  topic: string,
  headers: Record<string, string> | undefined,
  send: (headers: Record<string, string> | undefined) => Promise<R>,
): Promise<R> {
  const given = headers ?? {};
  const parent = carriesTraceContext(given) ? contextFromHeaders(given) : context.active();
  const span = platformTracer().startSpan(
    `publish ${topic}`,
    { kind: SpanKind.PRODUCER, attributes: { 'messaging.operation.type': 'send', 'messaging.destination.name': topic } },
    parent,
  );
  const active = trace.setSpan(parent, span);
  const injected = traceHeaders(active);
  // Tracing off: the headers stay exactly as given.
  const outgoing = Object.keys(injected).length === 0 ? headers : { ...withoutTraceHeaders(given), ...injected };
  try {
    return await context.with(active, () => send(outgoing));
  } catch (error) {
    failed(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/**
 * Handling one delivered event in a consumer group: a CONSUMER span continuing the trace its
 * headers carry (a new trace when they carry none, never the poller's context), active while the
 * handler (and its retries, logs and publications) runs. `handle` resolves with whether the event
 * was handled; a parked one marks the span as failed.
 */
export async function withConsumeSpan<R>(
  topic: string,
  group: string,
  headers: Record<string, string>,
  handle: (span: Span) => Promise<R>,
): Promise<R> {
  const parent = contextFromHeaders(headers);
  const span = platformTracer().startSpan(
    `process ${topic}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.operation.type': 'process',
        'messaging.destination.name': topic,
        'messaging.consumer.group.name': group,
        ...(headers['ce_id'] === undefined ? {} : { 'messaging.message.id': headers['ce_id'] }),
      },
    },
    parent,
  );
  try {
    return await context.with(trace.setSpan(parent, span), () => handle(span));
  } catch (error) {
    failed(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** Marks a consumer span as failed (the event was parked on its dead-letter topic). */
export function markEventFailed(span: Span, error: unknown): void {
  failed(span, error);
}
