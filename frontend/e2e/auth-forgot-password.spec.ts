import { expect, test } from '@playwright/test';
import {
  createAccount,
  dismissCookieBanner,
  expectToast,
  QUESTIONS,
  setUpSecurityQuestions,
  uniqueEmail,
} from './auth-fixtures';

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('an account without security questions gets the No Security Questions notice', async ({ page, request }) => {
  const account = await createAccount(request);
  await page.goto('/forgot-password');
  await expect(page.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectToast(page, 'No Security Questions');
  await expect(page.getByTestId('toast')).toHaveAttribute('role', 'alert');
  await expect(page.getByRole('heading', { name: 'Find your account' })).toBeVisible();
});

test('an unknown address is told the same, and a malformed one is caught first', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('nope');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please enter a valid email address', { exact: true })).toBeVisible();
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectToast(page, 'No Security Questions');
});

test('wrong answers fail, Try Different Email starts over, and the new password is checked', async ({ page, request }) => {
  test.setTimeout(60_000);
  const account = await createAccount(request);
  await setUpSecurityQuestions(request, account.sessionToken, account.password);

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectToast(page, 'Security Questions Found');
  const heading = page.getByRole('heading', { name: 'Answer your security questions' });
  await expect(heading).toBeFocused();

  for (const { question } of QUESTIONS) await page.getByLabel(question).fill('wrong');
  await page.getByRole('button', { name: 'Verify Answers' }).click();
  await expectToast(page, 'Verification Failed', 'Incorrect answers. Please try again.');
  await expect(heading).toBeVisible();

  // Start over with the e-mail, which is kept in the field.
  await page.getByRole('button', { name: 'Try Different Email' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await page.getByRole('button', { name: 'Continue' }).click();

  for (const { question, answer } of QUESTIONS) await page.getByLabel(question).fill(answer);
  await page.getByRole('button', { name: 'Verify Answers' }).click();
  await expectToast(page, 'Verification Successful');

  const newPassword = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm new password', { exact: true });
  await newPassword.fill('short');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password must be at least 8 characters', { exact: true })).toBeVisible();
  await expect(page.getByText('Please confirm your password', { exact: true })).toBeVisible();
  await newPassword.fill('long-enough-1');
  await confirm.fill('long-enough-2');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText("Passwords don't match", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/forgot-password$/);

  await confirm.fill('long-enough-1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, 'Password Reset Successful');
});
