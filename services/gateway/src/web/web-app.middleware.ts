import { Logger } from '@nestjs/common';
import type { PhotoSocialPreview } from '@wildframe/contracts';
import { withRequestTrace } from '@wildframe/platform';
import express, { NextFunction, Request, Response, RequestHandler } from 'express';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { hostname, networkInterfaces } from 'node:os';
import { join, posix } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { galleryRendererFrom, serverRenderedGallery, type GalleryLookup, type GalleryRenderer } from './gallery-render';
import { acceptedEncodings, precompressedFiles } from './precompressed-files';
import { HOME_PREVIEW, homeSocialTags, injectIntoHead, photoKeyFromPath, socialPreviewTags } from './social-preview';

/** Looks up a photo's social preview; undefined when no photos service can answer here. */
export type SocialPreviewLookup = (slugOrId: string) => Promise<PhotoSocialPreview | null> | undefined;

export interface WebAppOptions {
  /** Photo pages get Open Graph and Twitter card tags for public photos when this answers. */
  socialPreview?: SocialPreviewLookup;
  /** Absolute links in the tags; without it, the request's scheme and host when the host is one of `ownHosts`. */
  publicOrigin?: string;
  /** The names this site may be reached by without PUBLIC_ORIGIN; default: this machine's (`localHostNames`). */
  ownHosts?: readonly string[];
  /** The gallery's first page is drawn on the server with its photos when this answers. */
  gallery?: GalleryLookup;
  /** Draws the gallery; by default the web build's own (`{webDir}/ssr/`), null for none. */
  galleryRenderer?: GalleryRenderer | null;
}

/**
 * Pages the web build prerendered (frontend/build/prerender.ts), by address: their HTML already
 * holds the first view a visitor without a session sees, which the app then hydrates.
 */
const PRERENDERED_PAGES: Readonly<Record<string, string>> = { '/': 'index.html', '/gallery': 'gallery.html' };

/** The hero's displayed width on wide screens, as the home page's `sizes` says it. */
const HERO_SIZES = '(min-width: 1280px) 1152px, 100vw';

/** A page never waits long for its preview: past this the plain page is served. */
const PREVIEW_DEADLINE_MS = 2000;

/** The gallery waits this long for its photos, then is sent as prerendered (loading placeholders). */
const GALLERY_BUDGET_MS = 300;

const logger = new Logger('WebApp');

/**
 * The names this machine answers to: localhost, its host name, its addresses. Without
 * PUBLIC_ORIGIN only these make the links of social previews: a Host header is the sender's
 * choice, and a page with another name in its links could be kept by a shared cache.
 */
export function localHostNames(): string[] {
  const name = hostname().toLowerCase();
  const addresses = Object.values(networkInterfaces()).flatMap((entries) => (entries ?? []).map((entry) => entry.address.toLowerCase()));
  return ['localhost', '127.0.0.1', '::1', name, `${name}.local`, ...addresses];
}

/**
 * The path a static file request names once decoded and its dot segments resolved, as the file
 * server reads it (lower case: the checks must not depend on it); null when it is not valid
 * percent-encoding.
 */
function servedPath(path: string): string | null {
  try {
    return posix.normalize(decodeURIComponent(path).replace(/\/+/g, '/')).replace(/\/+$/, '').toLowerCase();
  } catch {
    return null;
  }
}

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
 * carry their social preview tags in the head; the gallery's first page comes with its photos.
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
  const ownHosts = new Set((options.ownHosts ?? localHostNames()).map((host) => host.toLowerCase()));
  /** Where the links of social previews point: PUBLIC_ORIGIN, else the request's own host when it is one of ours. */
  const originOf = (req: Request): string | undefined => {
    if (options.publicOrigin) return options.publicOrigin;
    const name = req.hostname?.replace(/^\[(.*)\]$/, '$1').toLowerCase();
    return name !== undefined && ownHosts.has(name) ? `${req.protocol}://${req.host}` : undefined;
  };
  const renderer = options.galleryRenderer === undefined ? galleryRendererFrom(webDir) : options.galleryRenderer;
  const galleryPage =
    renderer && options.gallery
      ? serverRenderedGallery({ renderer, lookup: options.gallery, budgetMs: GALLERY_BUDGET_MS })
      : undefined;

  /** The prerendered HTML of this address, or the plain index.html. */
  const pageFile = (req: Request): string => {
    const name = PRERENDERED_PAGES[req.path];
    // A query (a gallery page, a filter) changes what the page shows: the app renders that itself.
    if (!name || req.originalUrl.includes('?')) return indexFile;
    const file = join(webDir, 'prerendered', name);
    return existsSync(file) ? file : indexFile;
  };

  /**
   * The page written for this request: the gallery drawn with its photos, index.html with the
   * photo's tags (or the home page's); or null to serve the file (prerendered or plain).
   */
  const writtenPage = async (req: Request): Promise<string | null> => {
    if (req.path === '/gallery') return galleryPage ? galleryPage(req) : null;
    if (req.path === '/') {
      const origin = originOf(req);
      // The hero photo is the largest thing on the home page: its download starts with the page's.
      // The same choice as the page's <picture> (frontend features/home/asset-image.tsx): the
      // phone copy, and above 1024 px the copy for the width. public/early.js turns these into
      // preloads; tags in the HTML would be read before the real viewport is known.
      const image = HOME_PREVIEW.imagePath;
      const srcset = `${image}?w=640 640w, ${image}?w=960 960w, ${image}?w=1200 1200w, ${image} 2400w`;
      const heroPreload = [
        `<meta name="wildframe:preload-image" content="${image}?w=960" data-media="(max-width: 1024px)" />`,
        `<meta name="wildframe:preload-image" content="${srcset}" data-sizes="${HERO_SIZES}" data-media="(min-width: 1025px)" />`,
      ].join('\n    ');
      const tags = origin === undefined ? heroPreload : `${homeSocialTags(origin)}\n    ${heroPreload}`;
      return injectIntoHead(await readFile(pageFile(req), 'utf8'), tags);
    }
    const key = photoKeyFromPath(req.path);
    // A configured origin: the Host header is the sender's choice, and shared caches keep the page.
    const origin = originOf(req);
    const lookup = key && origin !== undefined ? options.socialPreview?.(key) : undefined;
    if (!key || !lookup || origin === undefined) return null;
    try {
      const preview = await withinDeadline(lookup, PREVIEW_DEADLINE_MS);
      if (!preview) return null;
      return injectIntoHead(await readFile(indexFile, 'utf8'), socialPreviewTags(preview, origin, req.path));
    } catch (error) {
      logger.warn({ err: error, path: req.path }, 'social preview unavailable; serving the plain page');
      return null;
    }
  };

  // Source maps would publish the original sources, and /ssr/ holds the server's render bundle:
  // neither is served, even when a build left them. Checked on the path the file server reads
  // (decoded, dot segments resolved): `/assets/x.js.ma%70` and `/%73sr/…` name them too.
  const noSourceMaps = (req: Request, res: Response, next: NextFunction): void => {
    if (req.path === '/api' || req.path.startsWith('/api/')) return next();
    const path = servedPath(req.path);
    if (path === null) {
      res.status(400).type('text/plain').send('Bad Request');
      return;
    }
    if (path.endsWith('.map') || path === '/ssr' || path.startsWith('/ssr/')) {
      res.status(404).type('text/plain').send('Not Found');
      return;
    }
    next();
  };

  /** The page's HTML, as its build-time brotli or gzip copy when the browser takes one. */
  const sendIndex = (req: Request, res: Response): void => {
    const page = pageFile(req);
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    const copy = [
      { name: 'br', file: `${page}.br` },
      { name: 'gzip', file: `${page}.gz` },
    ].find((c) => accepted.has(c.name) && existsSync(c.file));
    if (!copy) return res.sendFile(page);
    res.type('html');
    res.setHeader('Content-Encoding', copy.name);
    res.sendFile(copy.file);
  };

  const spaFallback = (req: Request, res: Response, next: NextFunction): void => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === '/api' || req.path.startsWith('/api/')) {
      return next();
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Accept-Encoding');
    // In the request's trace: the photos service's answers are spans of it.
    withRequestTrace(req, () => writtenPage(req)).then((html) => {
      if (html === null) return sendIndex(req, res);
      // Pages written per request are compressed here (quickly; they are small).
      const encoding = acceptedEncodings(req.headers['accept-encoding']);
      res.type('html');
      if (encoding.has('br')) {
        res.setHeader('Content-Encoding', 'br');
        res.send(brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
      } else if (encoding.has('gzip')) {
        res.setHeader('Content-Encoding', 'gzip');
        res.send(gzipSync(html));
      } else {
        res.send(html);
      }
    }, next);
  };
  const skipApi = (handler: RequestHandler): RequestHandler => (req, res, next) =>
    req.path === '/api' || req.path.startsWith('/api/') ? next() : handler(req, res, next);
  return [noSourceMaps, skipApi(compressed), skipApi(assets), spaFallback];
}
