import 'reflect-metadata';
import { Module } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { PHOTOS_API, type PhotosApi } from '@wildframe/contracts';
import { createHttpApp, InProcessEventBus, loadConfig, LocalServiceRegistry, PlatformModule } from '@wildframe/platform';
import { Writable } from 'node:stream';
import { gatewayConfigSchema } from '../gateway.config';
import { configureGatewayHttp, type GatewayHttpOptions } from '../gateway.http';
import { GatewayModule } from '../gateway.module';

const silent = new Writable({ write: (_chunk, _encoding, done) => done() });

/**
 * For the web specs: the gateway's HTTP app serving a web folder (`options`), with `photos`
 * registered in-process when given. The test client on loopback stands in for the ingress
 * (X-Forwarded-Proto/Host/For are believed from it).
 */
export async function bootWebTestGateway(options: GatewayHttpOptions, photos?: PhotosApi | null): Promise<NestExpressApplication> {
  @Module({
    imports: [
      PlatformModule.forRoot({ logging: { service: 'gateway', level: 'error', destination: silent }, eventBus: new InProcessEventBus() }),
      GatewayModule.register(loadConfig('gateway', gatewayConfigSchema, {})),
    ],
  })
  class TestGatewayModule {}
  const app: NestExpressApplication = await createHttpApp(TestGatewayModule, { trustProxy: ['loopback'] });
  if (photos) app.get(LocalServiceRegistry).register(PHOTOS_API, photos);
  configureGatewayHttp(app, options);
  await app.init();
  return app;
}
