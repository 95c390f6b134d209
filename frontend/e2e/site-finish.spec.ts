// The finish a member notices at once (issue 32), at a desktop size (1366×900) and a phone size
// (390×844): Upload and My Photos one click away, a member's own home, links in the palette, one
// content width, one banner before the pricing cards and none over the home's main button, the
// gallery's Other filter and Top Rated sort, the full-screen viewer, and featuring only what the
// home page shows. Real API throughout, except where a spec answers the gallery itself to know
// exactly what it holds (it says so).
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { createAccount, dismissCookieBanner, expectToast, openSignedIn, signInThroughApi, SITE_ADMIN } from './auth-fixtures';
import { cardFixture, json, makePublicThroughApi, PHOTO_FILES, uniqueTitle, uploadThroughApi } from './photos-fixtures';

// Uploads are analysed by the server under test: allow a busy machine more time.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 390, height: 844 } as const;
const DESKTOP = { width: 1366, height: 900 } as const;

/** The browser's own link colours (unvisited blue, visited purple). */
const BROWSER_LINK_COLOURS = ['rgb(0, 0, 238)', 'rgb(85, 26, 139)', 'rgb(0, 0, 255)'];

/** Whether a click at the element's centre would reach it (nothing drawn over it there). */
async function isOnTop(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return hit !== null && (element === hit || element.contains(hit));
  });
}

/** The colours of every link drawn on the page. */
async function linkColours(page: Page): Promise<string[]> {
  return page.locator('a:visible').evaluateAll((links) => links.map((link) => getComputedStyle(link).color));
}

/** The notices drawn in the page above the plan cards (banners, alerts, the launch offer). */
async function bannersBeforeCards(page: Page): Promise<number> {
  const cardsTop = (await page.locator('.pricing-plans').boundingBox())?.y ?? 0;
  const tops = await page
    .getByRole('main')
    .locator('.pricing-banner, .ant-alert, .promo-banner')
    .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().top + window.scrollY));
  return tops.filter((top) => top < cardsTop).length;
}

/** The gallery drawn by the app (not by the server), so a spec answering /api/photos is heard. */
async function openGalleryInTheApp(page: Page): Promise<void> {
  await page.goto('/faqs');
  await expect(page.locator('html')).not.toHaveAttribute('data-prerendered', /.*/);
  // On a phone the main links are in the menu. Wait for the header to show one or the other:
  // isVisible() answers at once, and a header not drawn yet sent a phone down the desktop path.
  const menu = page.getByRole('button', { name: 'Open menu' });
  const link = page.getByRole('banner').getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery', exact: true });
  await expect(menu.or(link).filter({ visible: true })).toHaveCount(1);
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Gallery', exact: true }).click();
  } else {
    await link.click();
  }
  await expect(page).toHaveURL(/\/gallery$/);
}

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });

  test('a member has Upload and My Photos one click away in the header, and a home of their own', async ({ page, request }) => {
    await dismissCookieBanner(page);
    const account = await createAccount(request, { firstName: 'Frans', lastName: 'Lanting' });
    await openSignedIn(page, account.sessionToken, '/');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Frans');
    // The guest pitch is not for members.
    await expect(main.getByText('without an account')).toHaveCount(0);
    await expect(main.getByRole('heading', { name: 'Honest AI feedback for your nature photography' })).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Upload a Photo' })).toHaveAttribute('href', '/upload');
    await expect(main.getByText('You have no photos yet.')).toBeVisible();

    const shortcuts = page.getByRole('banner').getByRole('navigation', { name: 'Your photos' });
    await expect(shortcuts.getByRole('link', { name: 'Upload' })).toHaveAttribute('href', '/upload');
    await shortcuts.getByRole('link', { name: 'My Photos' }).click();
    await expect(page).toHaveURL(/\/my-photos$/);
    await shortcuts.getByRole('link', { name: 'Upload' }).click();
    await expect(page).toHaveURL(/\/upload$/);

    // A visitor still gets the pitch, and no shortcuts.
    await page.evaluate(() => window.localStorage.removeItem('sessionToken'));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Honest AI feedback for your nature photography');
    await expect(page.getByRole('navigation', { name: 'Your photos' })).toHaveCount(0);
  });

  test('the member home shows their latest photos, newest first', async ({ page, request }) => {
    await dismissCookieBanner(page);
    const account = await createAccount(request, { firstName: 'Frans' });
    const older = await uploadThroughApi(request, account.sessionToken, { title: uniqueTitle('Heron'), description: 'Still water.', file: PHOTO_FILES.tiger });
    const newer = await uploadThroughApi(request, account.sessionToken, { title: uniqueTitle('Canyon'), description: 'Dusk light.', file: PHOTO_FILES.canyon });
    await openSignedIn(page, account.sessionToken, '/');
    const mine = page.getByRole('list', { name: 'Your latest photos' });
    await expect(mine.getByTestId('photo-card').getByRole('heading')).toHaveText([newer.title, older.title]);
    await expect(mine.getByTestId('photo-card').first()).toContainText('Private');
    await expect(page.getByRole('main').getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/my-photos');
  });

  test('links in the gallery and on pricing take the palette, never the browser’s blue; every page has one content width', async ({ page, request }) => {
    await dismissCookieBanner(page);
    const account = await createAccount(request, { firstName: 'Maya', lastName: 'Lindqvist' });
    const photo = await uploadThroughApi(request, account.sessionToken, { title: uniqueTitle('Lynx'), description: 'Snow.', file: PHOTO_FILES.tiger });
    await makePublicThroughApi(request, account.sessionToken, photo.id);
    await page.goto(`/gallery?search=${encodeURIComponent(photo.title)}`);
    await expect(page.getByTestId('photo-card')).toHaveCount(1);
    const colours = await linkColours(page);
    expect(colours.length).toBeGreaterThan(0);
    expect(colours.filter((colour) => BROWSER_LINK_COLOURS.includes(colour))).toEqual([]);
    const galleryWidth = (await page.getByRole('main').boundingBox())?.width;

    await page.goto('/pricing');
    const monthly = page.getByRole('link', { name: 'See monthly prices' });
    await expect(monthly).toBeVisible();
    expect(BROWSER_LINK_COLOURS).not.toContain(await monthly.evaluate((link) => getComputedStyle(link).color));
    expect((await page.getByRole('main').boundingBox())?.width).toBe(galleryWidth);
    expect(galleryWidth).toBeLessThanOrEqual(1200);

    await page.goto(`/photo/${photo.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(photo.title);
    expect((await page.getByRole('main').boundingBox())?.width).toBe(galleryWidth);
  });

  test('pricing has one banner before the plan cards; the launch offer and the sandbox notice follow them', async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto('/pricing');
    await expect(page.locator('.plan-card')).toHaveCount(3);
    await expect(page.getByText('Save Over 2 Months With Annual Billing!')).toBeVisible();
    await expect(page.getByText('Sandbox payments — no real charge')).toBeVisible();
    await expect(page.locator('.pricing-promo')).toContainText('Launch2025');
    expect(await bannersBeforeCards(page)).toBe(1);
  });

  test('the gallery filters the photos with the Other badge and sorts by rating', async ({ page }) => {
    await dismissCookieBanner(page);
    // The spec answers the gallery itself: the filter and sort the app asks for are what is checked.
    const asked: URLSearchParams[] = [];
    await page.route('**/api/photos?*', (route) => {
      const params = new URL(route.request().url()).searchParams;
      asked.push(params);
      const others = params.get('category') === 'others';
      return json(route, 200, {
        photos: others ? [cardFixture(1, { category: 'others', title: 'Fungus' })] : [cardFixture(1), cardFixture(2)],
        total: others ? 1 : 2,
        page: 1,
        totalPages: 1,
      });
    });
    await openGalleryInTheApp(page);
    await page.getByRole('search', { name: 'Gallery filters' }).getByText('Other', { exact: true }).click();
    await expect(page).toHaveURL(/category=others/);
    const card = page.getByTestId('photo-card');
    await expect(card.getByRole('heading')).toHaveText(['Fungus']);
    await expect(card).toContainText('Other');

    await page.getByLabel('Sort by').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'Top Rated' }).click();
    await expect(page).toHaveURL(/sort=top-rated/);
    await expect.poll(() => asked.some((params) => params.get('category') === 'others' && params.get('sort') === 'top-rated')).toBe(true);
  });

  test('Top Rated lists the public photos from the highest rating down', async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto('/gallery?sort=top-rated');
    const cards = page.getByTestId('photo-card');
    await expect(cards.first()).toBeVisible();
    const ratings = await cards.evaluateAll((elements) =>
      elements.map((card) => {
        // Unrated photos ("Not rated") come last.
        const shown = card.querySelector('.photo-card__rating .tabular-nums')?.textContent;
        return shown ? Number(shown) : -1;
      }),
    );
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  test('the full-screen viewer moves through the gallery page with the keyboard and gives focus back', async ({ page }) => {
    await dismissCookieBanner(page);
    // The spec answers the gallery itself: three known photos.
    await page.route('**/api/photos?*', (route) =>
      json(route, 200, { photos: [1, 2, 3].map((index) => cardFixture(index)), total: 3, page: 1, totalPages: 1 }),
    );
    await openGalleryInTheApp(page);
    const open = page.getByRole('button', { name: 'View Sample photo 2 full screen' });
    await open.click();
    const viewer = page.getByRole('dialog', { name: 'Sample photo 2' });
    await expect(viewer).toBeVisible();
    await expect(viewer).toContainText('2 of 3');
    await expect(viewer).toContainText('by Ansel Adams');
    await expect(viewer.getByRole('button', { name: 'Close full screen' })).toBeFocused();
    // It covers the whole window.
    expect(await viewer.boundingBox()).toEqual({ x: 0, y: 0, width: DESKTOP.width, height: DESKTOP.height });

    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: 'Sample photo 3' })).toContainText('3 of 3');
    await expect(page.getByRole('button', { name: 'Next photo' })).toBeDisabled();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('dialog', { name: 'Sample photo 1' })).toContainText('1 of 3');
    // Tab stays inside the viewer.
    for (let step = 0; step < 4; step++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('.fullscreen-viewer') !== null)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('fullscreen-viewer')).toHaveCount(0);
    await expect(open).toBeFocused();
  });

  test('a photo page opens its photo full screen', async ({ page, request }) => {
    await dismissCookieBanner(page);
    const account = await createAccount(request, { firstName: 'Maya', lastName: 'Lindqvist' });
    const photo = await uploadThroughApi(request, account.sessionToken, { title: uniqueTitle('Otter'), description: 'River.', file: PHOTO_FILES.tiger });
    await makePublicThroughApi(request, account.sessionToken, photo.id);
    await page.goto(`/photo/${photo.slug}`);
    await page.getByRole('button', { name: `View ${photo.title} full screen` }).click();
    const viewer = page.getByRole('dialog', { name: photo.title });
    await expect(viewer.getByRole('img', { name: photo.title })).toBeVisible();
    await expect(viewer).toContainText('by Maya Lindqvist');
    await expect(viewer.getByRole('button', { name: 'Next photo' })).toHaveCount(0);
    await viewer.getByRole('button', { name: 'Close full screen' }).click();
    await expect(viewer).toHaveCount(0);
  });

  test('the admin cannot feature a private photo: the notice says why, and nothing changes', async ({ page, request }) => {
    await dismissCookieBanner(page);
    const owner = await createAccount(request, { firstName: 'Dian', lastName: 'Fossey' });
    const title = uniqueTitle('Private gorilla');
    const photo = await uploadThroughApi(request, owner.sessionToken, { title, description: 'Mist.', file: PHOTO_FILES.tiger });
    await openSignedIn(page, await signInThroughApi(request, SITE_ADMIN.email, SITE_ADMIN.password), '/admin');
    await page.getByRole('tab', { name: /^Photos/ }).click();
    await page.getByRole('textbox', { name: 'Search users, photos and messages' }).fill(title);
    const card = page.getByTestId('admin-photo').filter({ hasText: title });
    await expect(card).toContainText('Private');
    const featured = card.getByRole('button', { name: 'Featured', exact: true });
    await featured.click();
    await expectToast(page, 'Failed to update featured status', 'Only public photos can be featured. This photo is private: its owner can make it public from My Photos.');
    await expect(featured).toHaveAttribute('aria-pressed', 'false');
    const list = (await (await request.get('/api/featured-photos')).json()) as Array<{ id: string }>;
    expect(list.map((p) => p.id)).not.toContain(photo.id);
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE });

  test('the menu holds Upload and My Photos for a member', async ({ page, request }) => {
    await dismissCookieBanner(page);
    const account = await createAccount(request, { firstName: 'Frans' });
    await openSignedIn(page, account.sessionToken, '/gallery');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Upload a Photo' })).toBeInViewport();
    await menu.getByRole('link', { name: 'My Photos' }).click();
    await expect(page).toHaveURL(/\/my-photos$/);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Upload a Photo' }).click();
    await expect(page).toHaveURL(/\/upload$/);
  });

  test('the member home leads with Upload, in the first screen', async ({ page, request }) => {
    await dismissCookieBanner(page);
    const account = await createAccount(request, { firstName: 'Frans' });
    await openSignedIn(page, account.sessionToken, '/');
    const upload = page.getByRole('main').getByRole('link', { name: 'Upload a Photo' });
    await expect(upload).toBeInViewport({ ratio: 1 });
    expect(await isOnTop(upload)).toBe(true);
  });

  test('a first visit: the launch offer and the cookie banner leave the home’s main button in the first screen, uncovered', async ({ page }) => {
    // No stored cookie choice: the consent banner shows, with the launch offer above the page.
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Launch offer' })).toBeVisible();
    await expect(page.locator('.cookie-banner')).toBeVisible();
    const main = page.getByRole('main').getByRole('link', { name: 'Upload Your Photo Now!' });
    await expect(main).toBeInViewport({ ratio: 1 });
    expect(await isOnTop(main)).toBe(true);
  });

  test('pricing has one banner before the plan cards', async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto('/pricing');
    await expect(page.locator('.plan-card')).toHaveCount(3);
    expect(await bannersBeforeCards(page)).toBe(1);
  });

  test('the full-screen viewer fills the phone screen and moves on with its buttons', async ({ page }) => {
    await dismissCookieBanner(page);
    await page.route('**/api/photos?*', (route) => json(route, 200, { photos: [1, 2].map((index) => cardFixture(index)), total: 2, page: 1, totalPages: 1 }));
    await openGalleryInTheApp(page);
    await page.getByRole('button', { name: 'View Sample photo 1 full screen' }).click();
    const viewer = page.getByTestId('fullscreen-viewer');
    expect(await viewer.boundingBox()).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    await viewer.getByRole('button', { name: 'Next photo' }).click();
    await expect(page.getByRole('dialog', { name: 'Sample photo 2' })).toContainText('2 of 2');
    const close = viewer.getByRole('button', { name: 'Close full screen' });
    expect(await isOnTop(close)).toBe(true);
    await close.click();
    await expect(viewer).toHaveCount(0);
  });
});
