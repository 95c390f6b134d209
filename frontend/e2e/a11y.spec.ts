// Automated accessibility check (axe-core in Chromium): no serious or critical violations on the
// pages every visitor meets, with and without the cookie banner.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, dismissCookieBanner, openSignedIn } from './auth-fixtures';

const PAGES = [
  '/',
  '/gallery',
  '/map',
  '/upload',
  '/pricing',
  '/faq',
  '/contact',
  '/privacy',
  '/terms',
  '/cookie-preferences',
] as const;

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
}

async function openSettled(page: Page, path: string) {
  // Without motion, nothing is mid-fade when the colours are measured.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test.describe('accessibility', () => {
  for (const path of PAGES) {
    test(`${path} has no serious or critical violations (cookie banner showing)`, async ({ page }) => {
      await openSettled(page, path);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('the cookie settings dialog and a toast have none either', async ({ page }) => {
    await openSettled(page, '/');
    await page.getByRole('button', { name: 'Customize Settings' }).click();
    await expect(page.getByRole('dialog', { name: 'Cookie Settings' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(page.getByTestId('toast')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the FAQ with an answer open has none', async ({ page }) => {
    await openSettled(page, '/faqs');
    await page.getByRole('button', { name: 'How do I reset my password?' }).click();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a member’s home, with its header shortcuts, and the full-screen viewer have none', async ({ page, request }) => {
    // An account, two pages and two analyses: more than the default time on a busy machine.
    test.setTimeout(120_000);
    await dismissCookieBanner(page);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const account = await createAccount(request);
    await openSignedIn(page, account.sessionToken, '/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Mary', { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/gallery');
    await page.locator('.fullscreen-open').first().click();
    await expect(page.getByTestId('fullscreen-viewer')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('keyboard focus is visible on the banner buttons', async ({ page }) => {
    await openSettled(page, '/privacy');
    const accept = page.getByRole('button', { name: 'Accept All Cookies' });
    await accept.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(accept).toBeFocused();
    const outline = await accept.evaluate((element) => getComputedStyle(element).outlineStyle);
    const shadow = await accept.evaluate((element) => getComputedStyle(element).boxShadow);
    expect(outline !== 'none' || shadow !== 'none').toBe(true);
  });
});

test.describe('accessibility at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of ['/', '/faqs', '/cookie-preferences'] as const) {
    test(`${path} has no serious or critical violations`, async ({ page }) => {
      await openSettled(page, path);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
