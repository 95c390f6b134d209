import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { PageSkeleton } from '../../components/page-skeleton';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

export function AppLayout() {
  const { pathname } = useLocation();
  return (
    <div className="app-shell">
      <SkipLink />
      <AppHeader />
      <main id={MAIN_CONTENT_ID} className="app-main" tabIndex={-1}>
        {/* Keyed by path so each page fades in (CSS; off under prefers-reduced-motion). */}
        <div key={pathname} className="route-fade">
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <AppFooter />
      <ScrollRestoration />
    </div>
  );
}
