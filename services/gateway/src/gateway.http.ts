import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request } from 'express';
import { PHOTOS_API, type PhotosApi } from '@wildframe/contracts';
import { addressKey, answerBeforeExpress, LocalServiceRegistry, trustProxyOf } from '@wildframe/platform';
import { apiDocsMiddleware, mergedOpenApiMiddleware } from './docs/api-docs';
import { ApiProxy } from './proxy/api-proxy';
import { RemoteIdentityResolver } from './proxy/remote-identity';
import type { Upstream } from './proxy/route-table';
import { remoteGallery, remoteSocialPreview } from './web/remote-photos';
import { securityHeaderList, securityHeadersExceptAssets, type PaymentProviderName } from './web/security-headers';
import { webAppMiddleware } from './web/web-app.middleware';

export interface GatewayHttpOptions {
  webDir?: string;
  /** Distributed shape only: where each service listens. */
  upstreams?: Partial<Record<Upstream, string>>;
  /** Distributed shape: signs the caller's identity for the services. */
  identitySecret?: string;
  /** The Content-Security-Policy allows what this provider's card form loads; default sandbox. */
  paymentProvider?: PaymentProviderName;
  /** PUBLIC_ORIGIN: the absolute links of social previews. */
  publicOrigin?: string;
  /** Without PUBLIC_ORIGIN, the hosts whose name may make those links; default: this machine's names. */
  ownHosts?: readonly string[];
}

/**
 * Installs the public edge on an app before it listens: security headers, proxying to services
 * (distributed shape: in front of Express and Nest, see ApiProxy), the API reference (/api/docs),
 * the web app with SPA fallback. Express-level, so it runs before Nest routes.
 */
export function configureGatewayHttp(app: NestExpressApplication, options: GatewayHttpOptions): void {
  app.use(securityHeadersExceptAssets(options.paymentProvider));
  app.use(apiDocsMiddleware());
  const { upstreams, identitySecret } = options;
  if (upstreams && Object.values(upstreams).some(Boolean)) {
    app.use(mergedOpenApiMiddleware(app, upstreams));
    const resolver = upstreams.auth && identitySecret ? new RemoteIdentityResolver(upstreams.auth) : undefined;
    const proxy = new ApiProxy({
      upstreams,
      identity: resolver && identitySecret ? { secret: identitySecret, resolve: (token) => resolver.resolve(token) } : undefined,
      responseHeaders: securityHeaderList(options.paymentProvider),
      trustProxy: trustProxyOf(app),
    });
    answerBeforeExpress(app, (req, res) => proxy.handle(req, res));
  }
  if (options.webDir) {
    // Distributed shape: the photos service is asked over HTTP; standalone: in-process.
    const socialPreview = upstreams?.photos ? remoteSocialPreview(upstreams.photos) : localPhotos(app, (photos, key: string) => photos.socialPreview(key));
    const gallery = upstreams?.photos
      ? remoteGallery(upstreams.photos)
      : localPhotos(app, (photos, query: string, req: Request) => photos.publicGallery(query, addressKey(req.ip)));
    app.use(...webAppMiddleware(options.webDir, { socialPreview, gallery, publicOrigin: options.publicOrigin, ownHosts: options.ownHosts }));
  }
}

/**
 * A call to the photos service when it runs in this process (standalone): its module registers
 * PhotosApi in the LocalServiceRegistry. Looked up per request, so the order in which modules
 * start does not matter. Without it (and without PHOTOS_URL) the call gives undefined: photo pages
 * are served without preview tags, the gallery as prerendered.
 */
function localPhotos<Args extends unknown[], Result>(app: NestExpressApplication, call: (photos: PhotosApi, ...args: Args) => Promise<Result>) {
  let registry: LocalServiceRegistry | undefined;
  try {
    registry = app.get(LocalServiceRegistry, { strict: false });
  } catch {
    registry = undefined;
  }
  return (...args: Args): Promise<Result> | undefined => {
    const photos = registry?.get<PhotosApi>(PHOTOS_API);
    return photos ? call(photos, ...args) : undefined;
  };
}
