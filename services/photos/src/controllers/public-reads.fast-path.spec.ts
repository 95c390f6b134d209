import type { IncomingMessage } from 'node:http';
import { clientAddress } from './public-reads.fast-path';

const requestFrom = (socketAddress: string, forwardedFor?: string) =>
  ({ socket: { remoteAddress: socketAddress }, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } }) as unknown as IncomingMessage;
const loopbackTrusted = (address: string) => address === '127.0.0.1';

describe('clientAddress (as Express req.ip)', () => {
  it('is the socket address without a trusted proxy in front', () => {
    expect(clientAddress(requestFrom('203.0.113.9'), loopbackTrusted)).toBe('203.0.113.9');
    expect(clientAddress(requestFrom('203.0.113.9', '10.0.0.1'), loopbackTrusted)).toBe('203.0.113.9');
  });

  it('goes back through X-Forwarded-For while the hop is trusted', () => {
    expect(clientAddress(requestFrom('127.0.0.1', '198.51.100.7'), loopbackTrusted)).toBe('198.51.100.7');
    expect(clientAddress(requestFrom('127.0.0.1', '198.51.100.7, 127.0.0.1'), loopbackTrusted)).toBe('198.51.100.7');
    expect(clientAddress(requestFrom('127.0.0.1', 'forged, 198.51.100.7'), loopbackTrusted)).toBe('198.51.100.7');
  });
});
