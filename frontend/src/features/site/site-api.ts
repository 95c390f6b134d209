// The gateway's own site endpoints: public site facts and page-view analytics.
import { api } from '../../api/api';
import { NO_RETRY } from '../../api/gateway-base-query';

export interface SiteConfig {
  /** Shown on the privacy and terms pages. */
  contactEmail: string;
  supportEmail?: string;
}

export interface PageView {
  /** Pathname only: no query string or fragment, which can carry personal details. */
  path: string;
  referrer: string;
  /** Random per browser session (see analytics-session.ts). */
  sessionId: string;
}

export const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSiteConfig: build.query<SiteConfig, void>({
      query: () => 'site/config',
      keepUnusedDataFor: 3600,
    }),
    recordPageView: build.mutation<{ accepted: boolean }, PageView>({
      query: (body) => ({ url: 'analytics/page-view', method: 'POST', body }),
      // A lost page view is not worth a second request.
      extraOptions: NO_RETRY,
    }),
  }),
});

export const { useGetSiteConfigQuery } = siteApi;
