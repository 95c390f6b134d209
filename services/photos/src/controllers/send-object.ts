import type { StoredObject } from '@wildframe/platform';
import type { Request, Response } from 'express';

/** Streams a stored object with a strong ETag; answers 304 when the client already has it. */
export function sendObject(req: Request, res: Response, object: StoredObject, cacheControl: string, extraHeaders: Record<string, string> = {}): void {
  const etag = `"${object.etag}"`;
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('Content-Type', object.contentType ?? 'application/octet-stream');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value);
  if (req.headers['if-none-match'] === etag) {
    object.body.destroy();
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Length', String(object.size));
  object.body.on('error', () => res.destroy());
  object.body.pipe(res);
}
