// The contact page: categories, response time, the form's rules and counters, sending, the
// Thank You screen's countdown home, and the failure toast.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { chooseOption, dismissCookieBanner, expectToast } from './auth-fixtures';

let address = 0;

/**
 * The server limits messages per client address; each test writes from its own (the app trusts
 * the forwarding header from loopback, as behind a proxy).
 */
async function asVisitorFromOwnAddress(page: Page): Promise<void> {
  address += 1;
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `198.51.100.${(process.pid % 50) * 5 + address}` });
}

async function fillForm(page: Page, values: { name?: string; email?: string; subject?: string; message?: string }) {
  const form = page.locator('.contact-form');
  if (values.name !== undefined) await form.getByLabel('Name').fill(values.name);
  if (values.email !== undefined) await form.getByLabel('Email').fill(values.email);
  if (values.subject !== undefined) await form.getByLabel('Subject').fill(values.subject);
  if (values.message !== undefined) await form.getByLabel('Message').fill(values.message);
}

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
  await asVisitorFromOwnAddress(page);
});

test('shows the four categories, the response time and a form whose five fields are required', async ({ page }) => {
  await page.goto('/contact');
  await expect(page).toHaveTitle(/Contact Us/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
  const categories = page.getByRole('region', { name: 'What can we help with?' });
  for (const name of ['Feedback', 'Support', 'Bug Report', 'Feature Request']) {
    await expect(categories.getByRole('button', { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  const responseTime = page.locator('.contact-response-time');
  await expect(responseTime).toContainText('5 business days');
  await expect(responseTime).toContainText('24-48 hours');
  await expect(responseTime).toContainText('Paid members and urgent technical issues');

  const form = page.locator('.contact-form');
  for (const label of ['Name', 'Email', 'Category', 'Subject', 'Message']) {
    await expect(form.locator('.ant-form-item-required', { hasText: label })).toHaveCount(1);
  }
  await expect(form.getByLabel('Message')).toHaveAttribute('rows', '6');
  // Feedback is chosen to begin with; a category card chooses another.
  await expect(form.locator('.ant-select')).toContainText('Feedback');
  await expect(categories.getByRole('button', { name: /^Feedback/ })).toHaveAttribute('aria-pressed', 'true');
  await categories.getByRole('button', { name: /^Bug Report/ }).click();
  await expect(form.locator('.ant-select')).toContainText('Bug Report');
  await expect(categories.getByRole('button', { name: /^Bug Report/ })).toHaveAttribute('aria-pressed', 'true');
});

test('shows errors under the fields and live counters; the subject stops at 160 characters', async ({ page }) => {
  await page.goto('/contact');
  const form = page.locator('.contact-form');
  await expect(form.getByText('0/160 characters')).toBeVisible();
  await expect(form.getByText('0/2000 characters')).toBeVisible();

  await form.getByRole('button', { name: 'Send Message' }).click();
  for (const message of ['Name is required', 'Please enter a valid email address', 'Subject is required', 'Message must be at least 10 characters']) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }

  await fillForm(page, { name: 'n'.repeat(101), email: 'not-an-email', subject: 's'.repeat(200), message: 'Too short' });
  await expect(form.getByText('Name must be 100 characters or less', { exact: true })).toBeVisible();
  await expect(form.getByText('Please enter a valid email address', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Subject')).toHaveValue('s'.repeat(160));
  await expect(form.getByText('160/160 characters')).toBeVisible();
  await expect(form.getByText('9/2000 characters')).toBeVisible();
  await expect(form.getByText('Message must be at least 10 characters', { exact: true })).toBeVisible();

  await form.getByLabel('Message').fill('m'.repeat(2001));
  await expect(form.getByText('2001/2000 characters')).toBeVisible();
  await expect(form.getByText('Message must be 2000 characters or less', { exact: true })).toBeVisible();

  // The error sits under its own field.
  const nameItem = form.locator('.ant-form-item', { has: page.getByLabel('Name') });
  await expect(nameItem.locator('.ant-form-item-explain')).toHaveText('Name must be 100 characters or less');
});

test('sends a message: Sending..., the toast, then Thank You counting down from 5 to the home page', async ({ page }) => {
  test.setTimeout(45_000);
  await page.goto('/contact');
  // Hold the request for a moment so the pending state can be seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/contact', async (route) => {
    await held;
    await route.continue();
  });
  await fillForm(page, { name: 'Rachel Carson', email: 'rachel@example.org', subject: 'Loving the critiques', message: 'The lighting feedback on my heron photo was spot on.' });
  await chooseOption(page, page.locator('.contact-form .ant-select'), 'Feature Request');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeVisible();
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
  release();
  const response = await sent;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toEqual({
    name: 'Rachel Carson',
    email: 'rachel@example.org',
    subject: 'Loving the critiques',
    message: 'The lighting feedback on my heron photo was spot on.',
    category: 'feature-request',
  });

  await expectToast(page, 'Message sent successfully!', "We'll get back to you within 5 business days.");
  await expect(page.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeFocused();
  const countdown = page.getByTestId('redirect-countdown');
  await expect(countdown).toHaveText('You will be redirected to the homepage in 5 seconds.');
  await expect(countdown).toHaveText('You will be redirected to the homepage in 4 seconds.', { timeout: 2500 });
  await expect(countdown).toHaveText('You will be redirected to the homepage in 1 second.', { timeout: 5000 });
  await expect(page).toHaveURL(/\/$/, { timeout: 3000 });
});

test('Send Another Message gives an empty form; Go to Homepage Now goes at once', async ({ page }) => {
  await page.goto('/contact');
  await fillForm(page, { name: 'John Muir', email: 'john@example.org', subject: 'Album idea', message: 'Albums for trips would be wonderful.' });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByRole('button', { name: 'Send Another Message' }).click();
  const form = page.locator('.contact-form');
  for (const label of ['Name', 'Email', 'Subject', 'Message']) await expect(form.getByLabel(label)).toHaveValue('');
  await expect(form.getByText('0/160 characters')).toBeVisible();
  await expect(form.locator('.ant-select')).toContainText('Feedback');

  await fillForm(page, { name: 'John Muir', email: 'john@example.org', subject: 'Second note', message: 'One more idea about albums.' });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByRole('button', { name: 'Go to Homepage Now' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a refused or failed send shows the destructive toast and keeps what was typed', async ({ page }) => {
  await page.goto('/contact');
  await page.route('**/api/contact', (route) =>
    route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ statusCode: 429, message: 'Too many messages. Please try again later.' }) }),
  );
  await fillForm(page, { name: 'Ada', email: 'ada@example.org', subject: 'Hello', message: 'A perfectly fine message.' });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Failed to send message', 'Too many messages. Please try again later.');
  await expect(page.getByTestId('toast')).toHaveClass(/toast--destructive/);
  await expect(page.locator('.contact-form').getByLabel('Subject')).toHaveValue('Hello');

  await page.unroute('**/api/contact');
  await page.route('**/api/contact', (route) => route.abort('connectionfailed'));
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Failed to send message', 'Please try again later.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
});

test('the form with its errors and the Thank You screen have no serious accessibility violations', async ({ page }) => {
  const serious = async () =>
    (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  expect(await serious()).toEqual([]);
  await fillForm(page, { name: 'Ada', email: 'ada@example.org', subject: 'Hello', message: 'A perfectly fine message.' });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  expect(await serious()).toEqual([]);
});
