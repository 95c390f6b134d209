import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics of the process: one registry for everything the chassis and the services
 * record. The distributed entrypoints serve it on a port of its own (METRICS_PORT) that the
 * gateway never routes; the standalone app does not serve it.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const SLOW_SECONDS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120];

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by method, matched route (or "unmatched") and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS,
  registers: [metricsRegistry],
});

export const eventsPublished = new Counter({
  name: 'events_published_total',
  help: 'Events published to the bus, by topic.',
  labelNames: ['topic'] as const,
  registers: [metricsRegistry],
});

export const eventsConsumed = new Counter({
  name: 'events_consumed_total',
  help: 'Events handled by a consumer group: outcome "handled" or "dead_lettered".',
  labelNames: ['topic', 'group', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const eventsDeadLettered = new Counter({
  name: 'events_dead_lettered_total',
  help: 'Events parked on <topic>.dlq.<group> after their retries.',
  labelNames: ['topic', 'group'] as const,
  registers: [metricsRegistry],
});

export const consumerLag = new Gauge({
  name: 'event_consumer_lag',
  help: 'Messages behind the partition end after the last batch, by topic, group and partition (Kafka).',
  labelNames: ['topic', 'group', 'partition'] as const,
  registers: [metricsRegistry],
});

export const kafkaUp = new Gauge({
  name: 'event_bus_kafka_up',
  help: 'Kafka event bus: 1 while the brokers answer (connected, acknowledging publishes), 0 while unreachable; the outbox keeps events meanwhile.',
  registers: [metricsRegistry],
});

export const photoUploadDuration = new Histogram({
  name: 'photo_upload_duration_seconds',
  help: 'Photo uploads from the received file to the stored photo (analysis included), by outcome.',
  labelNames: ['outcome'] as const,
  buckets: SLOW_SECONDS,
  registers: [metricsRegistry],
});

export const photoAnalysisDuration = new Histogram({
  name: 'photo_analysis_duration_seconds',
  help: 'Photo analyses by engine outcome (rated, review, refused, error).',
  labelNames: ['outcome'] as const,
  buckets: SLOW_SECONDS,
  registers: [metricsRegistry],
});

/** Something whose numbers are read at scrape time (a connection pool, an outbox table). */
type Probe = () => Promise<void> | void;
const poolProbes = new Set<Probe>();
const outboxProbes = new Set<Probe>();

async function runProbes(probes: Set<Probe>): Promise<void> {
  await Promise.all([...probes].map(async (probe) => {
    try {
      await probe();
    } catch {
      // A database that does not answer keeps the last value; readiness reports it.
    }
  }));
}

const poolConnections = new Gauge({
  name: 'db_pool_connections',
  help: 'Database pool connections by schema and state (total, idle, waiting clients).',
  labelNames: ['schema', 'state'] as const,
  registers: [metricsRegistry],
  collect: () => runProbes(poolProbes),
});

const outboxBacklog = new Gauge({
  name: 'outbox_backlog',
  help: 'Outbox rows not yet published, by schema.',
  labelNames: ['schema'] as const,
  registers: [metricsRegistry],
  collect: () => runProbes(outboxProbes),
});

/** Reports a pg pool's use at every scrape until the returned function is called. */
export function trackPool(schema: string, pool: { totalCount: number; idleCount: number; waitingCount: number }): () => void {
  const probe: Probe = () => {
    poolConnections.set({ schema, state: 'total' }, pool.totalCount);
    poolConnections.set({ schema, state: 'idle' }, pool.idleCount);
    poolConnections.set({ schema, state: 'waiting' }, pool.waitingCount);
  };
  poolProbes.add(probe);
  return () => poolProbes.delete(probe);
}

/** Reports an outbox's unpublished rows at every scrape until the returned function is called. */
export function trackOutbox(schema: string, pending: () => Promise<number>): () => void {
  const probe: Probe = async () => {
    outboxBacklog.set({ schema }, await pending());
  };
  outboxProbes.add(probe);
  return () => outboxProbes.delete(probe);
}

/** Express middleware: times every request; the route label is the matched pattern, never the raw path. */
export function httpMetricsMiddleware(req: Request, res: Response, next: NextFunction): void {
  const end = httpRequestDuration.startTimer();
  res.once('finish', () => {
    const route = (req.route as { path?: string } | undefined)?.path;
    end({ method: req.method, route: route === undefined ? 'unmatched' : `${req.baseUrl}${route}`, status: String(res.statusCode) });
  });
  next();
}

/** Serves GET /metrics on its own port (0: any free one). Resolves with the server once it listens. */
export async function startMetricsServer(port: number, host?: string): Promise<Server & { port: number }> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ statusCode: 404, message: 'Not found' }));
      return;
    }
    metricsRegistry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(body),
      (error: unknown) => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ statusCode: 500, message: String(error) })),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return Object.assign(server, { port: (server.address() as AddressInfo).port });
}
