import { DynamicModule, Module } from '@nestjs/common';
import { CLOCK, FixedWindowRateLimiter, MemoryRateLimitStore, type Clock } from '@wildframe/platform';
import { PAGE_VIEW_RATE_LIMITER, PAGE_VIEWS_PER_MINUTE, PageViewController } from './analytics/page-view.controller';
import { PageViewService } from './analytics/page-view.service';
import type { GatewayConfig } from './gateway.config';
import { SITE_CONFIG, SiteConfigController, type SiteConfig } from './site/site-config.controller';
import { openApiProvider } from '@wildframe/platform';
import { gatewayApiDocument } from './openapi';

/** The gateway's own API routes: page-view analytics and the public site configuration. */
@Module({})
export class GatewayModule {
  static register(config: GatewayConfig): DynamicModule {
    const site: SiteConfig = {
      contactEmail: config.CONTACT_EMAIL,
      ...(config.SUPPORT_EMAIL ? { supportEmail: config.SUPPORT_EMAIL } : {}),
    };
    return {
      module: GatewayModule,
      controllers: [PageViewController, SiteConfigController],
      providers: [
        openApiProvider('GATEWAY_OPENAPI', () => gatewayApiDocument()),
        PageViewService,
        {
          provide: PAGE_VIEW_RATE_LIMITER,
          inject: [CLOCK],
          // In this replica's memory: the gateway has no database (README, Security).
          useFactory: (clock: Clock) => new FixedWindowRateLimiter('page-view', PAGE_VIEWS_PER_MINUTE, 60_000, new MemoryRateLimitStore(() => clock.now().getTime()), () => clock.now().getTime()),
        },
        { provide: SITE_CONFIG, useValue: site },
      ],
    };
  }
}
