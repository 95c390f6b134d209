// Cookie consent (banner and /cookie-preferences) and the page views that depend on it.
import { expect, test, type Page, type Request } from '@playwright/test';

const FLAG_KEY = 'wildframe.cookieConsent';
const PREFERENCES_KEY = 'wildframe.cookiePreferences';

async function storedConsent(page: Page) {
  return page.evaluate(
    ([flagKey, preferencesKey]) => ({
      flag: localStorage.getItem(flagKey),
      preferences: JSON.parse(localStorage.getItem(preferencesKey) ?? 'null') as unknown,
    }),
    [FLAG_KEY, PREFERENCES_KEY] as const,
  );
}

const banner = (page: Page) => page.getByRole('region', { name: 'We value your privacy' });
const toast = (page: Page) => page.getByTestId('toast');

test.describe('cookie banner', () => {
  test('appears at the bottom on a first visit with links to privacy and terms', async ({ page }) => {
    await page.goto('/');
    const consent = banner(page);
    await expect(consent).toBeVisible();
    // The banner slides in (240 ms); its resting place is flush with the bottom of the window.
    const viewport = page.viewportSize();
    await expect
      .poll(async () => {
        const box = await consent.boundingBox();
        return box && Math.round(box.y + box.height);
      })
      .toBe(viewport?.height);
    await expect(consent.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expect(consent.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    for (const name of ['Accept All Cookies', 'Customize Settings', 'Only Necessary']) {
      await expect(consent.getByRole('button', { name, exact: true })).toBeVisible();
    }
  });

  test('Accept All Cookies stores every category and stays gone on reload', async ({ page }) => {
    await page.goto('/gallery');
    await banner(page).getByRole('button', { name: 'Accept All Cookies' }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect(toast(page)).toContainText('All Cookies Accepted');
    expect(await storedConsent(page)).toEqual({
      flag: 'true',
      preferences: { necessary: true, analytics: true, functional: true, marketing: true },
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });

  test('Only Necessary declines the rest and stays gone on reload', async ({ page }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Only Necessary', exact: true }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect(toast(page)).toContainText('Non-Essential Cookies Declined');
    expect(await storedConsent(page)).toEqual({
      flag: 'true',
      preferences: { necessary: true, analytics: false, functional: false, marketing: false },
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });

  test('Customize Settings saves the chosen toggles and stays gone on reload', async ({ page }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Customize Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie Settings' });
    await expect(dialog).toBeVisible();
    const necessary = dialog.getByRole('switch', { name: 'Necessary' });
    await expect(necessary).toBeChecked();
    await expect(necessary).toBeDisabled();
    for (const name of ['Analytics', 'Functional', 'Marketing']) {
      await expect(dialog.getByRole('switch', { name })).not.toBeChecked();
    }
    await dialog.getByRole('switch', { name: 'Functional' }).click();
    await dialog.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(dialog).toBeHidden();
    await expect(banner(page)).toHaveCount(0);
    await expect(toast(page)).toContainText('Preferences Saved');
    expect(await storedConsent(page)).toEqual({
      flag: 'true',
      preferences: { necessary: true, analytics: false, functional: true, marketing: false },
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });

  test('the dialog can also accept everything, or be closed without choosing', async ({ page }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Customize Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie Settings' });
    await expect(dialog.getByRole('switch', { name: 'Marketing' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(banner(page)).toBeVisible();
    expect((await storedConsent(page)).flag).toBeNull();

    await banner(page).getByRole('button', { name: 'Customize Settings' }).click();
    await dialog.getByRole('button', { name: 'Accept All', exact: true }).click();
    await expect(banner(page)).toHaveCount(0);
    expect((await storedConsent(page)).preferences).toEqual({
      necessary: true,
      analytics: true,
      functional: true,
      marketing: true,
    });
  });
});

test.describe('/cookie-preferences', () => {
  test('reflects and changes the stored choice', async ({ page }) => {
    await page.goto('/cookie-preferences');
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cookie Preferences');
    // The page itself asks, so the banner stays out of the way here.
    await expect(banner(page)).toHaveCount(0);
    const status = main.getByTestId('consent-status');
    await expect(status).toContainText('No choice made yet');

    const necessary = main.getByRole('switch', { name: 'Necessary' });
    await expect(necessary).toBeChecked();
    await expect(necessary).toBeDisabled();
    await expect(main.getByText('Always on', { exact: true })).toBeVisible();
    const analytics = main.getByRole('switch', { name: 'Analytics' });
    const functional = main.getByRole('switch', { name: 'Functional' });
    const marketing = main.getByRole('switch', { name: 'Marketing' });

    await analytics.click();
    await main.getByRole('button', { name: 'Save My Preferences' }).click();
    await expect(toast(page)).toContainText('Preferences Saved');
    await expect(status).toContainText('Your choice is saved');
    await expect(status).toContainText('Necessary, Analytics');
    expect(await storedConsent(page)).toEqual({
      flag: 'true',
      preferences: { necessary: true, analytics: true, functional: false, marketing: false },
    });

    await page.reload();
    await expect(analytics).toBeChecked();
    await expect(functional).not.toBeChecked();

    await main.getByRole('button', { name: 'Accept All Cookies' }).click();
    await expect(toast(page)).toContainText('All Cookies Accepted');
    await expect(analytics).toBeChecked();
    await expect(functional).toBeChecked();
    await expect(marketing).toBeChecked();

    await main.getByRole('button', { name: 'Only Necessary Cookies' }).click();
    await expect(toast(page)).toContainText('Non-Essential Cookies Declined');
    await expect(toast(page)).toHaveCount(1);
    for (const toggle of [analytics, functional, marketing]) await expect(toggle).not.toBeChecked();
    expect((await storedConsent(page)).preferences).toEqual({
      necessary: true,
      analytics: false,
      functional: false,
      marketing: false,
    });

    for (const [name, href] of [
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
      ['contact us', '/contact'],
    ]) {
      await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
  });

  test('a choice made on the banner shows on the page', async ({ page }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Only Necessary', exact: true }).click();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie Preferences' }).click();
    await expect(page.getByTestId('consent-status')).toContainText('Your choice is saved');
    await expect(page.getByRole('main').getByRole('switch', { name: 'Analytics' })).not.toBeChecked();
  });
});

test.describe('page views', () => {
  function recordPageViews(page: Page): Request[] {
    const sent: Request[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/analytics/page-view') sent.push(request);
    });
    return sent;
  }

  const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

  test('none before analytics consent, then one per route change, accepted by the gateway', async ({ page }) => {
    const sent = recordPageViews(page);
    await page.goto('/');
    await nav(page).getByRole('link', { name: 'Gallery' }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await nav(page).getByRole('link', { name: 'FAQs' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions');

    await banner(page).getByRole('button', { name: 'Accept All Cookies' }).click();
    await expect(banner(page)).toHaveCount(0);

    const accepted = page.waitForResponse((response) => response.url().endsWith('/api/analytics/page-view'));
    await nav(page).getByRole('link', { name: 'Pricing' }).click();
    const response = await accepted;
    expect(response.status()).toBe(202);
    expect(await response.json()).toEqual({ accepted: true });

    // The first page view is the one after consent: nothing was sent for home, gallery or FAQ.
    expect(sent).toHaveLength(1);
    const first = sent[0]?.postDataJSON() as { path: string; referrer: string; sessionId: string };
    expect(first).toEqual({ path: '/pricing', referrer: '/faqs', sessionId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) });

    await nav(page).getByRole('link', { name: 'Gallery' }).click();
    await expect.poll(() => sent.length).toBe(2);
    const second = sent[1]?.postDataJSON() as { path: string; referrer: string; sessionId: string };
    expect(second).toEqual({ path: '/gallery', referrer: '/pricing', sessionId: first.sessionId });

    await nav(page).getByRole('link', { name: 'Home' }).click();
    await expect.poll(() => sent.map((request) => (request.postDataJSON() as { path: string }).path)).toEqual([
      '/pricing',
      '/gallery',
      '/',
    ]);
  });

  test('with consent stored, the landing page counts; declining analytics stops them', async ({ page }) => {
    await page.addInitScript(
      ([flagKey, preferencesKey]) => {
        if (localStorage.getItem(flagKey)) return;
        localStorage.setItem(flagKey, 'true');
        localStorage.setItem(
          preferencesKey,
          JSON.stringify({ necessary: true, analytics: true, functional: false, marketing: false }),
        );
      },
      [FLAG_KEY, PREFERENCES_KEY] as const,
    );
    const sent = recordPageViews(page);
    await page.goto('/cookie-preferences');
    await expect.poll(() => sent.length).toBe(1);
    expect((sent[0]?.postDataJSON() as { path: string }).path).toBe('/cookie-preferences');

    await page.getByRole('main').getByRole('button', { name: 'Only Necessary Cookies' }).click();
    await expect(page.getByTestId('toast')).toContainText('Non-Essential Cookies Declined');
    await nav(page).getByRole('link', { name: 'Gallery' }).click();
    await nav(page).getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Turning analytics back on shows that requests still flow: the next one is the only new one.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie Preferences' }).click();
    await page.getByRole('main').getByRole('switch', { name: 'Analytics' }).click();
    await page.getByRole('main').getByRole('button', { name: 'Save My Preferences' }).click();
    await nav(page).getByRole('link', { name: 'FAQs' }).click();
    await expect.poll(() => sent.length).toBe(2);
    expect((sent[1]?.postDataJSON() as { path: string }).path).toBe('/faqs');
  });
});
