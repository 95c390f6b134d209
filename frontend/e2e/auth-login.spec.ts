import { expect, test } from '@playwright/test';
import { createAccount, dismissCookieBanner, expectToast, fillLogin, openSignedIn } from './auth-fixtures';

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('offers the way to recover a password, to sign up and to go on as a guest', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
  await expect(main.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  await expect(main.getByRole('link', { name: 'Continue as guest' })).toHaveAttribute('href', '/');

  await main.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter a valid email address', { exact: true })).toBeVisible();
  await expect(page.getByText('Password is required', { exact: true })).toBeVisible();

  const password = page.getByLabel('Password', { exact: true });
  await password.fill('hidden-1');
  await main.getByRole('button', { name: 'Show' }).click();
  await expect(password).toHaveAttribute('type', 'text');
});

test('a wrong password is refused with the spec’s message', async ({ page, request }) => {
  const account = await createAccount(request);
  await page.goto('/login');
  await fillLogin(page, account.email, 'not-the-password');
  await expectToast(page, 'Login failed', 'Invalid email or password. Please try again.');
  await expect(page.locator('.auth-form__alert')).toHaveText('Invalid email or password. Please try again.');
  await expect(page).toHaveURL(/\/login$/);
});

test('signing in goes home with the first name in the header', async ({ page, request }) => {
  const account = await createAccount(request, { firstName: 'Aldo' });
  await page.goto('/login');
  await fillLogin(page, account.email, account.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Aldo' })).toBeVisible();
});

test('after too many failures the server’s message is shown', async ({ page, request }) => {
  const account = await createAccount(request);
  // The server allows five failed attempts per account within its window.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const response = await request.post('/api/auth/login', { data: { email: account.email, password: 'wrong-password' } });
    expect(response.status()).toBe(401);
  }
  await page.goto('/login');
  await fillLogin(page, account.email, account.password);
  await expect(page.locator('.auth-form__alert')).toHaveText('Too many attempts. Please try again in 15 minutes.');
  await expectToast(page, 'Login failed', 'Too many attempts. Please try again in 15 minutes.');
});

test('a locked account is told so, with the way to reset its password', async ({ page, request }) => {
  const account = await createAccount(request);
  // Failures in a row from two addresses, under each address's own limit, reach the lock (10 here:
  // AUTH_MAX_CONSECUTIVE_FAILURES in playwright.config.ts).
  for (const address of ['198.51.100.21', '198.51.100.22']) {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await request.post('/api/auth/login', { headers: { 'X-Forwarded-For': address }, data: { email: account.email, password: 'wrong-password' } });
      expect(response.status()).toBe(401);
    }
  }
  await page.goto('/login');
  await fillLogin(page, account.email, account.password);
  const locked = 'This account is locked after too many failed sign-ins. Reset your password with your security questions to unlock it.';
  await expect(page.locator('.auth-form__alert')).toContainText(locked);
  await page.locator('.auth-form__alert').getByRole('link', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('someone already signed in is sent to the profile', async ({ page, request }) => {
  const account = await createAccount(request, { firstName: 'Jane' });
  await openSignedIn(page, account.sessionToken, '/login');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Profile');
});
