// A photo the AI engine holds for review (issue 27), at the desktop and phone sizes: the owner's
// "Waiting for review" notice (upload result, My Photos, photo page), the admin's "Needs review"
// filter, Approve and Reject. Everything goes through the real server and its real engine, which
// holds the screen capture made at test time (review-fixtures.ts); nothing is answered in the browser.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, dismissCookieBanner, expectToast, openSignedIn, signInThroughApi, SITE_ADMIN } from './auth-fixtures';
import { demoContentSettled, uniqueTitle } from './photos-fixtures';
import { screenCapturePng } from './review-fixtures';

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const NATURE_BADGES = '.category-badge--wildlife, .category-badge--landscape';
/** A page's first content after navigating: the shared machine's load can hold a list back for a while. */
const LOADED = { timeout: 30_000 };

interface HeldPhoto {
  id: string;
  slug: string;
  reason: string;
}

/** Uploads the capture as the holder of `token`; the engine must hold it (else the test says so). */
async function uploadHeld(request: APIRequestContext, token: string, capture: Buffer, title: string, category?: 'landscape'): Promise<HeldPhoto> {
  const response = await request.post('/api/photos/upload', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { title, description: 'Captured from my screen.', ...(category ? { category } : {}), photo: { name: 'capture.png', mimeType: 'image/png', buffer: capture } },
    timeout: 120_000,
  });
  expect(response.status(), await response.text()).toBe(201);
  const { photo } = (await response.json()) as { photo: { id: string; slug: string; moderation: string | null; reviewReasons: string[] } };
  expect(photo.moderation, 'the engine should hold a screen capture for review').toBe('review');
  return { id: photo.id, slug: photo.slug, reason: photo.reviewReasons[0] ?? '' };
}

/** The admin panel's Photos tab, searched for one title, on its "Needs review" filter. */
async function needsReview(page: Page, request: APIRequestContext, title: string): Promise<void> {
  await openSignedIn(page, await signInThroughApi(request, SITE_ADMIN.email, SITE_ADMIN.password), '/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Panel', LOADED);
  await page.getByRole('tab', { name: /^Photos/ }).click();
  await page.getByRole('textbox', { name: 'Search users, photos and messages' }).fill(title);
  await page.getByText(/^Needs review \(\d+\)$/).click(LOADED);
  await expect(page.getByText('Needs review (1)')).toBeVisible();
}

for (const size of SIZES) {
  test.describe(`review of held photos at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });
    // Real uploads (image pipeline and the engine) on a shared machine.
    test.setTimeout(180_000);
    let capture: Buffer;
    test.beforeAll(async ({ browser }) => {
      test.setTimeout(300_000);
      // The engine must judge each upload within its deadline: not while it analyses the demo photos.
      await demoContentSettled();
      capture = await screenCapturePng(browser);
    });
    test.beforeEach(async ({ page }) => dismissCookieBanner(page));

    test('the owner sees “Waiting for review” with the reason on the upload result, in My Photos and on the photo page, and no nature badge', async ({ page, request }) => {
      const owner = await createAccount(request, { firstName: 'Rachel', lastName: 'Carson' });
      const title = uniqueTitle('Screen capture');
      await openSignedIn(page, owner.sessionToken, '/upload');
      await page.getByLabel('Title').fill(title);
      await page.getByLabel('Description').fill('Captured from my screen.');
      await page.getByTestId('photo-file-input').setInputFiles({ name: 'capture.png', mimeType: 'image/png', buffer: capture });
      const uploaded = page.waitForResponse((response) => response.url().endsWith('/api/photos/upload'), { timeout: 120_000 });
      await page.getByRole('button', { name: 'Upload and Analyze' }).click();
      const { photo } = (await (await uploaded).json()) as { photo: { slug: string; moderation: string | null; reviewReasons: string[] } };
      expect(photo.moderation, 'the engine should hold a screen capture for review').toBe('review');
      const reason = photo.reviewReasons[0] ?? '';
      expect(reason).not.toBe('');

      const result = page.getByTestId('upload-result');
      const notice = result.getByTestId('review-notice');
      await expect(notice).toContainText('Waiting for review');
      await expect(notice).toContainText(reason);
      await expect(result.locator('.review-tag')).toHaveText('Waiting for review');
      await expect(result.locator(NATURE_BADGES)).toHaveCount(0);
      await expect(result).toContainText('Once an admin has approved it, you can make it public');

      await page.goto('/my-photos');
      const card = page.getByTestId('photo-card').filter({ hasText: title });
      await expect(card.locator('.review-tag')).toHaveText('Waiting for review', LOADED);
      await expect(card).toContainText(reason);
      await expect(card.locator(NATURE_BADGES)).toHaveCount(0);
      await card.getByRole('button', { name: `Open ${title}` }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog.getByTestId('review-notice')).toContainText('Waiting for review');
      // It cannot be made public until an admin approves it.
      await expect(dialog.getByRole('switch')).toBeDisabled();
      await page.keyboard.press('Escape');

      await page.goto(`/photo/${photo.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title, LOADED);
      await expect(page.getByTestId('review-notice')).toContainText(reason);
      await expect(page.locator(NATURE_BADGES)).toHaveCount(0);
      // Nobody else sees it (asked anonymously through the page's own client: the test's client has
      // been idle for longer than the server keeps a connection open).
      expect((await page.request.get(`/api/photos/${photo.slug}`)).status()).toBe(404);
    });

    test('the admin finds it under “Needs review” and approves it: the notice goes, the category badge comes', async ({ page, request, browser }) => {
      const owner = await createAccount(request, { firstName: 'John', lastName: 'Muir' });
      const title = uniqueTitle('Held capture');
      const held = await uploadHeld(request, owner.sessionToken, capture, title, 'landscape');
      await needsReview(page, request, title);
      const card = page.getByTestId('admin-photo').filter({ hasText: title });
      await expect(card.locator('.review-tag')).toHaveText('Needs review');
      await expect(card).toContainText(held.reason);
      await expect(card.locator(NATURE_BADGES)).toHaveCount(0);
      await card.getByRole('button', { name: `Approve ${title}` }).click();
      await expectToast(page, 'Photo approved');
      await expect(page.getByText('Needs review (0)')).toBeVisible();
      await expect(card).toHaveCount(0);
      await page.getByText('All photos', { exact: true }).click();
      await expect(card.locator('.category-badge--landscape')).toHaveText('Landscape');

      const ownerPage = await (await browser.newContext({ viewport: size.viewport })).newPage();
      await dismissCookieBanner(ownerPage);
      await openSignedIn(ownerPage, owner.sessionToken, `/photo/${held.slug}`);
      await expect(ownerPage.getByRole('heading', { level: 1 })).toHaveText(title, LOADED);
      await expect(ownerPage.locator('.category-badge--landscape')).toHaveText('Landscape');
      await expect(ownerPage.getByTestId('review-notice')).toHaveCount(0);
      const published = await ownerPage.request.post(`/api/photos/${held.id}/toggle-public`, { headers: { Authorization: `Bearer ${owner.sessionToken}` } });
      expect(await published.json()).toMatchObject({ isPublic: true });
      await ownerPage.context().close();
    });

    test('the admin rejects it with a reason: it is deleted', async ({ page, request }) => {
      const owner = await createAccount(request, { firstName: 'Aldo', lastName: 'Leopold' });
      const title = uniqueTitle('Rejected capture');
      const held = await uploadHeld(request, owner.sessionToken, capture, title);
      await needsReview(page, request, title);
      const card = page.getByTestId('admin-photo').filter({ hasText: title });
      await card.getByRole('button', { name: `Reject ${title}` }).click();
      const dialog = page.getByRole('dialog', { name: `Reject “${title}”?` });
      const confirm = dialog.getByRole('button', { name: 'Reject Photo' });
      // The reason is required (kept in the audit trail).
      await expect(confirm).toBeDisabled();
      await dialog.getByLabel('Reason (required, kept in the audit trail)').fill('A capture of a web page, not a nature photograph.');
      await confirm.click();
      await expectToast(page, 'Photo rejected');
      await expect(card).toHaveCount(0);
      await expect(page.getByText('Needs review (0)')).toBeVisible();
      const gone = await page.request.get(`/api/photos/${held.id}`, { headers: { Authorization: `Bearer ${owner.sessionToken}` } });
      expect(gone.status()).toBe(404);
    });
  });
}
