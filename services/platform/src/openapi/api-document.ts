import { OpenApiGeneratorV31, OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

/**
 * The HTTP contract of a service, built from the same zod schemas its controllers validate with
 * (request bodies, query strings) and the zod schemas of its responses. Each service fills one
 * in `src/openapi.ts`; the platform merges them into the one OpenAPI 3.1 document.
 */

/** The one error envelope every error answers with (spec, section 5). */
export const errorEnvelopeSchema = z
  .object({ statusCode: z.number().int().min(400).max(599), message: z.string() })
  .meta({ id: 'ErrorEnvelope', description: 'Every error: the HTTP status and a message for people.' });

export const BEARER_SCHEME = 'bearerAuth';

/**
 * Who may call an operation. `optional`: anyone; a bearer token changes the answer (likes, own
 * private photos). `user`/`admin`: 401 without a valid token, 403 for a non-admin on admin routes.
 */
export type Access = 'public' | 'optional' | 'user' | 'admin';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface ApiOperation {
  method: HttpMethod;
  /** OpenAPI path with `{name}` parameters, e.g. `/api/photos/{id}/like`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON request body. */
  body?: z.ZodType;
  /** A multipart/form-data request body (uploads). */
  form?: z.ZodObject;
  /** The success answer: a JSON schema, or binary content (images, downloads). */
  response: { status: 200 | 201 | 202 | 204; description: string; json?: z.ZodType; binary?: readonly string[] };
  /** The error statuses this operation answers with besides the ones its shape implies. */
  errors?: readonly number[];
  /** The service answers with 503 when a dependency is down (health). */
  json503?: z.ZodType;
}

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid request: the message names the first problem',
  401: 'Not signed in, or the session has expired',
  402: 'Payment required: the card was declined or the payment is not complete',
  403: 'Signed in but not allowed',
  404: 'Nothing with this id (or not visible to the caller)',
  409: 'Conflicts with the current state',
  413: 'Request body or file too large',
  415: 'Unsupported content type',
  422: 'Understood but refused (content policy, image rules)',
  423: 'Locked: too many failed sign-ins in a row; the password must be reset through the security questions',
  429: 'Too many requests: try again later',
  503: 'A dependency is unavailable',
};

function errorResponse(status: number): ResponseConfig {
  return { description: ERROR_TEXT[status] ?? 'Error', content: { 'application/json': { schema: errorEnvelopeSchema } } };
}

/** One service's operations and the schemas they share. */
export class ServiceApiDocument {
  readonly registry = new OpenAPIRegistry();

  constructor(
    /** The service name, also the operations' tag. */
    readonly service: string,
    readonly description: string,
  ) {}

  add(op: ApiOperation): this {
    const errors = new Set<number>(op.errors ?? []);
    if (op.params || op.query || op.body || op.form) errors.add(400);
    if (op.body || op.form) {
      errors.add(413);
      errors.add(415);
    }
    if (op.params) errors.add(404);
    if (op.access === 'user' || op.access === 'admin') errors.add(401);
    if (op.access === 'admin') errors.add(403);
    const responses: RouteConfig['responses'] = {};
    const { response } = op;
    if (response.json) responses[response.status] = { description: response.description, content: { 'application/json': { schema: response.json } } };
    else if (response.binary)
      responses[response.status] = {
        description: response.description,
        content: Object.fromEntries(response.binary.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }])),
      };
    else responses[response.status] = { description: response.description };
    for (const status of [...errors].sort()) responses[status] = errorResponse(status);
    if (op.json503) responses[503] = { description: ERROR_TEXT[503] as string, content: { 'application/json': { schema: op.json503 } } };
    // Any other error (e.g. 429 from a shared rate limit, 500) still comes in the envelope.
    responses['default'] = { description: 'Any other error', content: { 'application/json': { schema: errorEnvelopeSchema } } };

    const request: RouteConfig['request'] = {};
    if (op.params) request.params = op.params;
    if (op.query) request.query = op.query;
    if (op.body) request.body = { required: true, content: { 'application/json': { schema: op.body } } };
    if (op.form) request.body = { required: true, content: { 'multipart/form-data': { schema: op.form } } };

    this.registry.registerPath({
      method: op.method,
      path: op.path,
      operationId: op.operationId,
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      tags: [this.service],
      security: securityFor(op.access),
      request,
      responses,
    });
    return this;
  }
}

function securityFor(access: Access): Array<Record<string, string[]>> {
  switch (access) {
    case 'public':
      return [];
    case 'optional':
      // Either anonymous or signed in.
      return [{}, { [BEARER_SCHEME]: [] }];
    default:
      return [{ [BEARER_SCHEME]: [] }];
  }
}

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
}

/** A JSON object: the generated OpenAPI document, ready to serve. */
export type OpenApiObject = ReturnType<OpenApiGeneratorV31['generateDocument']>;

/** The OpenAPI 3.1 document of the given services (one service: its own; all: the public API). */
export function buildOpenApiDocument(documents: readonly ServiceApiDocument[], info: OpenApiInfo): OpenApiObject {
  const shared = new OpenAPIRegistry();
  shared.registerComponent('securitySchemes', BEARER_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    description: 'The sessionToken from POST /api/auth/login or /api/auth/signup',
  });
  const generator = new OpenApiGeneratorV31([...shared.definitions, ...documents.flatMap((d) => d.registry.definitions)]);
  const sorted = [...documents].sort((a, b) => a.service.localeCompare(b.service));
  return generator.generateDocument({
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, ...(info.description ? { description: info.description } : {}) },
    servers: [{ url: '/' }],
    tags: sorted.map((d) => ({ name: d.service, description: d.description })),
  });
}

/** Path parameters that name a row by its uuid: anything else is answered 404 (or 400), never 500. */
export const uuidParams = <K extends string>(...names: K[]) =>
  z.object(Object.fromEntries(names.map((name) => [name, z.uuid()])) as Record<K, z.ZodUUID>);

/** `{ message }`: what most state-changing calls answer with. */
export const messageSchema = z.object({ message: z.string() }).meta({ id: 'Message' });
