import type { NestExpressApplication } from '@nestjs/platform-express';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * A request handler that runs before Express and Nest: true when it answers the request (or
 * will), false to leave it to them; `next` hands over later (after an await that came to nothing).
 */
export type EarlyHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => boolean;

/**
 * Puts `handler` in front of the app's Express stack (call before the app listens): the hottest
 * requests (cached public reads, proxied API calls) skip routing, middleware and the per-request
 * logger; every other request reaches Express unchanged. Handlers put in later run first.
 */
export function answerBeforeExpress(app: NestExpressApplication, handler: EarlyHandler): void {
  const server = app.getHttpServer() as Server;
  const handlers = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  const express = (req: IncomingMessage, res: ServerResponse): void => {
    for (const listener of handlers) listener.call(server, req, res);
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!handler(req, res, () => express(req, res))) express(req, res);
  });
}
