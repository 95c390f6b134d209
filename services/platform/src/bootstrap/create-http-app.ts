import { DynamicModule, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { ErrorRequestHandler } from 'express';
import { Logger } from 'nestjs-pino';
import { isExposedHttpError, toExposedEnvelope } from '../errors/http-error.filter';
import { httpMetricsMiddleware } from '../metrics/metrics';
import { httpTracingMiddleware } from '../tracing/http-spans';
import type { TrustProxySetting } from './trust-proxy';

export const API_PREFIX = 'api';

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
  app.useLogger(app.get(Logger));
  app.flushLogs();
  app.setGlobalPrefix(API_PREFIX);
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? false);
  // First, so proxied requests (the gateway) are timed too.
  app.use(httpMetricsMiddleware);
  // Before the gateway's proxy, so a proxied request carries the gateway's span.
  app.use(httpTracingMiddleware);
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
