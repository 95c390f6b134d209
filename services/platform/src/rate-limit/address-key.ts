import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { isIPv4, isIPv6 } from 'node:net';

/** What an address that is not one counts as (a proxy's `unknown`, garbage in a trusted header). */
export const UNKNOWN_ADDRESS = 'unknown';

/**
 * The key every per-address limit counts by (sign-in, recovery, contact messages, guest uploads,
 * likes and views, signups, page views): an IPv4 address as it is; an IPv6 address by its /64
 * network (`2001:db8:1:2::/64`), because one subscriber gets a whole /64 and could otherwise take
 * a fresh address per try; an IPv4-mapped IPv6 address as its IPv4 address. Anything else (a long
 * or made-up `X-Forwarded-For` entry from a trusted proxy) is `unknown`, so a key is always short
 * enough for any column (at most 24 characters) and never an error.
 */
export function addressKey(address: string | undefined): string {
  if (!address) return UNKNOWN_ADDRESS;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1];
  if (mapped !== undefined && isIPv4(mapped)) return mapped;
  if (isIPv4(address)) return address;
  // A zone (`fe80::1%eth0`) names the interface, not the client.
  const ipv6 = address.split('%', 1)[0] ?? '';
  if (address.length > 64 || !isIPv6(ipv6)) return UNKNOWN_ADDRESS;
  return `${expandIPv6(ipv6).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, without leading zeros (an IPv4 tail becomes two groups). */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  const tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text)?.[1];
  if (tail !== undefined) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    text = `${text.slice(0, -tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const groups = rest === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((group) => parseInt(group, 16).toString(16));
}

/**
 * The caller's address key (`addressKey` of Express's `req.ip`, which honours TRUSTED_PROXIES):
 * what a controller hands to a per-address limit.
 */
export const AddressKey = createParamDecorator((_data: unknown, ctx: ExecutionContext): string => addressKey(ctx.switchToHttp().getRequest<Request>().ip));
