import { Controller, Get, Header, Injectable } from '@nestjs/common';
import type { Provider } from '@nestjs/common';
import { buildOpenApiDocument, ServiceApiDocument } from './api-document';
import type { OpenApiObject } from './api-document';

export const API_TITLE = 'Wildframe API';
export const API_VERSION = '1.0.0';

/**
 * The API documents of the services running in this process: one in a service's own process
 * (distributed shape), all of them in the standalone app. Each service module registers its own
 * with `openApiProvider`.
 */
@Injectable()
export class OpenApiCatalogue {
  private readonly documents = new Map<string, ServiceApiDocument>();
  private built: OpenApiObject | undefined;

  register(document: ServiceApiDocument): void {
    this.documents.set(document.service, document);
    this.built = undefined;
  }

  services(): string[] {
    return [...this.documents.keys()].sort();
  }

  document(): OpenApiObject {
    this.built ??= buildOpenApiDocument([...this.documents.values()], {
      title: API_TITLE,
      version: API_VERSION,
      description: `The HTTP API of ${this.services().join(', ') || 'no service'}. Errors answer with { statusCode, message }.`,
    });
    return this.built;
  }
}

/** A provider that registers a service's document when its module starts. */
export function openApiProvider(token: string, build: () => ServiceApiDocument): Provider {
  return {
    provide: token,
    useFactory: (catalogue: OpenApiCatalogue) => {
      const document = build();
      catalogue.register(document);
      return document;
    },
    inject: [OpenApiCatalogue],
  };
}

/** GET /api/openapi.json: the OpenAPI 3.1 document of this process's services. */
@Controller()
export class OpenApiController {
  constructor(private readonly catalogue: OpenApiCatalogue) {}

  @Get('openapi.json')
  @Header('Cache-Control', 'no-cache')
  document(): OpenApiObject {
    return this.catalogue.document();
  }
}
