// A visitor's console stays clean on every public route: no script error and no failed request
// logged by the browser (e.g. a 401 from asking who is signed in when no one is).
import { expect, test, type Page } from '@playwright/test';
import { dismissCookieBanner } from './auth-fixtures';

const PUBLIC_ROUTES = [
  '/',
  '/upload',
  '/gallery',
  '/map',
  '/pricing',
  '/faqs',
  '/faq',
  '/signup',
  '/login',
  '/forgot-password',
  '/privacy',
  '/terms',
  '/contact',
  '/cookie-preferences',
  '/no-such-page',
  // Pages for members send a visitor to sign in; the admin panel says Access Denied.
  '/profile',
  '/my-photos',
  '/subscription',
  '/admin',
] as const;

function recordConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

for (const withBanner of [true, false]) {
  test.describe(withBanner ? 'first visit (cookie banner shown)' : 'consent given', () => {
    if (!withBanner) test.beforeEach(({ page }) => dismissCookieBanner(page));

    for (const path of PUBLIC_ROUTES) {
      test(`${path} logs no console error`, async ({ page }) => {
        const errors = recordConsoleErrors(page);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(errors).toEqual([]);
      });
    }
  });
}

test('a public photo page logs no console error', async ({ page, request }) => {
  const list = await request.get('/api/photos?public=true&page=1&pageSize=1');
  const photo = ((await list.json()) as { photos?: Array<{ slug: string }> }).photos?.[0];
  // The test server starts with demo content: no public photo means the gallery is broken, not a reason to skip.
  expect(photo, 'a public photo (demo content) on the test server').toBeDefined();
  if (!photo) return;
  await dismissCookieBanner(page);
  const errors = recordConsoleErrors(page);
  await page.goto(`/photos/${photo?.slug ?? ''}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});
