import {
  CONNECTION_FAILED_MESSAGE,
  httpErrorMessage,
  isApiError,
  parseBodyText,
  toApiError,
  unreadableBodyMessage,
} from './transport-error';

describe('transport error messages', () => {
  it('quotes status and body text for a non-OK response', () => {
    expect(httpErrorMessage(400, '{"message":"Title is required"}', 'Bad Request')).toBe(
      '400: {"message":"Title is required"}',
    );
  });

  it('falls back to the status text when the body is empty', () => {
    expect(httpErrorMessage(503, '', 'Service Unavailable')).toBe('503: Service Unavailable');
  });

  it('names an unreadable body as a network error', () => {
    expect(unreadableBodyMessage(502, 'Bad Gateway')).toBe('Network error: 502 Bad Gateway');
  });

  it('spells the connection failure as the spec does', () => {
    expect(CONNECTION_FAILED_MESSAGE).toBe('Connection failed - please check your internet connection');
  });
});

describe('parseBodyText', () => {
  it('parses JSON, keeps other text and maps an empty body to null', () => {
    expect(parseBodyText('{"liked":true,"totalLikes":3}')).toEqual({ liked: true, totalLikes: 3 });
    expect(parseBodyText('Upload limit exceeded')).toBe('Upload limit exceeded');
    expect(parseBodyText('')).toBeNull();
  });
});

describe('toApiError', () => {
  it('maps a failed connection to the connection message', () => {
    expect(toApiError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual({
      status: 'FETCH_ERROR',
      message: CONNECTION_FAILED_MESSAGE,
    });
  });

  it('keeps the HTTP status, the spec message and the parsed body', () => {
    const error = toApiError(
      { status: 413, data: '{"message":"File size exceeds 10MB limit for explorer plan"}' },
      'Payload Too Large',
    );
    expect(error).toEqual({
      status: 413,
      message: '413: {"message":"File size exceeds 10MB limit for explorer plan"}',
      data: { message: 'File size exceeds 10MB limit for explorer plan' },
    });
  });

  it('uses the status text for an empty error body', () => {
    expect(toApiError({ status: 401, data: '' }, 'Unauthorized').message).toBe('401: Unauthorized');
  });

  it('reports an unreadable body with status and status text', () => {
    const error = toApiError(
      { status: 'PARSING_ERROR', originalStatus: 500, data: '', error: 'body stream already read' },
      'Internal Server Error',
    );
    expect(error.status).toBe(500);
    expect(error.message).toBe('Network error: 500 Internal Server Error');
  });

  it('passes timeouts and custom errors through with their own message', () => {
    expect(toApiError({ status: 'TIMEOUT_ERROR', error: 'AbortError: timed out' }).message).toBe(
      'AbortError: timed out',
    );
  });
});

describe('isApiError', () => {
  it('recognises api errors and rejects anything else', () => {
    expect(isApiError({ status: 500, message: '500: boom' })).toBe(true);
    expect(isApiError(new Error('boom'))).toBe(false);
    expect(isApiError(null)).toBe(false);
    expect(isApiError({ status: 500 })).toBe(false);
  });
});
