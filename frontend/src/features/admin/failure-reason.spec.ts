import { CONNECTION_FAILED_MESSAGE } from '../../api/transport-error';
import { failureReason } from './failure-reason';

describe('failureReason', () => {
  it('gives the server’s own message when there is one', () => {
    expect(failureReason({ status: 403, message: '403: …', data: { statusCode: 403, message: 'The site admin cannot be changed or deleted' } })).toBe(
      'The site admin cannot be changed or deleted',
    );
  });

  it('says the connection failed when nothing answered', () => {
    expect(failureReason({ status: 'FETCH_ERROR', message: CONNECTION_FAILED_MESSAGE })).toBe(CONNECTION_FAILED_MESSAGE);
  });

  it('falls back to a plain retry hint', () => {
    expect(failureReason({ status: 500, message: '500: ', data: null })).toBe('Please try again.');
    expect(failureReason(new Error('boom'))).toBe('Please try again.');
  });
});
