// The gallery's first page comes drawn by the server with its photos (README, "First view"): it
// reads without JavaScript, and with it the app takes the page over without asking for it again.
// The photos are real (uploaded through the API, and the demo content); only the pages after the
// filter below are answered in the browser, which the server could not fill quickly.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAccount, dismissCookieBanner } from './auth-fixtures';
import { cardFixture, json, makePublicThroughApi, PHOTO_FILES, uniqueTitle, uploadThroughApi } from './photos-fixtures';

/**
 * The server adds its demo photos in the background at its first start (demo-content.json in its
 * DATA_DIR, see playwright.config.ts): newer than a photo uploaded meanwhile, they would push it
 * off the first page. Waited for when that file is there.
 */
async function demoContentAdded(): Promise<void> {
  const progress = join(process.env['E2E_DATA_DIR'] ?? '', 'demo-content.json');
  if (!process.env['E2E_DATA_DIR']) return;
  await expect
    .poll(() => existsSync(progress) && (JSON.parse(readFileSync(progress, 'utf8')) as { done?: boolean }).done === true, { timeout: 120_000 })
    .toBe(true);
}

/**
 * Opens /gallery until it comes drawn by the server with this photo: the server sends the
 * prerendered page instead when the photos take longer than its budget (300 ms), which a machine
 * busy analysing other tests' uploads sometimes does. `beforeEach` runs before every attempt.
 */
async function openDrawnGallery(page: Page, title: string, beforeEach: () => void = () => undefined): Promise<void> {
  await expect(async () => {
    beforeEach();
    const response = await page.goto('/gallery');
    const html = (await response?.text()) ?? '';
    expect(html).toContain('id="server-state"');
    expect(html).toContain(title);
  }).toPass({ timeout: 60_000 });
}

/** Until the app runs, html carries data-prerendered (app/app.tsx takes it away). */
async function waitForTheApp(page: Page): Promise<void> {
  await expect(page.locator('html')).not.toHaveAttribute('data-prerendered', /.*/);
}

/** A new member's public wildlife photo, uploaded through the API once the demo photos are in (so it is the newest). */
async function newPublicPhoto(request: APIRequestContext, titleBase: string, file: string): Promise<{ title: string; slug: string }> {
  await demoContentAdded();
  const account = await createAccount(request);
  const title = uniqueTitle(titleBase);
  const photo = await uploadThroughApi(request, account.sessionToken, { title, description: 'Server drawn.', category: 'wildlife', file });
  await makePublicThroughApi(request, account.sessionToken, photo.id);
  return { title, slug: photo.slug };
}

test('without JavaScript, /gallery shows the first page of photos: titles and images', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { title, slug } = await newPublicPhoto(request, 'Kingfisher on a reed', PHOTO_FILES.kingfisher);

  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await openDrawnGallery(page, title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gallery');
    const cards = page.getByTestId('photo-card');
    // Other tests upload at the same time: this photo is on the first page, which holds at most 12.
    await expect(cards.filter({ hasText: title })).toHaveCount(1);
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(12);
    await expect(page.getByRole('link', { name: title })).toHaveAttribute('href', `/photos/${slug}`);
    // Every card shows its photo: the first row's at once, the others from the <noscript> copy.
    for (let index = 0; index < count; index++) {
      const image = cards.nth(index).locator('img:visible');
      await expect(image).toHaveCount(1);
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    }
    const first = cards.first().locator('img');
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(first).toHaveAttribute('srcset', /640w/);
  } finally {
    await context.close();
  }
});

test('with JavaScript the app takes the drawn page over without asking for it again; filters and paging work', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { title } = await newPublicPhoto(request, 'Tiger in the snow', PHOTO_FILES.tiger);
  await dismissCookieBanner(page);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  const galleryCalls: URL[] = [];
  // Past the first page, a filtered gallery of 240 is answered here; the first page is the server's.
  await page.route('**/api/photos?*', (route) => {
    const url = new URL(route.request().url());
    galleryCalls.push(url);
    const pageNumber = Number(url.searchParams.get('page'));
    const photos = Array.from({ length: 12 }, (_, index) => cardFixture((pageNumber - 1) * 12 + index + 1, { category: 'wildlife' }));
    return json(route, 200, { photos, total: 240, page: pageNumber, pageSize: 12, totalPages: 20 });
  });

  await openDrawnGallery(page, title, () => {
    problems.splice(0);
    galleryCalls.splice(0);
  });
  const cards = page.getByTestId('photo-card');
  await expect(cards.filter({ hasText: title })).toHaveCount(1);
  const titles = cards.getByRole('heading');
  const drawn = await titles.allTextContents();
  await waitForTheApp(page);
  await page.waitForLoadState('networkidle');
  // The same cards, now live, and no call for them.
  expect(await titles.allTextContents()).toEqual(drawn);
  expect(galleryCalls.map(String)).toEqual([]);
  // Hydrated as it was drawn: React reported no difference (main.tsx logs one as a warning).
  expect(problems).toEqual([]);

  await page.getByRole('search', { name: 'Gallery filters' }).getByText('Wildlife', { exact: true }).click();
  await expect(page).toHaveURL(/category=wildlife/);
  await expect(cards.first()).toContainText('Sample photo 1');
  expect(galleryCalls.at(-1)?.searchParams.get('category')).toBe('wildlife');

  const pager = page.getByRole('navigation', { name: 'Gallery pages' });
  await pager.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(cards.first()).toContainText('Sample photo 13');
  expect(galleryCalls.at(-1)?.searchParams.get('page')).toBe('2');
  expect(problems).toEqual([]);
});
