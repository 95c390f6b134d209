import type { NestExpressApplication } from '@nestjs/platform-express';
import { API_TITLE, API_VERSION, mergeOpenApiDocuments, OpenApiCatalogue } from '@wildframe/platform';
import type { OpenApiObject } from '@wildframe/platform';
import type { Request, RequestHandler, Response } from 'express';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Upstream } from '../proxy/route-table';

/** The reference page's files, served from the swagger-ui-dist package (no CDN: the CSP allows 'self' only). */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${API_TITLE} reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

// A file, not an inline script: the CSP allows scripts from 'self' only.
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, presets: [SwaggerUIBundle.presets.apis], layout: 'BaseLayout' });\n`;

/** GET /api/docs: a readable reference of /api/openapi.json (Swagger UI, files bundled with the app). */
export function apiDocsMiddleware(): RequestHandler {
  const dist = dirname(require.resolve('swagger-ui-dist/package.json'));
  const cache = new Map<string, Buffer>();
  const file = (name: string): Buffer => {
    let body = cache.get(name);
    if (!body) cache.set(name, (body = readFileSync(join(dist, name))));
    return body;
  };
  return (req: Request, res: Response, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = req.path.replace(/\/+$/, '');
    if (path === '/api/docs') return send(res, 'text/html; charset=utf-8', PAGE, 'no-cache');
    if (path === '/api/docs/init.js') return send(res, 'text/javascript; charset=utf-8', INIT, 'no-cache');
    const name = path.startsWith('/api/docs/') ? path.slice('/api/docs/'.length) : undefined;
    const type = name !== undefined ? ASSETS[name] : undefined;
    if (name === undefined || type === undefined) return next();
    return send(res, type, file(name), 'public, max-age=86400');
  };
}

function send(res: Response, type: string, body: string | Buffer, cacheControl: string): void {
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', cacheControl);
  res.send(body);
}

/**
 * Distributed shape: GET /api/openapi.json merges the documents each service serves on its own
 * GET /api/openapi.json with the gateway's. Fetched per request (seconds-fresh after a deploy);
 * a service that does not answer makes the merged document a 502, not a silently partial one.
 */
export function mergedOpenApiMiddleware(app: NestExpressApplication, upstreams: Partial<Record<Upstream, string>>): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' || req.path !== '/api/openapi.json') return next();
    void (async () => {
      const own = app.get(OpenApiCatalogue, { strict: false }).document();
      const bases = [...new Set(Object.values(upstreams).filter((url): url is string => Boolean(url)))];
      const remote = await Promise.all(
        bases.map(async (base) => {
          const response = await fetch(new URL('/api/openapi.json', base), { signal: AbortSignal.timeout(5000) });
          if (!response.ok) throw new Error(`${base} answered ${response.status}`);
          return (await response.json()) as OpenApiObject;
        }),
      );
      const merged = mergeOpenApiDocuments([own, ...remote], { title: API_TITLE, version: API_VERSION, description: 'The Wildframe HTTP API. Errors answer with { statusCode, message }.' });
      res.setHeader('Cache-Control', 'no-cache');
      res.json(merged);
    })().catch((error: unknown) => {
      res.status(502).json({ statusCode: 502, message: `The API description is unavailable: ${error instanceof Error ? error.message : String(error)}` });
    });
  };
}
