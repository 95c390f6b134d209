import { errorStatus, serverMessage } from './server-message';

describe('serverMessage', () => {
  it("reads the message of the gateway's error envelope", () => {
    const error = {
      status: 409,
      message: '409: {"statusCode":409,"message":"An account with this email already exists"}',
      data: { statusCode: 409, message: 'An account with this email already exists' },
    };
    expect(serverMessage(error)).toBe('An account with this email already exists');
  });

  it('joins a list of validation messages', () => {
    const error = {
      status: 400,
      message: '400: …',
      data: { statusCode: 400, message: ['First name is required', 'Last name is required'] },
    };
    expect(serverMessage(error)).toBe('First name is required Last name is required');
  });

  it('has nothing to say for a failed connection, a body without message or a foreign error', () => {
    expect(serverMessage({ status: 'FETCH_ERROR', message: 'Connection failed' })).toBeUndefined();
    expect(serverMessage({ status: 500, message: '500: oops', data: 'oops' })).toBeUndefined();
    expect(serverMessage({ status: 400, message: '400', data: { message: '  ' } })).toBeUndefined();
    expect(serverMessage(new Error('boom'))).toBeUndefined();
  });
});

describe('errorStatus', () => {
  it('is the HTTP status when the server answered', () => {
    expect(errorStatus({ status: 429, message: '429: …' })).toBe(429);
    expect(errorStatus({ status: 'FETCH_ERROR', message: 'Connection failed' })).toBeUndefined();
    expect(errorStatus('nope')).toBeUndefined();
  });
});
