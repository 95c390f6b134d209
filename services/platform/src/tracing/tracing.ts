import { context, propagation, trace, type Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, ConsoleSpanExporter, NodeTracerProvider, type SpanProcessor } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { z } from 'zod';
import { loadConfig, type Env } from '../config/load-config';
import { SynchronousContextManager } from './synchronous-context';

/** The instrumentation scope of every span the platform starts. */
export const TRACER_NAME = '@wildframe/platform';

export function platformTracer(): Tracer {
  return trace.getTracer(TRACER_NAME);
}

const EXPORTERS = ['otlp', 'console', 'none'] as const;
export type TraceExporterName = (typeof EXPORTERS)[number];

/**
 * The standard OpenTelemetry variables this code reads itself (the OTLP exporter reads its own:
 * OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, ..._HEADERS, ..._TIMEOUT; the
 * SDK reads OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG, OTEL_BSP_*, OTEL_RESOURCE_ATTRIBUTES).
 */
export const tracingEnv = {
  OTEL_SDK_DISABLED: z
    .enum(['true', 'false', ''], { message: "must be 'true' or 'false'" })
    .optional()
    .transform((value) => value === 'true'),
  /**
   * Comma-separated; unset means `otlp` when an OTLP endpoint is set and `none` otherwise: traces
   * are exported only when asked for (unlike the specification's default of `otlp`).
   */
  OTEL_TRACES_EXPORTER: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const names = (value ?? '').split(',').map((name) => name.trim().toLowerCase()).filter(Boolean);
      for (const name of names) {
        if (!(EXPORTERS as readonly string[]).includes(name)) {
          ctx.addIssue({ code: 'custom', message: `must be a list of ${EXPORTERS.join(', ')} (got '${name}')` });
          return z.NEVER;
        }
      }
      return names as TraceExporterName[];
    }),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.string().optional(),
  OTEL_SERVICE_NAME: z.string().optional(),
};

export interface TracingOptions {
  /** e.g. `photos`; the default service.name is `wildframe-<service>`. */
  service: string;
  env: Env;
  /** Extra span processors (tests: an in-memory exporter), whatever the environment says. */
  spanProcessors?: SpanProcessor[];
  /**
   * How the active trace follows the code: `async` (default) through callbacks and promises
   * (AsyncLocalStorage); `synchronous` only through synchronous calls, at no cost per asynchronous
   * operation (the gateway, whose proxy it would otherwise halve; see SynchronousContextManager).
   */
  context?: 'async' | 'synchronous';
}

export interface Tracing {
  /** Exporters in use; empty when spans go nowhere (context is still propagated and logged). */
  readonly exporters: readonly TraceExporterName[];
  /** False when OTEL_SDK_DISABLED=true: no context, no propagation. */
  readonly enabled: boolean;
  /** Exports what is buffered and stops; call last on shutdown. */
  shutdown(): Promise<void>;
}

interface Setup {
  exporters: readonly TraceExporterName[];
  enabled: boolean;
  stop(): Promise<void>;
  users: number;
}

let current: Setup | undefined;

/** A handle on the process's setup: the last handle shut down stops it (tests start several apps). */
function handle(setup: Setup): Tracing {
  setup.users++;
  let released = false;
  return {
    exporters: setup.exporters,
    enabled: setup.enabled,
    shutdown: async () => {
      if (released) return;
      released = true;
      if (--setup.users > 0) return;
      if (current === setup) current = undefined;
      await setup.stop();
    },
  };
}

/**
 * Sets up W3C trace context for the process (once: later calls share the first setup).
 * Spans are always created, so the trace id reaches every log line and every outgoing call and
 * event, but without an exporter they are dropped when they end: a few objects per request. An
 * exporter runs only when OTEL_TRACES_EXPORTER or an OTLP endpoint asks for one (OTLP over HTTP,
 * batched). Throws ConfigError for a bad variable.
 */
export function startTracing(options: TracingOptions): Tracing {
  if (current) return handle(current);
  const config = loadConfig(options.service, z.object(tracingEnv), options.env);
  if (config.OTEL_SDK_DISABLED) {
    current = { exporters: [], enabled: false, stop: async () => undefined, users: 0 };
    return handle(current);
  }
  const endpointSet = Boolean(config.OTEL_EXPORTER_OTLP_ENDPOINT || config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
  const named = config.OTEL_TRACES_EXPORTER.length > 0 ? config.OTEL_TRACES_EXPORTER : endpointSet ? (['otlp'] as const) : [];
  const exporters = named.filter((name) => name !== 'none');
  const processors: SpanProcessor[] = exporters.map(
    (name) => new BatchSpanProcessor(name === 'otlp' ? new OTLPTraceExporter() : new ConsoleSpanExporter()),
  );
  processors.push(...(options.spanProcessors ?? []));
  const resource = detectResources({ detectors: [envDetector] }).merge(
    resourceFromAttributes({ [ATTR_SERVICE_NAME]: config.OTEL_SERVICE_NAME ?? `wildframe-${options.service}` }),
  );
  const provider = new NodeTracerProvider({ resource, spanProcessors: processors });
  // Default propagators (W3C trace context and baggage); the default context manager is AsyncLocalStorage.
  provider.register(options.context === 'synchronous' ? { contextManager: new SynchronousContextManager() } : undefined);
  current = {
    exporters,
    enabled: true,
    users: 0,
    stop: async () => {
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
  return handle(current);
}
