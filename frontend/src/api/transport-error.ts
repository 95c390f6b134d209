// Transport error messages, spelled as in the spec (section 8, "Transport"). Pure functions so the
// wording is unit-tested; the base query in api.ts is the only caller.
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

export const CONNECTION_FAILED_MESSAGE = 'Connection failed - please check your internet connection';

/** The error every endpoint of the api rejects with. `data` is the parsed body, when there is one. */
export interface ApiError {
  status: FetchBaseQueryError['status'];
  message: string;
  data?: unknown;
}

/** Non-OK response: status code, colon, body text (or the status text when the body is empty). */
export function httpErrorMessage(status: number, bodyText: string, statusText: string): string {
  return `${status}: ${bodyText || statusText}`;
}

/** Non-OK response whose body could not be read. */
export function unreadableBodyMessage(status: number, statusText: string): string {
  return `Network error: ${status} ${statusText}`;
}

/** Reads a response body that arrived as text: JSON when it parses, otherwise the text itself. */
export function parseBodyText(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Maps what fetchBaseQuery reports (with a text response handler) to an ApiError.
 * `statusText` comes from the raw Response, which fetchBaseQuery keeps in its meta.
 */
export function toApiError(error: FetchBaseQueryError, statusText = ''): ApiError {
  switch (error.status) {
    case 'FETCH_ERROR':
      return { status: error.status, message: CONNECTION_FAILED_MESSAGE };
    case 'PARSING_ERROR':
      return {
        status: error.originalStatus,
        message: unreadableBodyMessage(error.originalStatus, statusText),
        data: error.data,
      };
    case 'TIMEOUT_ERROR':
    case 'CUSTOM_ERROR':
      return { status: error.status, message: error.error, data: error.data };
    default: {
      const bodyText = typeof error.data === 'string' ? error.data : '';
      return {
        status: error.status,
        message: httpErrorMessage(error.status, bodyText, statusText),
        data: parseBodyText(bodyText),
      };
    }
  }
}

/** Narrowing for code that catches `unwrap()` rejections. */
export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    'message' in value &&
    typeof (value as { message: unknown }).message === 'string'
  );
}
