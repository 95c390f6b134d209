// The base query every endpoint goes through: bearer token and cookies on each request, the
// spec's error messages, and the retry policy of retry-policy.ts.
import { fetchBaseQuery, retry, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query';
import { DEFAULT_MAX_RETRIES, retryDelayMs, shouldRetry, wait } from './retry-policy';
import { readSessionToken } from './session-token';
import { parseBodyText, toApiError, type ApiError } from './transport-error';

export interface GatewayBaseQueryOptions {
  baseUrl?: string;
  /** Replaces the global fetch (tests). */
  fetchFn?: typeof fetch;
}

export function createGatewayBaseQuery({ baseUrl = '/api', fetchFn }: GatewayBaseQueryOptions = {}) {
  const fetchFromGateway = fetchBaseQuery({
    baseUrl,
    fetchFn,
    credentials: 'include',
    prepareHeaders: (headers) => {
      const token = readSessionToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return headers;
    },
    // Read every body as text: error messages quote the body verbatim (spec section 8), and
    // successful bodies are parsed below.
    responseHandler: 'text',
  });

  const gatewayQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (
    args,
    baseQueryApi,
    extraOptions,
  ) => {
    const result = await fetchFromGateway(args, baseQueryApi, extraOptions);
    if (result.error) {
      return { error: toApiError(result.error, result.meta?.response?.statusText), meta: result.meta };
    }
    const data = typeof result.data === 'string' ? parseBodyText(result.data) : result.data;
    return { data, meta: result.meta };
  };

  return retry(gatewayQuery, {
    retryCondition: (error, _args, { attempt, baseQueryApi, extraOptions }) =>
      shouldRetry({
        status: (error as ApiError).status,
        requestType: baseQueryApi.type,
        attempt,
        // Undefined when a queryFn calls the base query without extra options.
        maxRetries: extraOptions?.maxRetries ?? DEFAULT_MAX_RETRIES,
      }),
    backoff: (attempt, _maxRetries, signal) => wait(retryDelayMs(attempt), signal),
  });
}

/** Endpoints that must never be retried pass this as their `extraOptions`. */
export const NO_RETRY = { maxRetries: 0 } as const;
