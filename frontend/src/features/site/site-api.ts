// The gateway's own site endpoints: public site facts and page-view analytics.
import { api } from '../../api/api';
import { NO_RETRY } from '../../api/gateway-base-query';
import type { RequestBody, ResponseBody } from '../../api/schema';

/** Public site facts; contactEmail is shown on the privacy and terms pages. */
export type SiteConfig = ResponseBody<'getSiteConfig'>;

/** A page view: the pathname only (no query string or fragment), the referrer and a random per-session id (analytics-session.ts). */
export type PageView = RequestBody<'recordPageView'>;

export const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSiteConfig: build.query<SiteConfig, void>({
      query: () => 'site/config',
      keepUnusedDataFor: 3600,
    }),
    recordPageView: build.mutation<ResponseBody<'recordPageView'>, PageView>({
      query: (body) => ({ url: 'analytics/page-view', method: 'POST', body }),
      // A lost page view is not worth a second request.
      extraOptions: NO_RETRY,
    }),
  }),
});

export const { useGetSiteConfigQuery } = siteApi;
