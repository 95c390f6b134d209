import type { NestExpressApplication } from '@nestjs/platform-express';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Which peers may tell us the client's address in `X-Forwarded-For` (Express `trust proxy`).
 * Per-IP limits (sign-in, contact, guest uploads and likes) key on that address, so trusting a
 * peer that is not our own proxy lets anyone reset them by changing the header. Default: nobody.
 * - `false`: the socket address is the client (a process reached directly, the standalone shape).
 * - a number n: the last n hops are our proxies (the ingress; in the distributed shape the
 *   gateway adds one more for the services behind it).
 * - a list: addresses or subnets of our proxies (`10.0.0.0/8`, `loopback`, …).
 */
export type TrustProxySetting = false | number | string[];

const PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrSubnet(entry: string): boolean {
  if (PRESETS.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

export function parseTrustProxy(value: string | undefined): TrustProxySetting {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '' || trimmed === 'false' || trimmed === '0') return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  return trimmed.split(',').map((entry) => entry.trim()).filter(Boolean);
}

/** `TRUSTED_PROXIES`: unset (nobody), a hop count, or a comma list of addresses, subnets and presets. */
export const trustProxyEnv = {
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .refine(
      (value) => {
        const setting = parseTrustProxy(value);
        return !Array.isArray(setting) || setting.every(isAddressOrSubnet);
      },
      'must be a number of proxy hops, or a comma-separated list of addresses, subnets (10.0.0.0/8) or loopback, linklocal, uniquelocal',
    )
    .transform(parseTrustProxy),
};

/** Express's `trust proxy fn`: whether the hop-th address back from the socket is one of our proxies (TRUSTED_PROXIES). */
export type TrustProxyFn = (address: string, hop: number) => boolean;

/** The app's TRUSTED_PROXIES as Express applies it (read per call: tests change the setting after start). */
export function trustProxyOf(app: NestExpressApplication): () => TrustProxyFn {
  const expressApp = app.getHttpAdapter().getInstance() as { get(setting: string): unknown };
  return () => expressApp.get('trust proxy fn') as TrustProxyFn;
}

/**
 * The client's address as Express's `req.ip` gives it: the nearest address, going back through
 * X-Forwarded-For while the hop is a trusted proxy.
 */
export function clientAddress(req: IncomingMessage, trust: TrustProxyFn): string {
  const addresses = [req.socket.remoteAddress ?? ''];
  const forwarded = req.headers['x-forwarded-for'];
  if (typeof forwarded === 'string') addresses.push(...forwarded.split(',').map((a: string) => a.trim()).reverse());
  for (let hop = 0; hop < addresses.length - 1; hop++) if (!trust(addresses[hop] as string, hop)) return addresses[hop] as string;
  return addresses[addresses.length - 1] as string;
}

/** The scheme the client used, as Express's `req.protocol` gives it (X-Forwarded-Proto from a trusted proxy). */
export function clientProtocol(req: IncomingMessage, trust: TrustProxyFn): string {
  const own = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  if (!trust(req.socket.remoteAddress ?? '', 0)) return own;
  const header = req.headers['x-forwarded-proto'];
  const first = (typeof header === 'string' ? header : own).split(',', 1)[0]?.trim();
  return first || own;
}
