import { Injectable } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { IdentityMiddleware, logAnsweredEarly } from '@wildframe/platform';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { PublicReadCache } from '../public-cache/public-read-cache';
import { PhotoQueries } from '../use-cases/photo-queries';
import { sendJson } from './send-json';

/**
 * Gallery pages, featured photos and public photo pages are read far more often than anything
 * else, mostly by anonymous visitors. A URL already answered from the public read cache is
 * answered again here, before the Nest pipeline (routing, pipes, per-request logger), with the
 * same bytes, headers and request log line; a signed-in visitor's liked flags cost one query.
 * Anything else (a miss, another route, a signed-in visitor's photo page) goes on to Nest.
 */
@Injectable()
export class PublicReadsFastPath {
  constructor(
    private readonly cache: PublicReadCache,
    private readonly queries: PhotoQueries,
    private readonly identity: IdentityMiddleware,
  ) {}

  readonly handle: RequestHandler = (req: Request, res: Response, next: NextFunction): void => {
    const read = req.method === 'GET' ? this.cache.atUrl(req.originalUrl) : undefined;
    if (!read) return next();
    const startedAt = Date.now();
    this.identity
      .identify(req)
      .then((viewer) => this.queries.personalise(read, viewer, req.ip ?? ''))
      .then(
        (response) => {
          if (!response) return next();
          logAnsweredEarly(req, res, startedAt);
          sendJson(req, res, response);
        },
        // Nest answers it properly (error envelope, logging).
        () => next(),
      );
  };
}

/** Puts the fast path in front of the Nest routes (call before the app listens). */
export function usePublicReadsFastPath(app: NestExpressApplication): void {
  app.use(app.get(PublicReadsFastPath).handle);
}
