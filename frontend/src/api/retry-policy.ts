// Retry policy of the spec (section 7, "Shared behaviour"): only a failed connection is retried,
// at most twice, waiting 1 s, then 2 s, doubling up to 30 s; mutations are never retried.

export const DEFAULT_MAX_RETRIES = 2;
export const BASE_RETRY_DELAY_MS = 1000;
export const MAX_RETRY_DELAY_MS = 30_000;

/** Delay before retry number `attempt` (1 for the first retry). */
export function retryDelayMs(
  attempt: number,
  baseMs = BASE_RETRY_DELAY_MS,
  capMs = MAX_RETRY_DELAY_MS,
): number {
  const exponent = Math.max(0, attempt - 1);
  return Math.min(baseMs * 2 ** exponent, capMs);
}

export interface RetryDecisionInput {
  /** `status` of the failed attempt: an HTTP status or one of fetchBaseQuery's error kinds. */
  status: number | string;
  /** 'query' or 'mutation', as RTK Query reports it on the base query api. */
  requestType: 'query' | 'mutation';
  /** How many attempts have failed so far (1 after the first failure). */
  attempt: number;
  maxRetries?: number;
}

export function shouldRetry({
  status,
  requestType,
  attempt,
  maxRetries = DEFAULT_MAX_RETRIES,
}: RetryDecisionInput): boolean {
  if (requestType === 'mutation') return false;
  if (status !== 'FETCH_ERROR') return false;
  return attempt <= maxRetries;
}

/** Resolves after `ms`, or rejects as soon as `signal` aborts. */
export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new Error('Aborted'));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('Aborted'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
