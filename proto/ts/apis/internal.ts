/**
 * Service-to-service HTTP calls (distributed shape) carry the shared INTERNAL_API_TOKEN in this
 * header; the gateway never forwards `/api/internal/**` from outside.
 */
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';
