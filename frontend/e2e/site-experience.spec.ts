// Promo banner, install prompt (manifest and service worker) and toasts.
import { expect, test, type Page, type Route } from '@playwright/test';

function json(route: Route, status: number, body: unknown) {
  return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
}

async function signedInAs(page: Page, plan: 'explorer' | 'enthusiast' | 'professional') {
  // The app asks who is signed in only when a session token is stored.
  await page.addInitScript(() => window.localStorage.setItem('sessionToken', 'test-session-token'));
  await page.route('**/api/auth/user', (route) =>
    json(route, 200, {
      id: '0b7e3a52-5d0c-4a8e-9a55-2f0e6f1c9d11',
      email: 'ansel.adams@example.org',
      firstName: 'Ansel',
      lastName: 'Adams',
      profileImageUrl: null,
      plan,
      planExpiry: null,
      isActive: true,
      isAdmin: false,
    }),
  );
}

/** Consent stored up front, so the cookie banner does not take part in these tests. */
async function withConsentStored(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('wildframe.cookieConsent', 'true');
    localStorage.setItem(
      'wildframe.cookiePreferences',
      JSON.stringify({ necessary: true, analytics: false, functional: false, marketing: false }),
    );
  });
}

const promo = (page: Page) => page.getByRole('region', { name: 'Launch offer' });

test.describe('promo banner', () => {
  test.beforeEach(({ page }) => withConsentStored(page));

  test('home shows the launch offer with the button to pricing; dismissal lasts the session', async ({ page }) => {
    await page.goto('/');
    const banner = promo(page);
    await expect(banner).toContainText('25% off');
    await expect(banner).toContainText('Launch2025');
    await expect(banner).toContainText('first 3 months of any monthly plan');
    await expect(banner.getByRole('link', { name: 'Get Started Now' })).toHaveAttribute('href', '/pricing');

    await banner.getByRole('button', { name: 'Dismiss launch offer' }).click();
    await expect(banner).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(promo(page)).toHaveCount(0);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(promo(page)).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('wildframe.promoBannerDismissed'))).toBe('true');
  });

  test('pricing states the offer below the plan cards, in no banner above them', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page.locator('.pricing-promo')).toContainText('Launch2025');
    await expect(promo(page)).toHaveCount(0);
  });

  test('signed-in Explorer members see View Plans', async ({ page }) => {
    await signedInAs(page, 'explorer');
    await page.goto('/');
    await expect(promo(page).getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/pricing');
  });

  for (const plan of ['enthusiast', 'professional'] as const) {
    test(`is hidden for signed-in ${plan} members`, async ({ page }) => {
      await signedInAs(page, plan);
      await page.goto('/');
      await expect(page.getByRole('banner').getByRole('button', { name: 'Ansel' })).toBeVisible();
      await expect(promo(page)).toHaveCount(0);
    });
  }
});

test.describe('install prompt', () => {
  test.beforeEach(({ page }) => withConsentStored(page));

  /** Chromium's install offer, as the browser would fire it. */
  async function offerInstall(page: Page) {
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(event, {
        prompt: async () => {
          (window as unknown as { promptShown: boolean }).promptShown = true;
        },
        userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
      });
      window.dispatchEvent(event);
    });
  }

  const installBanner = (page: Page) => page.getByRole('region', { name: 'Install Wildframe' });

  test('is hidden while the browser offers no install', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(installBanner(page)).toHaveCount(0);
  });

  test('appears when the browser offers it, and Install App opens the browser prompt', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await offerInstall(page);
    const banner = installBanner(page);
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Install App' }).click();
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { promptShown?: boolean }).promptShown)).toBe(true);
  });

  test('dismissal lasts the browser session', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await offerInstall(page);
    await installBanner(page).getByRole('button', { name: 'Dismiss install prompt' }).click();
    await expect(installBanner(page)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await offerInstall(page);
    await expect(page.getByRole('main')).toBeVisible();
    await expect(installBanner(page)).toHaveCount(0);
  });

  test('the manifest names the app with installable icons', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    const manifest = await (await request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: 'Wildframe', start_url: '/', display: 'standalone' });
    const sizes = (manifest.icons as Array<{ sizes: string; type: string }>).map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons as Array<{ src: string }>) {
      expect((await request.get(icon.src)).ok()).toBe(true);
    }
  });

  test('the service worker caches the app shell and never an API response', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe('/');
    // Once it controls the page, the page's API calls pass it by.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/');
    expect(cached.some((path) => path.startsWith('/assets/') && path.endsWith('.js'))).toBe(true);
    expect(cached.filter((path) => path.startsWith('/api'))).toEqual([]);
  });
});

test.describe('toasts', () => {
  test.beforeEach(({ page }) => withConsentStored(page));

  const toasts = (page: Page) => page.getByTestId('toast');
  const save = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Save My Preferences' });

  test('one at a time: a new toast replaces the previous', async ({ page }) => {
    await page.goto('/cookie-preferences');
    await page.getByRole('main').getByRole('button', { name: 'Accept All Cookies' }).click();
    await expect(toasts(page)).toHaveText(/All Cookies Accepted/);
    await page.getByRole('main').getByRole('button', { name: 'Only Necessary Cookies' }).click();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toHaveText(/Non-Essential Cookies Declined/);
  });

  test('closes after 5 seconds', async ({ page }) => {
    await page.goto('/cookie-preferences');
    await save(page).click();
    const toast = toasts(page);
    await expect(toast).toBeVisible();
    const shownAt = Date.now();
    await page.mouse.move(0, 0);
    await expect(toast).toBeHidden({ timeout: 8000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(4000);
    expect(shownFor).toBeLessThan(7000);
  });

  test('can be dismissed with its close button or with Escape after F8', async ({ page }) => {
    await page.goto('/cookie-preferences');
    await save(page).click();
    await toasts(page).getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(toasts(page)).toHaveCount(0);

    await save(page).click();
    await expect(toasts(page)).toBeVisible();
    await page.keyboard.press('F8');
    await expect(page.getByTestId('toast-viewport')).toBeFocused();
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toBeAttached();
    await page.keyboard.press('Escape');
    await expect(toasts(page)).toHaveCount(0);
  });

  test('a swipe right of 50 px or more dismisses it; a shorter one does not', async ({ page }) => {
    await page.goto('/cookie-preferences');
    await save(page).click();
    const toast = toasts(page);
    const box = await toast.boundingBox();
    if (!box) throw new Error('toast has no box');
    const y = box.y + box.height / 2;
    const x = box.x + 40;

    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 30, y, { steps: 5 });
    await page.mouse.up();
    await expect(toast).toBeVisible();

    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 80, y, { steps: 8 });
    await page.mouse.up();
    await expect(toast).toHaveCount(0);
  });
});
