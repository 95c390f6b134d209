import {
  BASE_RETRY_DELAY_MS,
  MAX_RETRY_DELAY_MS,
  retryDelayMs,
  shouldRetry,
  wait,
} from './retry-policy';

describe('retryDelayMs', () => {
  it('waits 1 s before the first retry and doubles each time', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayMs(attempt))).toEqual([
      1000, 2000, 4000, 8000, 16000,
    ]);
  });

  it('never waits longer than 30 s', () => {
    expect(retryDelayMs(6)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelayMs(50)).toBe(30_000);
  });

  it('treats an attempt below 1 as the first retry', () => {
    expect(retryDelayMs(0)).toBe(BASE_RETRY_DELAY_MS);
  });

  it('accepts another base and cap', () => {
    expect(retryDelayMs(3, 100, 250)).toBe(250);
    expect(retryDelayMs(2, 100, 250)).toBe(200);
  });
});

describe('shouldRetry', () => {
  const connectionFailure = { status: 'FETCH_ERROR', requestType: 'query' } as const;

  it('retries a failed connection twice, then gives up', () => {
    expect(shouldRetry({ ...connectionFailure, attempt: 1 })).toBe(true);
    expect(shouldRetry({ ...connectionFailure, attempt: 2 })).toBe(true);
    expect(shouldRetry({ ...connectionFailure, attempt: 3 })).toBe(false);
  });

  it('never retries a response the server sent', () => {
    for (const status of [400, 401, 404, 429, 500, 503]) {
      expect(shouldRetry({ status, requestType: 'query', attempt: 1 })).toBe(false);
    }
  });

  it('never retries other client-side failures', () => {
    for (const status of ['PARSING_ERROR', 'TIMEOUT_ERROR', 'CUSTOM_ERROR']) {
      expect(shouldRetry({ status, requestType: 'query', attempt: 1 })).toBe(false);
    }
  });

  it('never retries a mutation, even on a failed connection', () => {
    expect(shouldRetry({ status: 'FETCH_ERROR', requestType: 'mutation', attempt: 1 })).toBe(false);
  });

  it('honours an endpoint that allows no retries', () => {
    expect(shouldRetry({ ...connectionFailure, attempt: 1, maxRetries: 0 })).toBe(false);
  });
});

describe('wait', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('resolves after the delay', async () => {
    let done = false;
    const waiting = wait(1000).then(() => {
      done = true;
    });
    await jest.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await waiting;
    expect(done).toBe(true);
  });

  it('rejects as soon as the request is aborted', async () => {
    const controller = new AbortController();
    const waiting = wait(30_000, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toThrow('Aborted');
  });

  it('rejects at once when already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(wait(1000, controller.signal)).rejects.toThrow('Aborted');
  });
});
