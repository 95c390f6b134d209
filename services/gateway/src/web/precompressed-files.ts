import type { NextFunction, Request, Response, RequestHandler } from 'express';
import { existsSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';

/** Content types of the files the build compresses (frontend/build/first-view.ts). */
const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** The encodings the request accepts (q=0 excluded), from its Accept-Encoding header. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * Sends a file's precompressed copy (name.br or name.gz, written by the build) when the browser
 * accepts that encoding; anything else goes on to the plain static files.
 */
export function precompressedFiles(webDir: string, cacheControl: (path: string) => string): RequestHandler {
  const root = normalize(webDir + sep);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const type = TYPES[extname(req.path).toLowerCase()];
    if (!type) return next();
    let decoded: string;
    try {
      decoded = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const path = normalize(join(webDir, decoded));
    if (!path.startsWith(root)) return next();
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    const encoding = ENCODINGS.find((e) => accepted.has(e.name) && isFile(path + e.suffix) && isFile(path));
    if (!encoding) return next();
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Encoding', encoding.name);
    res.setHeader('Vary', 'Accept-Encoding');
    const caching = cacheControl(path);
    res.setHeader('Cache-Control', caching);
    // A file kept a year unchanged is never revalidated: no validators or ranges to announce.
    const immutable = caching.includes('immutable');
    const options = { dotfiles: 'deny' as const, cacheControl: false, etag: !immutable, lastModified: !immutable, acceptRanges: !immutable };
    res.sendFile(path + encoding.suffix, options, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}

/** A build's files never change while it is served: each lookup is made once. */
const known = new Map<string, boolean>();

function isFile(path: string): boolean {
  let found = known.get(path);
  if (found === undefined) {
    try {
      found = existsSync(path) && statSync(path).isFile();
    } catch {
      found = false;
    }
    if (known.size < 10_000) known.set(path, found);
  }
  return found;
}
