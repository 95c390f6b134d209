import { Injectable } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { addressKey, answerBeforeExpress, clientAddress, IDENTITY_HEADER, IdentityMiddleware, logAnsweredEarly, trustProxyOf } from '@wildframe/platform';
import type { TrustProxyFn } from '@wildframe/platform';
import type { Request } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AnsweredUrl, PublicReadCache } from '../public-cache/public-read-cache';
import { PhotoQueries } from '../use-cases/photo-queries';
import { sendJson } from './send-json';

/**
 * Gallery pages, featured photos and public photo pages are read far more often than anything
 * else, mostly by anonymous visitors. A URL already answered from the public read cache is
 * answered again here, in front of Express and Nest (routing, middleware, pipes, per-request
 * logger), with the same bytes, the same headers the stack set the first time (security
 * headers), a request id and the same log line. A signed-in visitor is identified as the identity
 * middleware does and gets their liked flags; a guest not yet known to have liked nothing, a miss,
 * another route or a signed-in visitor's photo page go on to Express.
 */
@Injectable()
export class PublicReadsFastPath {
  constructor(
    private readonly cache: PublicReadCache,
    private readonly queries: PhotoQueries,
    private readonly identity: IdentityMiddleware,
  ) {}

  /** True when it answers (or will answer) the request; false leaves it to Express. */
  answer(req: IncomingMessage, res: ServerResponse, trust: TrustProxyFn, fallback: () => void): boolean {
    if (req.method !== 'GET' || !req.url) return false;
    const answered = this.cache.atUrl(req.url);
    if (!answered) return false;
    const startedAt = Date.now();
    // Keyed as the controllers key guests (`@AddressKey()`): one key per IPv4 address or IPv6 /64.
    const ip = addressKey(clientAddress(req, trust));
    const anonymous = req.headers.authorization === undefined && req.headers[IDENTITY_HEADER] === undefined;
    if (anonymous && this.cache.guestKnownWithoutLikes(ip)) {
      // The common case, answered at once: the shared bytes.
      logAnsweredEarly(req, res, startedAt);
      sendJson(req, res, { ...answered.read.page, shared: true }, answered.headers);
      return true;
    }
    void this.personal(req, res, answered, ip, startedAt).then(
      (done) => done || fallback(),
      () => fallback(),
    );
    return true;
  }

  private async personal(req: IncomingMessage, res: ServerResponse, answered: AnsweredUrl, ip: string, startedAt: number): Promise<boolean> {
    const viewer = await this.identity.identify(req as Request);
    const response = await this.queries.personalise(answered.read, viewer, ip);
    if (!response) return false;
    logAnsweredEarly(req, res, startedAt);
    sendJson(req, res, response, answered.headers);
    return true;
  }
}

/**
 * Puts the fast path in front of the app's request handler (call before the app listens); other
 * requests reach Express unchanged.
 */
export function usePublicReadsFastPath(app: NestExpressApplication): void {
  const fastPath = app.get(PublicReadsFastPath);
  const trust = trustProxyOf(app);
  answerBeforeExpress(app, (req, res, next) => fastPath.answer(req, res, trust(), next));
}
