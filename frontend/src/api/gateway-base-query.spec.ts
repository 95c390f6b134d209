import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { createGatewayBaseQuery, NO_RETRY } from './gateway-base-query';
import { CONNECTION_FAILED_MESSAGE } from './transport-error';

type FetchFn = (request: Request) => Promise<Response>;

function baseQueryApi(type: 'query' | 'mutation'): BaseQueryApi {
  return {
    signal: new AbortController().signal,
    abort: () => undefined,
    dispatch: () => undefined,
    getState: () => ({}),
    extra: undefined,
    endpoint: 'test',
    type,
  };
}

function setup(fetchFn: FetchFn) {
  const calls: Request[] = [];
  const fetchSpy = (async (input: Request) => {
    calls.push(input);
    return fetchFn(input);
  }) as typeof fetch;
  const baseQuery = createGatewayBaseQuery({ baseUrl: 'http://gateway.test/api', fetchFn: fetchSpy });
  return { baseQuery, calls };
}

const connectionRefused: FetchFn = () => Promise.reject(new TypeError('fetch failed'));

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe('gateway base query', () => {
  beforeEach(() => {
    // Keep the microtask queue real: response bodies are read through it.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
  });
  afterEach(() => {
    jest.useRealTimers();
    Reflect.deleteProperty(globalThis, 'window');
  });

  it('retries a failed connection twice, after 1 s and then 2 s, then reports it', async () => {
    const { baseQuery, calls } = setup(connectionRefused);
    const pending = baseQuery('photos', baseQueryApi('query'), {});

    await jest.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);

    const result = await pending;
    expect(result.error).toEqual({ status: 'FETCH_ERROR', message: CONNECTION_FAILED_MESSAGE });
    await jest.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(3);
  });

  it('succeeds when the connection comes back during the retries', async () => {
    let attempts = 0;
    const { baseQuery, calls } = setup(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('fetch failed');
      return Response.json({ liked: true, totalLikes: 4 });
    });
    const pending = baseQuery('photos/1/like', baseQueryApi('query'), {});
    await jest.advanceTimersByTimeAsync(1000);
    const result = await pending;
    expect(calls).toHaveLength(2);
    expect(result.data).toEqual({ liked: true, totalLikes: 4 });
  });

  it('never retries a mutation', async () => {
    const { baseQuery, calls } = setup(connectionRefused);
    const result = await baseQuery({ url: 'auth/logout', method: 'POST' }, baseQueryApi('mutation'), {});
    await jest.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect(result.error?.message).toBe(CONNECTION_FAILED_MESSAGE);
  });

  it('does not retry an endpoint that asks for no retries', async () => {
    const { baseQuery, calls } = setup(connectionRefused);
    await baseQuery('auth/user', baseQueryApi('query'), NO_RETRY);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
  });

  it('reports a server answer to a queryFn that passes no extra options', async () => {
    const { baseQuery, calls } = setup(async () =>
      Response.json({ statusCode: 409, message: 'An account with this email already exists' }, { status: 409 }),
    );
    const result = await baseQuery(
      { url: 'auth/signup', method: 'POST', body: {} },
      baseQueryApi('mutation'),
      undefined as unknown as object,
    );
    expect(calls).toHaveLength(1);
    expect(result.error).toEqual(
      expect.objectContaining({
        status: 409,
        data: { statusCode: 409, message: 'An account with this email already exists' },
      }),
    );
  });

  it('does not retry an answer from the server and quotes its body', async () => {
    const { baseQuery, calls } = setup(async () =>
      Response.json({ message: 'Upload limit exceeded' }, { status: 429, statusText: 'Too Many Requests' }),
    );
    const result = await baseQuery('photos/upload', baseQueryApi('query'), {});
    await jest.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect(result.error).toEqual({
      status: 429,
      message: '429: {"message":"Upload limit exceeded"}',
      data: { message: 'Upload limit exceeded' },
    });
  });

  it('uses the status text when an error has no body', async () => {
    const { baseQuery } = setup(
      async () => new Response(null, { status: 503, statusText: 'Service Unavailable' }),
    );
    const result = await baseQuery('featured-photos', baseQueryApi('query'), {});
    expect(result.error?.message).toBe('503: Service Unavailable');
  });

  it('parses JSON bodies and sends cookies', async () => {
    const { baseQuery, calls } = setup(async () => Response.json([{ id: 'p1' }]));
    const result = await baseQuery('featured-photos', baseQueryApi('query'), {});
    expect(result.data).toEqual([{ id: 'p1' }]);
    expect(calls[0].url).toBe('http://gateway.test/api/featured-photos');
    expect(calls[0].credentials).toBe('include');
    expect(calls[0].headers.has('authorization')).toBe(false);
  });

  it('sends the stored session token as a bearer credential', async () => {
    const localStorage = new MemoryStorage();
    localStorage.setItem('sessionToken', 'token-123');
    Object.defineProperty(globalThis, 'window', { value: { localStorage }, configurable: true });
    const { baseQuery, calls } = setup(async () => Response.json({}));
    await baseQuery('auth/user', baseQueryApi('query'), {});
    expect(calls[0].headers.get('authorization')).toBe('Bearer token-123');
  });
});
