import { Controller, Get, Module } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Agent, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InProcessEventBus } from '../events';
import { PlatformModule } from '../platform.module';
import { createHttpApp, KEEP_ALIVE_TIMEOUT_MS } from './create-http-app';

@Controller('ping')
class PingController {
  @Get()
  ping(): { ok: true } {
    return { ok: true };
  }
}

/** A small app with one route, listening on a free loopback port (a new event bus each time). */
async function listeningApp(): Promise<{ app: NestExpressApplication; server: Server; port: number }> {
  @Module({
    imports: [PlatformModule.forRoot({ logging: { service: 'test', level: 'silent' }, eventBus: new InProcessEventBus({ logger: { info: () => undefined, warn: () => undefined, error: () => undefined } }) })],
    controllers: [PingController],
  })
  class ProbeModule {}
  const app = await createHttpApp(ProbeModule);
  await app.listen(0, '127.0.0.1');
  const server = app.getHttpServer() as Server;
  return { app, server, port: (server.address() as AddressInfo).port };
}

/** GET /api/ping through `agent`; resolves with the status and whether the socket was reused. */
function ping(port: number, agent: Agent): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/ping', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('keep-alive connections', () => {
  it('stay open longer than a proxy keeps them idle (60 s), with headersTimeout above it', async () => {
    const { app, server } = await listeningApp();
    try {
      expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
      expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
      expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    } finally {
      await app.close();
    }
  });

  it('a connection idle past Node’s default 5 s (and its 1 s grace) is reused, not reset', async () => {
    const { app, port } = await listeningApp();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await ping(port, agent)).toEqual({ status: 200, reused: false });
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      expect(await ping(port, agent)).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
      await app.close();
    }
  }, 20_000);
});
