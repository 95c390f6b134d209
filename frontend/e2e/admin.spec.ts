// The admin panel against the real standalone app: who gets in, users, photos (featured on the
// home page) and contact messages from a guest's form to the archive.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { chooseOption, createAccount, dismissCookieBanner, expectToast, fillLogin, openSignedIn, signInThroughApi, SITE_ADMIN, uniqueEmail } from './auth-fixtures';
import { demoContentSettled } from './photos-fixtures';

const TIGER = readFileSync(join(__dirname, '..', '..', 'services', 'photos', 'test-fixtures', 'wildlife_mammal_tiger_in_snow_puzzlejigsaw.jpg'));

test.beforeAll(async () => {
  test.setTimeout(300_000);
  await demoContentSettled();
});

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

const tab = (page: Page, name: 'Users' | 'Photos' | 'Messages') => page.getByRole('tab', { name: new RegExp(`^${name}`) });

async function openAdmin(page: Page, request: APIRequestContext): Promise<void> {
  await openSignedIn(page, await signInThroughApi(request, SITE_ADMIN.email, SITE_ADMIN.password), '/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Panel');
}

async function search(page: Page, term: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Search users, photos and messages' }).fill(term);
}

/** A member's photo, uploaded and made public through the API. */
async function publicPhoto(request: APIRequestContext, title: string): Promise<{ id: string; token: string }> {
  const owner = await createAccount(request, { firstName: 'Dian', lastName: 'Fossey' });
  const upload = await request.post('/api/photos/upload', {
    headers: { Authorization: `Bearer ${owner.sessionToken}` },
    multipart: { title, description: 'A tiger walking through fresh snow.', photo: { name: 'tiger.jpg', mimeType: 'image/jpeg', buffer: TIGER } },
    timeout: 120_000,
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const id = ((await upload.json()) as { photo: { id: string } }).photo.id;
  const visible = await request.post(`/api/photos/${id}/toggle-public`, { headers: { Authorization: `Bearer ${owner.sessionToken}` } });
  expect(visible.status()).toBe(200);
  return { id, token: owner.sessionToken };
}

/** A visitor of their own, in a browser of their own (the admin keeps theirs open meanwhile). */
async function guestPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': `203.0.113.${(process.pid % 200) + 1}` } });
  const page = await context.newPage();
  await dismissCookieBanner(page);
  return page;
}

test.describe('access', () => {
  test('visitors and members see Access Denied with a way home', async ({ page, request }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access Denied');
    await expect(page.getByRole('tab')).toHaveCount(0);

    const member = await createAccount(request);
    await openSignedIn(page, member.sessionToken, '/admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access Denied');
    await page.getByRole('link', { name: 'Go to Homepage' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('Access Denied and every tab of the panel have no serious accessibility violations', async ({ page, request }) => {
    const serious = async () =>
      (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    test.setTimeout(180_000);
    const title = `Axe tiger ${Date.now()}`;
    await publicPhoto(request, title);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access Denied');
    expect(await serious()).toEqual([]);
    await openAdmin(page, request);
    await expect(page.getByTestId('admin-user').first()).toBeVisible();
    expect(await serious()).toEqual([]);
    await tab(page, 'Photos').click();
    await search(page, title);
    await expect(page.getByTestId('admin-photo')).toHaveCount(1);
    expect(await serious()).toEqual([]);
    await page.getByRole('button', { name: 'Analysis', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await serious()).toEqual([]);
    await page.keyboard.press('Escape');
    await search(page, '');
    await tab(page, 'Messages').click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    expect(await serious()).toEqual([]);
  });

  test('the admin gets three tabs with counts, one search box and a way back to the profile', async ({ page, request }) => {
    await openAdmin(page, request);
    await expect(tab(page, 'Users')).toHaveText(/^Users \(\d+\)$/);
    await expect(tab(page, 'Photos')).toHaveText(/^Photos \(\d+\)$/);
    await expect(tab(page, 'Messages')).toHaveText(/^Messages \(\d+\)$/);
    await search(page, SITE_ADMIN.email);
    await expect(tab(page, 'Users')).toHaveText('Users (1)');
    const row = page.getByTestId('admin-user').filter({ hasText: SITE_ADMIN.email });
    await expect(row).toContainText('Site Admin');
    // The site admin can be neither changed nor deleted.
    await expect(row.locator('.ant-select')).toHaveClass(/ant-select-disabled/);
    await expect(row.getByRole('button', { name: /^Delete/ })).toBeDisabled();
    await page.getByRole('link', { name: 'Back to Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });
});

test('a guest’s message reaches the admin within 5 s; its status cycles, it gets a response and is archived', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The admin signs in and keeps the Messages tab open.
  await page.goto('/login');
  await fillLogin(page, SITE_ADMIN.email, SITE_ADMIN.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await tab(page, 'Messages').click();

  const subject = `Heron upload ${Date.now()}`;
  const guest = await guestPage(browser);
  await guest.goto('/contact');
  const form = guest.locator('.contact-form');
  await form.getByLabel('Name').fill('Rachel Carson');
  await form.getByLabel('Email').fill('rachel@example.org');
  await chooseOption(guest, form.locator('.ant-select'), 'Support');
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('My heron photo fails to upload every time.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(guest.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  const sentAt = Date.now();

  // No reload: the list polls every 5 s (plus a moment for the request itself).
  const message = page.getByTestId('admin-message').filter({ hasText: subject });
  await expect(message).toBeVisible({ timeout: 7000 });
  expect(Date.now() - sentAt).toBeLessThan(7000);
  await expect(message).toContainText('Rachel Carson');
  await expect(message).toContainText('rachel@example.org');
  await expect(message).toContainText('Support');
  await guest.context().close();

  await search(page, subject);
  await expect(tab(page, 'Messages')).toHaveText('Messages (1)');

  await expect(message.locator('.admin-status')).toHaveText('Pending');
  for (const to of ['In Progress', 'Resolved', 'Pending']) {
    await message.getByRole('button', { name: `Mark ${to}` }).click();
    await expectToast(page, 'Status updated', `is now ${to}.`);
    await expect(message.locator('.admin-status')).toHaveText(to);
  }

  await message.getByRole('button', { name: 'Respond' }).click();
  await message.getByRole('button', { name: 'Send Response' }).click();
  await expect(message.getByText('Response is required')).toBeVisible();
  await message.getByLabel('Your response to Rachel Carson').fill('Thanks Rachel, fixed in today’s release.');
  await message.getByRole('button', { name: 'Send Response' }).click();
  await expectToast(page, 'Response added');
  await expect(message.locator('.admin-response')).toContainText('Thanks Rachel, fixed in today’s release.');

  await message.getByRole('button', { name: 'Archive', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Archive this message?' });
  await dialog.getByLabel(/Reason/).fill('Answered');
  await dialog.getByRole('button', { name: 'Archive Message' }).click();
  await expectToast(page, 'Message archived');
  await expect(message.locator('.admin-status')).toHaveText('Archived');
  await expect(message.getByRole('button', { name: 'Archive', exact: true })).toBeDisabled();
  // The status button reopens an archived message.
  await expect(message.getByRole('button', { name: 'Reopen' })).toBeEnabled();
});

test('an admin deletes a message after confirming', async ({ page, request }) => {
  const subject = `Spam ${Date.now()}`;
  const sent = await request.post('/api/contact', {
    headers: { 'X-Forwarded-For': `192.0.2.${(process.pid % 200) + 1}` },
    data: { name: 'Spammer', email: 'spam@example.org', subject, message: 'Buy cheap lenses now!!!', category: 'feedback' },
  });
  expect(sent.status()).toBe(201);
  await openAdmin(page, request);
  await tab(page, 'Messages').click();
  await search(page, subject);
  const message = page.getByTestId('admin-message').filter({ hasText: subject });
  await message.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this message?' });
  await expect(dialog).toContainText('removed for good');
  await dialog.getByRole('button', { name: 'Delete Message' }).click();
  await expectToast(page, 'Message deleted');
  await expect(message).toHaveCount(0);
  await expect(tab(page, 'Messages')).toHaveText('Messages (0)');
});

test('an admin features a photo, sees its analysis, and it appears on the home page carousel', async ({ page, request }) => {
  test.setTimeout(180_000);
  const title = `Tiger in snow ${Date.now()}`;
  const photo = await publicPhoto(request, title);
  await openAdmin(page, request);
  await tab(page, 'Photos').click();
  await search(page, title);
  await expect(tab(page, 'Photos')).toHaveText('Photos (1)');
  const card = page.getByTestId('admin-photo').filter({ hasText: title });
  await expect(card).toContainText('Dian Fossey');
  await expect(card).toContainText('Public');

  await card.getByRole('button', { name: 'Analysis', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByRole('img', { name: title })).toBeVisible();
  await expect(dialog).toContainText('Shared by Dian Fossey');
  await expect(dialog.getByTestId('ai-analysis').or(dialog.getByText('This photo has no AI rating'))).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const featured = card.getByRole('button', { name: 'Featured', exact: true });
  await expect(featured).toHaveAttribute('aria-pressed', 'false');
  await featured.click();
  await expectToast(page, 'Featured status updated');
  await expect(featured).toHaveAttribute('aria-pressed', 'true');
  await expect(card.locator('.admin-tag--featured')).toHaveText('Featured');

  const list = await request.get('/api/featured-photos');
  expect(((await list.json()) as Array<{ id: string }>).map((p) => p.id)).toContain(photo.id);
  await page.goto('/');
  // The carousel shows three at a time, newest first: step through its groups until it shows.
  const carousel = page.getByTestId('featured-carousel');
  const shown = carousel.getByRole('heading', { name: title });
  await expect(carousel).toBeVisible();
  for (let step = 0; step < 10 && !(await shown.isVisible()); step++) {
    await page.getByRole('button', { name: 'Next featured photos' }).click();
  }
  await expect(shown).toBeVisible();
});

test('an admin deletes a photo after confirming', async ({ page, request }) => {
  test.setTimeout(180_000);
  const title = `Doomed tiger ${Date.now()}`;
  const photo = await publicPhoto(request, title);
  await openAdmin(page, request);
  await tab(page, 'Photos').click();
  await search(page, title);
  const card = page.getByTestId('admin-photo').filter({ hasText: title });
  await card.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete Photo' }).click();
  await expectToast(page, 'Photo deleted');
  await expect(card).toHaveCount(0);
  expect((await request.get(`/api/photos/${photo.id}`)).status()).toBe(404);
});

test('an admin changes a member’s plan and deletes the member, each after confirming', async ({ page, request }) => {
  const email = uniqueEmail('ranger');
  const member = await createAccount(request, { email, firstName: 'Aldo', lastName: 'Leopold' });
  await openAdmin(page, request);
  await search(page, email);
  await expect(tab(page, 'Users')).toHaveText('Users (1)');
  const row = page.getByTestId('admin-user').filter({ hasText: email });
  await expect(row).toContainText('Aldo Leopold');

  await chooseOption(page, row.locator('.ant-select'), 'Professional', { confirmed: false });
  const confirm = page.getByRole('dialog').filter({ hasText: 'Change Aldo Leopold’s plan?' });
  await expect(confirm).toContainText('From Explorer to Professional');
  await expect(confirm).not.toContainText('paid subscription');
  await confirm.getByRole('button', { name: 'Change Plan' }).click();
  await expectToast(page, 'Plan updated');
  await expect(row.locator('.ant-select')).toContainText('Professional');
  const me = await request.get('/api/auth/user', { headers: { Authorization: `Bearer ${member.sessionToken}` } });
  expect(((await me.json()) as { plan: string }).plan).toBe('professional');

  // A failure says why.
  await page.route('**/api/admin/users/*/plan', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ statusCode: 503, message: 'Service temporarily unavailable' }) }),
  );
  await chooseOption(page, row.locator('.ant-select'), 'Enthusiast', { confirmed: false });
  await page.getByRole('dialog').getByRole('button', { name: 'Change Plan' }).click();
  await expectToast(page, 'Failed to update user plan', 'Service temporarily unavailable');
  await expect(row.locator('.ant-select')).toContainText('Professional');

  await row.getByRole('button', { name: 'Delete Aldo Leopold' }).click();
  const deletion = page.getByRole('dialog').filter({ hasText: 'Delete Aldo Leopold?' });
  await expect(deletion).toContainText('its photos and their stored files are removed for good');
  await deletion.getByRole('button', { name: 'Delete User' }).click();
  await expectToast(page, 'User deleted');
  await expect(row).toHaveCount(0);
  expect((await request.get('/api/auth/user', { headers: { Authorization: `Bearer ${member.sessionToken}` } })).status()).toBe(401);
});
