import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { useCookieConsent } from '../cookies/use-cookie-consent';
import { analyticsSessionId, forgetAnalyticsSession } from './analytics-session';
import { arrivalReferrer } from './page-view-referrer';
import { siteApi } from './site-api';

const MAX_PATH_LENGTH = 2048;

/**
 * Reports each route change to the gateway as a page view, and only while the visitor allows
 * analytics cookies (spec: page views go to the analytics service on route change). Giving
 * consent does not report the page it was given on; the next route change is the first view.
 */
export function usePageViewTracking(): void {
  const { pathname } = useLocation();
  const { preferences } = useCookieConsent();
  const dispatch = useAppDispatch();
  const allowed = preferences.analytics;
  const previousPath = useRef<string | null>(null);

  useEffect(() => {
    if (!allowed) forgetAnalyticsSession();
  }, [allowed]);

  useEffect(() => {
    // Same page as last time (a consent change, or React re-running effects): not a route change.
    if (previousPath.current === pathname) return;
    const referrer = previousPath.current ?? arrivalReferrer(document.referrer, window.location.origin);
    previousPath.current = pathname;
    if (!allowed) return;
    void dispatch(
      siteApi.endpoints.recordPageView.initiate(
        { path: pathname.slice(0, MAX_PATH_LENGTH), referrer, sessionId: analyticsSessionId() },
        { track: false },
      ),
    );
  }, [pathname, allowed, dispatch]);
}
