import { Injectable } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { IDENTITY_HEADER, IdentityMiddleware, logAnsweredEarly } from '@wildframe/platform';
import type { Request } from 'express';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { AnsweredUrl, PublicReadCache } from '../public-cache/public-read-cache';
import { PhotoQueries } from '../use-cases/photo-queries';
import { sendJson } from './send-json';

type TrustProxy = (address: string, hop: number) => boolean;

/**
 * The client's address as Express's `req.ip` gives it (guests' likes are kept by it): the
 * nearest address, going back through X-Forwarded-For while the hop is a trusted proxy.
 */
export function clientAddress(req: IncomingMessage, trust: TrustProxy): string {
  const addresses = [req.socket.remoteAddress ?? ''];
  const forwarded = req.headers['x-forwarded-for'];
  if (typeof forwarded === 'string') addresses.push(...forwarded.split(',').map((a: string) => a.trim()).reverse());
  for (let hop = 0; hop < addresses.length - 1; hop++) if (!trust(addresses[hop] as string, hop)) return addresses[hop] as string;
  return addresses[addresses.length - 1] as string;
}

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
  answer(req: IncomingMessage, res: ServerResponse, trust: TrustProxy, fallback: () => void): boolean {
    if (req.method !== 'GET' || !req.url) return false;
    const answered = this.cache.atUrl(req.url);
    if (!answered) return false;
    const startedAt = Date.now();
    const ip = clientAddress(req, trust);
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
  const expressApp = app.getHttpAdapter().getInstance() as { get(setting: string): unknown };
  const server = app.getHttpServer() as Server;
  const handlers = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  const express = (req: IncomingMessage, res: ServerResponse) => {
    for (const handler of handlers) handler.call(server, req, res);
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const trust = expressApp.get('trust proxy fn') as TrustProxy;
    if (!fastPath.answer(req, res, trust, () => express(req, res))) express(req, res);
  });
}
