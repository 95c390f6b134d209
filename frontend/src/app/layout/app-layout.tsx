import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { PageSkeleton } from '../../components/page-skeleton';
import { CookieBanner } from '../../features/cookies/cookie-banner';
import { useFinishSignOut } from '../../features/auth/use-sign-out';
import { InstallPrompt } from '../../features/site/install-prompt';
import { PromoBanner } from '../../features/site/promo-banner';
import { usePageViewTracking } from '../../features/site/use-page-view-tracking';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/** Where the launch offer appears: with its button on home, as a reminder on pricing. */
const PROMO_VARIANTS: Readonly<Record<string, 'home' | 'default'>> = {
  '/': 'home',
  '/pricing': 'default',
};

export function AppLayout() {
  const { pathname } = useLocation();
  usePageViewTracking();
  useFinishSignOut();
  const promoVariant = PROMO_VARIANTS[pathname];
  return (
    <div className="app-shell">
      <SkipLink />
      <AppHeader />
      <main id={MAIN_CONTENT_ID} className="app-main" tabIndex={-1}>
        {/* Keyed by path so each page fades in (CSS; off under prefers-reduced-motion). */}
        <div key={pathname} className="route-fade">
          {promoVariant && <PromoBanner variant={promoVariant} />}
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
