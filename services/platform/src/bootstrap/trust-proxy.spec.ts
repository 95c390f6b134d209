import { Controller, Get, Ip, Module } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { z } from 'zod';
import { InProcessEventBus } from '../events';
import { PlatformModule } from '../platform.module';
import { createHttpApp } from './create-http-app';
import { TrustProxySetting, trustProxyEnv } from './trust-proxy';

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
