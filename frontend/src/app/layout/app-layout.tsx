import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { PageSkeleton } from '../../components/page-skeleton';
import { CookieBanner } from '../../features/cookies/cookie-banner';
import { useFinishSignOut } from '../../features/auth/use-sign-out';
import { InstallPrompt } from '../../features/site/install-prompt';
import { usePageViewTracking } from '../../features/site/use-page-view-tracking';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/** The page the browser loaded, and whether the visitor has moved on from it (browser only). */
const visit = { loadedPath: null as string | null, navigated: false };

/**
 * Whether the visitor has moved to another page since this one loaded. The page the browser
 * loaded shows at once (it is often drawn from the server's HTML; fading it in from transparent
 * would only hide it for the first 220 ms); later pages fade in. Kept for the page's life, not the
 * component's: the layout may be mounted again (a theme change). On the server, never: a server
 * render is always a page as loaded.
 */
function useNavigatedSinceLoad(pathname: string): boolean {
  if (typeof window === 'undefined') return false;
  visit.loadedPath ??= pathname;
  if (pathname !== visit.loadedPath) visit.navigated = true;
  return visit.navigated;
}

export function AppLayout() {
  const { pathname } = useLocation();
  const fade = useNavigatedSinceLoad(pathname);
  usePageViewTracking();
  useFinishSignOut();
  return (
    <div className="app-shell">
      <SkipLink />
      <AppHeader />
      <main id={MAIN_CONTENT_ID} className="app-main" tabIndex={-1}>
        {/* Keyed by path so each page the visitor moves to fades in (CSS; off under prefers-reduced-motion). */}
        <div key={pathname} className={fade ? 'route-fade' : undefined}>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      {/* Below the page, not above the header: the browser offers installing only after load,
          and a banner appearing above would push the whole page down. */}
      <InstallPrompt />
      <AppFooter />
      <CookieBanner />
      <ScrollRestoration />
    </div>
  );
}
