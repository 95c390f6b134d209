import { DynamicModule, RequestMethod } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule, PinoLogger as NestPinoLogger } from 'nestjs-pino';
import pino, { Logger as PinoLogger, LoggerOptions } from 'pino';
import { pinoHttp, type HttpLogger, type Options as PinoHttpOptions } from 'pino-http';
import { traceLogFields } from '../tracing/trace-context';

export const HTTP_REQUEST_ID_HEADER = 'x-request-id';

/** Paths never written to a log: credentials, session tokens, cookies, security answers. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...['password', 'currentPassword', 'newPassword', 'confirmPassword', 'token', 'sessionToken', 'answer1', 'answer2', 'answer3', 'clientSecret'].flatMap(
    (field) => [field, `*.${field}`, `*.*.${field}`],
  ),
];

/**
 * A URL as logged: the signature of a signed image URL (`sig`) is a bearer credential for a
 * private photo until it expires, so it never reaches a log.
 */
export function redactUrl(url: string): string {
  return url.replace(/([?&]sig=)[^&#]*/gi, '$1[redacted]');
}

export interface LoggingOptions {
  service: string;
  level: string;
  /** Where to write; defaults to stdout. Tests pass a stream to read what was logged. */
  destination?: pino.DestinationStream;
  /**
   * `false`: this process runs no AsyncLocalStorage (the gateway, whose proxy it would halve): the
   * request log line comes from a plain middleware (`requestLogger`), and what the code logs during
   * a request is not bound to the request's logger. Default true (nestjs-pino's request scope).
   */
  asyncContext?: boolean;
}

export function loggerOptions(options: LoggingOptions): LoggerOptions {
  return {
    level: options.level,
    base: { service: options.service },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // The active trace (W3C trace context) on every line, to find a request's lines in every service.
    mixin: traceLogFields,
  };
}

/** A plain pino logger for code that runs outside a request (start-up, shutdown, consumers). */
export function createLogger(options: LoggingOptions): PinoLogger {
  return options.destination ? pino(loggerOptions(options), options.destination) : pino(loggerOptions(options));
}

/** Accepts a caller's request id only when it looks like one, so logs cannot be polluted. */
export function requestIdOf(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers[HTTP_REQUEST_ID_HEADER];
  const id = typeof given === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(given) ? given : randomUUID();
  res.setHeader(HTTP_REQUEST_ID_HEADER, id);
  return id;
}

/** Every route under the global prefix, in the path syntax of Express 5. */
export const ALL_ROUTES = { path: '{*path}', method: RequestMethod.ALL };

/** The request log: one line per completed request, with its request id (echoed as `x-request-id`). */
function requestLogOptions(logger: PinoLogger): PinoHttpOptions {
  return {
    logger,
    genReqId: requestIdOf,
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    // Health probes every few seconds would drown everything else.
    autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/api/health') },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}

/**
 * Structured JSON request logging with a request id per request (echoed as `x-request-id`): nestjs-pino's
 * middleware (request-scoped loggers through AsyncLocalStorage), or none when `asyncContext` is false
 * (the process then installs `requestLogger` itself).
 */
export function loggingModule(options: LoggingOptions, logger: PinoLogger = createLogger(options)): DynamicModule {
  return LoggerModule.forRoot({ forRoutes: options.asyncContext === false ? [] : [ALL_ROUTES], pinoHttp: requestLogOptions(logger) });
}

/** The request log as a plain middleware, with no request scope (a process without AsyncLocalStorage). */
export function requestLogger(logger: PinoLogger): HttpLogger {
  return pinoHttp(requestLogOptions(logger));
}

/**
 * For a response given before the Nest pipeline (a cached read): the request id header and, when
 * info is logged, the same "request completed" line as the request logger writes.
 */
export function logAnsweredEarly(req: IncomingMessage, res: ServerResponse, startedAt: number): void {
  const id = requestIdOf(req, res);
  const logger = NestPinoLogger.root;
  if (!logger?.isLevelEnabled('info')) return;
  res.once('finish', () =>
    logger.info({ req: { id, method: req.method, url: req.url }, res: { statusCode: res.statusCode }, responseTime: Date.now() - startedAt }, 'request completed'),
  );
}
