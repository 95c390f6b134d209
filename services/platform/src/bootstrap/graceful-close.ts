import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import type { Logger } from 'pino';
import { HealthRegistry } from '../health/health';

export interface GracefulCloseOptions {
  /**
   * How long readiness answers 503 while requests are still taken, so the load balancer (the
   * Kubernetes endpoints) stops routing here before the port closes. SHUTDOWN_DRAIN_DELAY_MS.
   */
  drainDelayMs: number;
  logger: Logger;
}

/** How often connections that turned idle are closed while the requests in flight finish. */
const IDLE_SWEEP_MS = 100;

/**
 * The order of a graceful stop: readiness fails; after the drain delay the HTTP server stops
 * accepting connections and every request in flight (an upload) finishes; only then does Nest
 * close the modules: the outbox publishes what those requests committed, the bus stops (its
 * consumers commit their offsets), the databases close. Nest on its own would destroy the
 * modules before closing the HTTP server, under the requests still running.
 */
export async function gracefulClose(app: INestApplication, { drainDelayMs, logger }: GracefulCloseOptions): Promise<void> {
  app.get(HealthRegistry).startDraining();
  const server = app.getHttpServer() as Server;
  // Keep-alive clients are told to reconnect (elsewhere) after their current request.
  server.on('request', (_req, res) => res.setHeader('connection', 'close'));
  logger.info({ drainDelayMs }, 'draining: readiness fails, requests still answered');
  if (drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, drainDelayMs));
  const inFlight = new Promise<void>((resolve) => server.close(() => resolve()));
  // A connection whose request was in flight turns idle once answered (it was not told to close);
  // without this it would hold the server open until its keep-alive timeout (65 s, create-http-app).
  const closeIdle = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  server.closeIdleConnections();
  try {
    await inFlight;
  } finally {
    clearInterval(closeIdle);
  }
  logger.info('HTTP server closed: requests in flight finished');
  await app.close();
}
