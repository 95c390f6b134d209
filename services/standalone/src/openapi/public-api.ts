import { analysisApiDocument } from '@wildframe/analysis';
import { authApiDocument } from '@wildframe/auth';
import { billingApiDocument } from '@wildframe/billing';
import { contactApiDocument } from '@wildframe/contact';
import { gatewayApiDocument } from '@wildframe/gateway';
import { photosApiDocument } from '@wildframe/photos';
import { API_TITLE, API_VERSION, buildOpenApiDocument } from '@wildframe/platform';
import type { OpenApiObject } from '@wildframe/platform';

/**
 * The whole public API, every payment provider's routes included: what the web's generated types
 * are made from (frontend/src/api/generated). A running app serves the routes it mounts.
 */
export function publicApiDocument(): OpenApiObject {
  return buildOpenApiDocument(
    [gatewayApiDocument(), authApiDocument(), photosApiDocument(), analysisApiDocument(), billingApiDocument('all'), contactApiDocument()],
    { title: API_TITLE, version: API_VERSION, description: 'The Wildframe HTTP API. Errors answer with { statusCode, message }.' },
  );
}
