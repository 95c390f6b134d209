import type { OpenApiObject } from './api-document';

/**
 * Merges the documents the services serve (distributed shape: the gateway fetches each one) into
 * one. Paths and component names are unique across services; a duplicate is a bug in the
 * contract, so it fails loudly instead of one silently replacing the other.
 */
export function mergeOpenApiDocuments(documents: readonly OpenApiObject[], info: OpenApiObject['info']): OpenApiObject {
  const merged: OpenApiObject = { openapi: '3.1.0', info, servers: [{ url: '/' }], paths: {}, components: { schemas: {}, securitySchemes: {} }, tags: [] };
  const paths = merged.paths as Record<string, Record<string, unknown>>;
  const components = merged.components as { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
  for (const document of documents) {
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      const target = (paths[path] ??= {});
      for (const [method, operation] of Object.entries(item as Record<string, unknown>)) {
        if (method in target) throw new Error(`OpenAPI: ${method.toUpperCase()} ${path} is described by two services`);
        target[method] = operation;
      }
    }
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
      if (name in components.schemas && JSON.stringify(components.schemas[name]) !== JSON.stringify(schema)) {
        throw new Error(`OpenAPI: schema ${name} differs between services`);
      }
      components.schemas[name] = schema;
    }
    Object.assign(components.securitySchemes, document.components?.securitySchemes ?? {});
    for (const tag of document.tags ?? []) if (!merged.tags?.some((t) => t.name === tag.name)) merged.tags?.push(tag);
  }
  merged.tags?.sort((a, b) => a.name.localeCompare(b.name));
  return merged;
}
