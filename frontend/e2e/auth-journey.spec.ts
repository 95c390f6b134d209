// The accounts issue's acceptance journey, against the real API with nothing mocked: sign up →
// header shows the first name → sign out → sign in → set security questions → forgot password →
// answer → new password → sign in with it.
import { expect, test } from '@playwright/test';
import {
  chooseFromAccountMenu,
  chooseOption,
  dismissCookieBanner,
  expectToast,
  fillLogin,
  QUESTIONS,
  signOutFromHeader,
  uniqueEmail,
} from './auth-fixtures';

test('a new member signs up, sets security questions, resets the password and signs in with it', async ({ page }) => {
  test.setTimeout(90_000);
  await dismissCookieBanner(page);
  const email = uniqueEmail('journey');
  const firstPassword = 'first-password-1';
  const newPassword = 'second-password-2';
  const header = page.getByRole('banner');

  // Sign up on the free plan.
  await page.goto('/');
  await header.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByLabel('First name').fill('Rachel');
  await page.getByLabel('Last name').fill('Carson');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(firstPassword);
  await page.getByRole('radio', { name: /^Explorer plan/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, 'Welcome to Wildframe!');
  await expect(header.getByRole('button', { name: 'Rachel' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('sessionToken'))).toBeTruthy();

  // Sign out, then back in.
  await signOutFromHeader(page, 'Rachel');
  expect(await page.evaluate(() => window.localStorage.getItem('sessionToken'))).toBeNull();
  await header.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await fillLogin(page, email, firstPassword);
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole('button', { name: 'Rachel' })).toBeVisible();

  // Set up the security questions on the profile.
  await chooseFromAccountMenu(page, 'Rachel', 'Profile');
  await expect(page).toHaveURL(/\/profile$/);
  const securityCard = page.locator('.ant-card', { has: page.getByRole('heading', { name: 'Security Questions' }) });
  await expect(securityCard.getByText('Not set up')).toBeVisible();
  await securityCard.getByRole('button', { name: 'Set Up Now' }).click();
  for (const [index, { question, answer }] of QUESTIONS.entries()) {
    await chooseOption(page, securityCard.getByLabel(`Question ${index + 1}`), question);
    await securityCard.getByLabel(`Answer ${index + 1}`).fill(answer);
  }
  // A session alone does not change the questions: the current password confirms it.
  await securityCard.getByLabel('Current password').fill(firstPassword);
  await securityCard.getByRole('button', { name: 'Save Questions' }).click();
  await expectToast(page, 'Security Questions Set Up');
  await expect(securityCard.getByText('Configured')).toBeVisible();
  await expect(securityCard.getByRole('button', { name: 'Update Questions' })).toBeVisible();

  // Forget the password: answer the questions and choose a new one.
  await signOutFromHeader(page, 'Rachel');
  await header.getByRole('link', { name: 'Sign In' }).click();
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectToast(page, 'Security Questions Found');
  for (const { question, answer } of QUESTIONS) {
    await page.getByLabel(question).fill(answer);
  }
  await page.getByRole('button', { name: 'Verify Answers' }).click();
  await expectToast(page, 'Verification Successful');
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, 'Password Reset Successful');

  // The old password no longer works; the new one does.
  await fillLogin(page, email, firstPassword);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password. Please try again.' }).first()).toBeVisible();
  await fillLogin(page, email, newPassword);
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole('button', { name: 'Rachel' })).toBeVisible();
});
