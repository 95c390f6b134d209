// The reason shown with an admin failure toast (spec, section 8: "each with a reason").
import { serverMessage } from '../../api/server-message';
import { CONNECTION_FAILED_MESSAGE, isApiError } from '../../api/transport-error';

export function failureReason(error: unknown): string {
  const fromServer = serverMessage(error);
  if (fromServer) return fromServer;
  if (isApiError(error) && error.status === 'FETCH_ERROR') return CONNECTION_FAILED_MESSAGE;
  return 'Please try again.';
}
