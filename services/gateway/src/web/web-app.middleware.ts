import { Logger } from '@nestjs/common';
import type { PhotoSocialPreview } from '@wildframe/contracts';
import express, { NextFunction, Request, Response, RequestHandler } from 'express';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { precompressedFiles } from './precompressed-files';
import { homeSocialTags, injectIntoHead, photoKeyFromPath, socialPreviewTags } from './social-preview';

/** Looks up a photo's social preview; undefined when no photos service can answer here. */
export type SocialPreviewLookup = (slugOrId: string) => Promise<PhotoSocialPreview | null> | undefined;

export interface WebAppOptions {
  /** Photo pages get Open Graph and Twitter card tags for public photos when this answers. */
  socialPreview?: SocialPreviewLookup;
  /** Absolute links in the tags; without it, the request's scheme and host. */
  publicOrigin?: string;
}

/** A page never waits long for its preview: past this the plain page is served. */
const PREVIEW_DEADLINE_MS = 2000;

const logger = new Logger('WebApp');

function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Serves the built web app: hashed assets cached for a year, each sent as its brotli or gzip copy
 * from the build when the browser takes one, every other GET outside /api answered with index.html
 * (SPA fallback) so client-side routes survive a reload. The home page and pages of public photos
 * carry their social preview tags in the head.
 */
export function webAppMiddleware(webDir: string, options: WebAppOptions = {}): RequestHandler[] {
  const indexFile = join(webDir, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`WEB_DIR ${webDir} has no index.html: build the web app first (npx nx run frontend:build)`);
  }
  const cacheControl = (path: string) =>
    // Hashed names change with their content: kept a year. Everything else is revalidated.
    /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
  const assets = express.static(webDir, {
    index: false,
    setHeaders: (res, path) => {
      res.setHeader('Cache-Control', cacheControl(path));
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  const compressed = precompressedFiles(webDir, cacheControl);

  /** index.html with the photo's tags (or the home page's), or null to serve the plain file. */
  const photoPage = async (req: Request): Promise<string | null> => {
    if (req.path === '/') {
      const origin = options.publicOrigin ?? `${req.protocol}://${req.host}`;
      return injectIntoHead(await readFile(indexFile, 'utf8'), homeSocialTags(origin));
    }
    const key = photoKeyFromPath(req.path);
    const lookup = key ? options.socialPreview?.(key) : undefined;
    if (!key || !lookup) return null;
    try {
      const preview = await withinDeadline(lookup, PREVIEW_DEADLINE_MS);
      if (!preview) return null;
      // A configured origin: the Host header is the sender's choice, and shared caches keep the page.
      const origin = options.publicOrigin ?? `${req.protocol}://${req.host}`;
      return injectIntoHead(await readFile(indexFile, 'utf8'), socialPreviewTags(preview, origin, req.path));
    } catch (error) {
      logger.warn({ err: error, path: req.path }, 'social preview unavailable; serving the plain page');
      return null;
    }
  };

  // Source maps would publish the original sources: not served, even when a build left them.
  const noSourceMaps = (req: Request, res: Response, next: NextFunction): void => {
    if (req.path.endsWith('.map') && !req.path.startsWith('/api/')) {
      res.status(404).type('text/plain').send('Not Found');
      return;
    }
    next();
  };

  const spaFallback = (req: Request, res: Response, next: NextFunction): void => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === '/api' || req.path.startsWith('/api/')) {
      return next();
    }
    res.setHeader('Cache-Control', 'no-cache');
    photoPage(req).then(
      (html) => (html === null ? res.sendFile(indexFile) : void res.type('html').send(html)),
      next,
    );
  };
  const skipApi = (handler: RequestHandler): RequestHandler => (req, res, next) =>
    req.path === '/api' || req.path.startsWith('/api/') ? next() : handler(req, res, next);
  return [noSourceMaps, skipApi(compressed), skipApi(assets), spaFallback];
}
