import { Controller, Get, Ip, Module } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { z } from 'zod';
import { InProcessEventBus } from '../events';
import { PlatformModule } from '../platform.module';
import { createHttpApp } from './create-http-app';
import { clientAddress, clientProtocol, TrustProxySetting, trustProxyEnv } from './trust-proxy';

@Controller('whoami')
class WhoAmIController {
  @Get()
  who(@Ip() ip: string): { ip: string } {
    return { ip };
  }
}

async function appTrusting(trustProxy: TrustProxySetting | undefined): Promise<NestExpressApplication> {
  @Module({
    imports: [PlatformModule.forRoot({ logging: { service: 'test', level: 'silent' }, eventBus: new InProcessEventBus({ logger: { info: () => undefined, warn: () => undefined, error: () => undefined } }) })],
    controllers: [WhoAmIController],
  })
  class ProbeModule {}
  const app = await createHttpApp(ProbeModule, trustProxy === undefined ? {} : { trustProxy });
  await app.init();
  return app;
}

const schema = z.object(trustProxyEnv);

describe('TRUSTED_PROXIES', () => {
  it('parses unset, a hop count and a list, and refuses what is not an address or subnet', () => {
    expect(schema.parse({}).TRUSTED_PROXIES).toBe(false);
    expect(schema.parse({ TRUSTED_PROXIES: '2' }).TRUSTED_PROXIES).toBe(2);
    expect(schema.parse({ TRUSTED_PROXIES: '10.0.0.0/8, loopback,::1' }).TRUSTED_PROXIES).toEqual(['10.0.0.0/8', 'loopback', '::1']);
    for (const bad of ['everyone', '10.0.0.0/33', '300.1.1.1', 'true']) expect(schema.safeParse({ TRUSTED_PROXIES: bad }).success).toBe(false);
  });

  it('by default trusts no peer: X-Forwarded-For cannot choose the client address', async () => {
    const app = await appTrusting(undefined);
    try {
      const res = await request(app.getHttpServer()).get('/api/whoami').set('X-Forwarded-For', '203.0.113.7');
      expect(res.body.ip).toMatch(/127\.0\.0\.1|::1/);
      // The peers the old setting trusted (a LAN, a Docker bridge) are not trusted either.
      const express = app.getHttpAdapter().getInstance() as { get(setting: string): (address: string, hop: number) => boolean };
      const trusts = express.get('trust proxy fn');
      for (const peer of ['172.17.0.2', '192.168.1.20', '10.1.2.3', '169.254.1.1', '127.0.0.1']) expect(trusts(peer, 0)).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('takes the client address from the configured hops only', async () => {
    const app = await appTrusting(1);
    try {
      const res = await request(app.getHttpServer()).get('/api/whoami').set('X-Forwarded-For', '198.51.100.1, 203.0.113.7');
      // One hop (our ingress) appended 203.0.113.7; what the client wrote before it is not believed.
      expect(res.body.ip).toBe('203.0.113.7');
    } finally {
      await app.close();
    }
  });
});

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

describe('clientProtocol (as Express req.protocol)', () => {
  const request = (socketAddress: string, proto?: string) =>
    ({ socket: { remoteAddress: socketAddress }, headers: proto === undefined ? {} : { 'x-forwarded-proto': proto } }) as unknown as IncomingMessage;

  it("believes X-Forwarded-Proto only from a trusted proxy, and only its first value", () => {
    expect(clientProtocol(request('203.0.113.9', 'https'), loopbackTrusted)).toBe('http');
    expect(clientProtocol(request('127.0.0.1', 'https'), loopbackTrusted)).toBe('https');
    expect(clientProtocol(request('127.0.0.1', 'https, http'), loopbackTrusted)).toBe('https');
    expect(clientProtocol(request('127.0.0.1'), loopbackTrusted)).toBe('http');
  });
});
