import type { NestExpressApplication } from '@nestjs/platform-express';
import { proxyMiddleware } from './proxy/proxy.middleware';
import type { Upstream } from './proxy/route-table';
import { securityHeaders } from './web/security-headers';
import { webAppMiddleware } from './web/web-app.middleware';

export interface GatewayHttpOptions {
  webDir?: string;
  /** Distributed shape only: where each service listens. */
  upstreams?: Partial<Record<Upstream, string>>;
}

/**
 * Installs the public edge on an app before it listens: security headers, proxying to services
 * (distributed shape), the web app with SPA fallback. Express-level, so it runs before Nest routes.
 */
export function configureGatewayHttp(app: NestExpressApplication, options: GatewayHttpOptions): void {
  app.use(securityHeaders());
  if (options.upstreams && Object.values(options.upstreams).some(Boolean)) app.use(proxyMiddleware(options.upstreams));
  if (options.webDir) app.use(...webAppMiddleware(options.webDir));
}
