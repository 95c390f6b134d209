import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { OpenApiCatalogue } from './openapi.catalogue';

interface PathRule {
  pattern: RegExp;
  /** How many `{parameters}` the template has: the fewest wins. */
  parameters: number;
  /** Method → the media types its request body may have (empty: no body documented). */
  methods: Map<string, string[]>;
}

/**
 * Holds requests to the documented contract before any handler runs, in the error envelope:
 * a documented path with a method it does not have answers 405 with `Allow` (not the 404 of an
 * unknown path); a body whose media type the operation does not take answers 415 (instead of
 * being ignored and failing validation). The services' OpenAPI documents are the source.
 */
@Injectable()
export class MethodNotAllowedMiddleware implements NestMiddleware {
  private rules: PathRule[] | undefined;

  constructor(private readonly catalogue: OpenApiCatalogue) {}

  use(req: Request, res: Response, next: NextFunction): void {
    const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
    const candidates = this.pathRules().filter((rule) => rule.pattern.test(path));
    if (candidates.length === 0) return next();
    // OpenAPI matches concrete paths before templated ones: /api/photos/upload is not /api/photos/{id}.
    const fewest = Math.min(...candidates.map((rule) => rule.parameters));
    const matching = candidates.filter((rule) => rule.parameters === fewest);
    const allowed = new Set(matching.flatMap((rule) => [...rule.methods.keys()]));
    if (allowed.has('GET')) allowed.add('HEAD');
    if (!allowed.has(req.method)) {
      res.setHeader('Allow', [...allowed].sort().join(', '));
      res.status(405).json({ statusCode: 405, message: `Method ${req.method} is not allowed here` });
      return;
    }
    const accepted = matching.flatMap((rule) => rule.methods.get(req.method) ?? []);
    if (accepted.length > 0 && hasBody(req) && !accepted.includes(mediaType(req))) {
      res.status(415).json({ statusCode: 415, message: `Content-Type must be ${accepted.join(' or ')}` });
      return;
    }
    next();
  }

  private pathRules(): PathRule[] {
    this.rules ??= Object.entries(this.catalogue.document().paths ?? {}).map(([template, item]) => ({
      pattern: new RegExp(`^${template.split(/\{[^}]+\}/).map(escape).join('[^/]+')}$`),
      parameters: template.split('{').length - 1,
      methods: new Map(
        Object.entries(item as Record<string, { requestBody?: { content?: Record<string, unknown> } }>).map(([method, op]) => [method.toUpperCase(), Object.keys(op.requestBody?.content ?? {})]),
      ),
    }));
    return this.rules;
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether the request carries a body (a length above zero, or a chunked one). */
function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

function mediaType(req: Request): string {
  return (req.headers['content-type'] ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
}
