import express, { NextFunction, Request, RequestHandler, Response } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Serves the built web app: hashed assets cached for a year, every other GET outside /api
 * answered with index.html (SPA fallback) so client-side routes survive a reload.
 */
export function webAppMiddleware(webDir: string): RequestHandler[] {
  const indexFile = join(webDir, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`WEB_DIR ${webDir} has no index.html: build the web app first (npx nx run frontend:build)`);
  }
  const assets = express.static(webDir, {
    index: false,
    setHeaders: (res, path) => {
      const hashed = /[\\/]assets[\\/]/.test(path);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const spaFallback = (req: Request, res: Response, next: NextFunction): void => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === '/api' || req.path.startsWith('/api/')) {
      return next();
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  };
  const skipApi = (handler: RequestHandler): RequestHandler => (req, res, next) =>
    req.path === '/api' || req.path.startsWith('/api/') ? next() : handler(req, res, next);
  return [skipApi(assets), spaFallback];
}
