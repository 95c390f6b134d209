import { expect, test } from '@playwright/test';
import { createAccount, dismissCookieBanner, expectToast, uniqueEmail } from './auth-fixtures';

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('shows the spec’s messages for missing and invalid details', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('radio', { name: /^Explorer plan/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  for (const message of [
    'First name is required',
    'Last name is required',
    'Please enter a valid email address',
    'Password must be at least 8 characters',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Please enter a valid email address', { exact: true })).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test('the password can be shown and hidden again', async ({ page }) => {
  await page.goto('/signup');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('sea-eagle-1');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(password).toHaveAttribute('type', 'password');
});

test('starts on Enthusiast with annual billing, and the switch shows monthly prices', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Your Account');
  await expect(page.getByText('Great choice!')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /^Enthusiast plan/ })).toBeChecked();
  const billing = page.getByRole('switch', { name: 'Annual billing' });
  await expect(billing).toBeChecked();
  const enthusiast = page.locator('.plan-card[data-plan="enthusiast"]');
  await expect(enthusiast).toContainText('$7/month');
  await expect(enthusiast).toContainText('Billed annually ($84/year)');
  await expect(enthusiast).toContainText('Save $24/year');
  await expect(page.locator('.plan-card[data-plan="professional"]')).toContainText('Save $48/year');
  await billing.click();
  await expect(billing).not.toBeChecked();
  await expect(enthusiast).toContainText('$9/month');
  await expect(page.locator('.plan-card[data-plan="professional"]')).toContainText('$19/month');
  await expect(page.getByText('Save $24/year')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', '/login');
});

test('?plan= preselects the plan and says Great choice', async ({ page }) => {
  await page.goto('/signup?plan=professional');
  await expect(page.getByText('Great choice!')).toBeVisible();
  await expect(page.getByText('You picked the Professional plan.')).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Professional plan/ })).toBeChecked();

  await page.goto('/signup?plan=explorer');
  await expect(page.getByRole('radio', { name: /^Explorer plan/ })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();

  await page.goto('/signup?plan=platinum');
  await expect(page.getByText('Great choice!')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /^Enthusiast plan/ })).toBeChecked();
});

test('a paid plan leads to the payment step, and Back keeps what was typed', async ({ page }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('paid');
  await page.goto('/signup?plan=enthusiast');
  await page.getByLabel('First name').fill('Gilbert');
  await page.getByLabel('Last name').fill('White');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('selborne-1789');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  // The payment itself is billing's (frontend/e2e/billing.spec.ts pays with the sandbox card).
  await expect(page.getByRole('heading', { name: 'Complete Your Subscription' })).toBeVisible();
  await expect(page.getByLabel('First name')).toBeHidden();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('First name')).toHaveValue('Gilbert');
});

test('an e-mail that already has an account is named under the field', async ({ page, request }) => {
  const existing = await createAccount(request);
  await page.goto('/signup?plan=explorer');
  await page.getByLabel('First name').fill('Mary');
  await page.getByLabel('Last name').fill('Anning');
  await page.getByLabel('Email').fill(existing.email);
  await page.getByLabel('Password', { exact: true }).fill('ichthyosaur-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, 'Signup Failed', 'An account with this email already exists');
  await expect(page.locator('.ant-form-item-explain-error', { hasText: 'An account with this email already exists' })).toBeVisible();
  await expect(page).toHaveURL(/\/signup\?plan=explorer$/);
  expect(await page.evaluate(() => window.localStorage.getItem('sessionToken'))).toBeNull();
});
