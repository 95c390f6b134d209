// The human message inside an error the gateway sent. Every service answers errors with
// `{ statusCode, message }`; validation errors may carry a list of messages.
import { isApiError } from './transport-error';

/** The server's own message for a failed call, or undefined when there is none to show. */
export function serverMessage(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const data = error.data;
  if (typeof data !== 'object' || data === null || !('message' in data)) return undefined;
  const message = (data as { message: unknown }).message;
  if (typeof message === 'string') return message.trim() || undefined;
  if (Array.isArray(message)) {
    const texts = message.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
    return texts.length > 0 ? texts.join(' ') : undefined;
  }
  return undefined;
}

/** The HTTP status of a failed call, when the server answered at all. */
export function errorStatus(error: unknown): number | undefined {
  return isApiError(error) && typeof error.status === 'number' ? error.status : undefined;
}
