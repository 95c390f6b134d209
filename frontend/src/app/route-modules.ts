// The page module behind each route of route-table.tsx, by file. The build (frontend/build/
// first-view.ts) turns this into the list of chunks each address needs, which public/early.js
// preloads while the main bundle downloads. Keep it in step with route-table.tsx.
export const ROUTE_MODULES: ReadonlyArray<{ path: string; module: string }> = [
  { path: '/', module: 'src/features/home/home-page.tsx' },
  { path: '/upload', module: 'src/features/upload/upload-page.tsx' },
  { path: '/gallery', module: 'src/features/gallery/gallery-page.tsx' },
  { path: '/photo/:idOrSlug', module: 'src/features/photo/photo-page.tsx' },
  { path: '/photos/:slug', module: 'src/features/photo/photo-page.tsx' },
  { path: '/photographers/:id', module: 'src/features/photographers/photographer-page.tsx' },
  { path: '/map', module: 'src/features/nature/map-page.tsx' },
  { path: '/pricing', module: 'src/features/pricing/pricing-page.tsx' },
  { path: '/faqs', module: 'src/features/faq/faq-page.tsx' },
  { path: '/faq', module: 'src/features/faq/faq-page.tsx' },
  { path: '/signup', module: 'src/features/signup/signup-page.tsx' },
  { path: '/subscription', module: 'src/features/subscription/subscription-page.tsx' },
  { path: '/login', module: 'src/features/login/login-page.tsx' },
  { path: '/forgot-password', module: 'src/features/forgot-password/forgot-password-page.tsx' },
  { path: '/profile', module: 'src/features/profile/profile-page.tsx' },
  { path: '/my-photos', module: 'src/features/my-photos/my-photos-page.tsx' },
  { path: '/admin', module: 'src/features/admin/admin-page.tsx' },
  { path: '/privacy', module: 'src/features/legal/privacy-page.tsx' },
  { path: '/terms', module: 'src/features/legal/terms-page.tsx' },
  { path: '/contact', module: 'src/features/contact/contact-page.tsx' },
  { path: '/cookie-preferences', module: 'src/features/cookies/cookie-preferences-page.tsx' },
];

/** '/photo/:idOrSlug' → '^/photo/[^/]+/?$' (a trailing slash allowed, as the router allows it). */
export function routePattern(path: string): string {
  if (path === '/') return '^/$';
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return `^/${parts.join('/')}/?$`;
}
