import { DynamicModule, Module } from '@nestjs/common';
import type { GatewayConfig } from './gateway.config';

/** The gateway's own API routes (page-view analytics, OpenAPI) will live here. */
@Module({})
export class GatewayModule {
  static register(_config: GatewayConfig): DynamicModule {
    return { module: GatewayModule };
  }
}
