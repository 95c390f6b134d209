import { DynamicModule, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { ErrorRequestHandler } from 'express';
import type { Server } from 'node:http';
import { Logger } from 'nestjs-pino';
import { isExposedHttpError, toExposedEnvelope } from '../errors/http-error.filter';
import { httpMetricsMiddleware } from '../metrics/metrics';
import { httpTracingMiddleware } from '../tracing/http-spans';
import { rejectMalformedHost } from '../validation/host-header';
import type { TrustProxySetting } from './trust-proxy';

export const API_PREFIX = 'api';

/**
 * How long an idle keep-alive connection stays open. Node's default (5 s) closes it just as a
 * client or proxy reuses it, and that request fails with a reset (seen from the browser tests'
 * client; an ingress or load balancer, idle up to 60 s, does the same). The server waits longer
 * than they do; idle connections are still closed at once on shutdown (graceful-close.ts).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export interface HttpAppOptions {
  /**
   * Express-level setup installed before the body parsers: what it answers or forwards
   * (the gateway's proxy) sees the request body untouched, still unread.
   */
  beforeBodyParsers?: (app: NestExpressApplication) => void;
  /** `TRUSTED_PROXIES` (see trust-proxy.ts); default: trust no peer's X-Forwarded-For. */
  trustProxy?: TrustProxySetting;
}

/** Builds (without listening) a Nest HTTP app with the chassis conventions applied. */
export async function createHttpApp(rootModule: Type | DynamicModule, options: HttpAppOptions = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(rootModule, {
    bufferLogs: true,
    // Start-up errors must reach our handler (exit with a message), not kill the process abruptly.
    abortOnError: false,
    // Registered below with our own error mapping: Nest's would turn a JSON syntax error into
    // a 400 whose message is the parser's internals.
    bodyParser: false,
  });
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Must exceed the keep-alive timeout, or a slow request's headers race the idle close.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  app.useLogger(app.get(Logger));
  app.flushLogs();
  app.setGlobalPrefix(API_PREFIX);
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? false);
  // First, so proxied requests (the gateway) are timed too.
  app.use(httpMetricsMiddleware);
  // Before the gateway's proxy, so a proxied request carries the gateway's span.
  app.use(httpTracingMiddleware);
  // Links are built from the host (social previews): a malformed one is the sender's 400.
  app.use(rejectMalformedHost);
  options.beforeBodyParsers?.(app);
  app.use(express.json({ limit: '1mb' }), express.urlencoded({ extended: false, limit: '1mb' }), bodyParserErrors);
  return app;
}

/** Answers body-parsing failures (malformed JSON, too large) in the shared envelope. */
const bodyParserErrors: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  if (!isExposedHttpError(error)) return next(error);
  const body = toExposedEnvelope(error);
  res.status(body.statusCode).json(body);
};
