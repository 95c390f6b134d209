import { isInternalPath, upstreamFor } from './route-table';

describe('gateway route table', () => {
  it.each([
    ['/api/auth/login', 'auth'],
    ['/api/auth/user', 'auth'],
    ['/api/user/profile', 'auth'],
    ['/api/user/avatar', 'auth'],
    ['/api/user/security-questions', 'auth'],
    ['/api/user/password', 'auth'],
    ['/api/admin/users/42/plan', 'auth'],
    ['/api/users/9b2c/avatar?v=abc', 'auth'],
    ['/api/photos?public=true&sort=newest', 'photos'],
    ['/api/photos/upload', 'photos'],
    ['/api/photos/some-slug/like', 'photos'],
    ['/api/photos/abc/editing-suggestions', 'analysis'],
    ['/api/user/photos', 'photos'],
    ['/api/user/stats', 'photos'],
    ['/api/upload-limits', 'photos'],
    ['/api/featured-photos', 'photos'],
    ['/api/assets/homepage-hero-grand-teton', 'photos'],
    ['/api/admin/photos/1/toggle-featured', 'photos'],
    ['/api/species?q=red%20fox', 'photos'],
    ['/api/map/cells?public=true', 'photos'],
    ['/api/create-subscription-signup', 'billing'],
    ['/api/complete-subscription', 'billing'],
    ['/api/complete-subscription-upgrade', 'billing'],
    ['/api/get-or-create-subscription', 'billing'],
    ['/api/cancel-subscription', 'billing'],
    ['/api/billing/webhook', 'billing'],
    ['/api/plans', 'billing'],
    ['/api/contact', 'contact'],
    ['/api/admin/contact-messages/9/status', 'contact'],
  ])('%s goes to %s', (path, service) => {
    expect(upstreamFor(path)).toBe(service);
  });

  it.each(['/api/health', '/api/health/ready', '/api/analytics/page-view', '/api/authx', '/api/photosx', '/api/speciesx', '/gallery', '/map'])(
    '%s stays at the gateway',
    (path) => {
      expect(upstreamFor(path)).toBeUndefined();
    },
  );

  it.each([
    '/api/internal/accounts/pending',
    '/api/internal/analysis/analyze?isPublic=true',
    '/api/internal',
    '/API/Internal/accounts/pending',
    '/api//internal/accounts/pending',
    '/api/auth/../internal/accounts/pending',
    '/api/auth/%2e%2e/internal/accounts/pending',
    '/api/auth/%2E%2E%2Finternal/accounts/pending',
    '/api/%69nternal/accounts/pending',
    '/api/photos/./../internal/analysis/ratings/1',
  ])('%s is an internal path', (path) => {
    expect(isInternalPath(path)).toBe(true);
  });

  it.each(['/api/auth/user', '/api/photos/internal', '/api/internals', '/api/photos?q=/api/internal/x', '/internal', '/api/%E0%A4%A'])(
    '%s is not an internal path',
    (path) => {
      expect(isInternalPath(path)).toBe(false);
    },
  );
});
