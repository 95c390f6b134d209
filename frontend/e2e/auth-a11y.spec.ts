// axe-core on the account screens: no serious or critical violations, signed out and signed in.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, dismissCookieBanner, openSignedIn, setUpSecurityQuestions } from './auth-fixtures';

async function seriousViolations(page: Page) {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
}

// axe runs take several seconds each on a busy machine.
test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
  // Without motion, nothing is mid-fade when the colours are measured.
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('signup, with its errors and its payment step, has no serious violations', async ({ page }) => {
  await page.goto('/signup?plan=enthusiast');
  await expect(page.getByRole('radio', { name: /^Enthusiast plan/ })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Birder');
  await page.getByLabel('Email').fill('ada@example.org');
  await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Complete Your Subscription' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('sign in and password recovery have no serious violations', async ({ page, request }) => {
  const account = await createAccount(request);
  await setUpSecurityQuestions(request, account.sessionToken, account.password);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Find your account' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Answer your security questions' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the profile, also with its forms open, has no serious violations', async ({ page, request }) => {
  const account = await createAccount(request);
  await openSignedIn(page, account.sessionToken, '/profile');
  await expect(page.getByRole('button', { name: 'Set Up Now' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Set Up Now' }).click();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByRole('button', { name: 'Save Questions' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
