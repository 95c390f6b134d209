// The billing issue's acceptance journeys against the real standalone app, payments in the
// sandbox (no real charge): pricing → paid signup → the upload limits of the new plan; upgrade
// with a declined then a good card; cancellation; the return from a provider's own check.
import { expect, test, type Page } from '@playwright/test';
import { createAccount, dismissCookieBanner, expectToast, openSignedIn, uniqueEmail } from './auth-fixtures';

const GOOD_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';

async function enterCard(page: Page, cardNumber: string): Promise<void> {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('pricing → sign up on Enthusiast with the sandbox card → the upload limits are Enthusiast’s', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Plans and Pricing' })).toBeVisible();
  await expect(page.getByText('Save Over 2 Months With Annual Billing!')).toBeVisible();
  // Sandbox payments are on (the standalone default): the page says so before a plan is chosen.
  await expect(page.getByText('Sandbox payments — no real charge')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Annual billing' })).toBeChecked();
  const enthusiast = page.locator('.plan-card[data-plan="enthusiast"]');
  await expect(enthusiast).toContainText('$7');
  await expect(enthusiast).toContainText('Save $24/year');
  await expect(page.locator('.plan-card[data-plan="professional"]')).toContainText('Save $48/year');

  await enthusiast.getByRole('link', { name: 'Choose Enthusiast' }).click();
  await expect(page).toHaveURL(/\/signup\?plan=enthusiast$/);
  await expect(page.getByText('Great choice!')).toBeVisible();
  await page.getByLabel('First name').fill('Jane');
  await page.getByLabel('Last name').fill('Goodall');
  await page.getByLabel('Email').fill(uniqueEmail('enthusiast'));
  await page.getByLabel('Password', { exact: true }).fill('chimpanzee-1960');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  await expect(page.getByRole('heading', { name: 'Complete Your Subscription' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sandbox payments — no real charge' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Enthusiast plan, billed annually');
  await expect(summary).toContainText('$84.00');

  // A declined card is refused and nothing is created.
  await enterCard(page, DECLINED_CARD);
  await page.getByRole('button', { name: 'Start Subscription' }).click();
  await expectToast(page, 'Payment Setup Failed', 'Your card was declined.');
  await expect(page).toHaveURL(/\/signup/);

  await enterCard(page, GOOD_CARD);
  await page.getByRole('button', { name: 'Start Subscription' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, 'Welcome to Wildframe!');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Jane' })).toBeVisible();

  await page.goto('/upload');
  const limits = page.getByTestId('upload-limits');
  await expect(limits).toContainText('Enthusiast Plan');
  await expect(limits).toContainText('Up to 20MB per photo');
  await expect(limits.getByTestId('storage-usage')).toContainText('25 GB');
  await expect(limits.getByTestId('daily-usage')).toContainText('unlimited');

  // Pricing now marks the plan held and the one below it.
  await page.goto('/pricing');
  await expect(enthusiast.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await expect(page.locator('.plan-card[data-plan="explorer"]').getByRole('button', { name: 'Lower Tier' })).toBeDisabled();
  await expect(page.locator('.plan-card[data-plan="professional"]').getByRole('link', { name: 'Upgrade to Professional' })).toHaveAttribute(
    'href',
    '/subscription?plan=professional',
  );
});

test('upgrade on /subscription: a declined card changes nothing, a good one upgrades; then cancel', async ({ page, request }) => {
  test.setTimeout(90_000);
  const account = await createAccount(request, { firstName: 'Ansel' });
  await openSignedIn(page, account.sessionToken, '/subscription?plan=professional');

  const current = page.locator('.subscription-current');
  await expect(current).toContainText('Explorer');
  await expect(page.getByRole('radio', { name: /^Professional plan/ })).toBeChecked();
  await expect(page.locator('.plan-option', { hasText: 'Current Plan' })).toContainText('Explorer');
  await expect(page.getByRole('heading', { name: 'Cancel subscription' })).toHaveCount(0);

  // Monthly with the launch promo.
  await page.getByRole('switch', { name: 'Annual billing' }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Complete Your Upgrade' })).toBeVisible();
  await page.getByLabel('Promo code').fill('launch2025');
  await page.getByRole('button', { name: 'Apply' }).click();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Launch2025');
  await expect(summary).toContainText('25% off your first 3 months');
  await expect(summary).toContainText('$14.25');

  await enterCard(page, DECLINED_CARD);
  await page.getByRole('button', { name: 'Pay $14.25 and Upgrade' }).click();
  await expectToast(page, 'Payment Failed', 'Your card was declined.');
  await expect(current).toContainText('Explorer');

  await enterCard(page, GOOD_CARD);
  await page.getByRole('button', { name: 'Pay $14.25 and Upgrade' }).click();
  await expectToast(page, 'Subscription Updated!');
  await expect(current).toContainText('Professional');
  await expect(current).toContainText('Launch2025');
  await expect(page.locator('.plan-option', { hasText: 'Current Plan' })).toContainText('Professional');
  await expect(page.locator('.plan-option', { hasText: 'Contact Support to Downgrade' })).toContainText('Enthusiast');
  await expect(page.locator('.plan-option', { hasText: 'Use Cancel Button Below' })).toContainText('Explorer');

  // Cancel: the plan is kept until the period ends.
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Cancel your Professional subscription?');
  await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expectToast(page, 'Subscription Canceled');
  await expect(page.getByRole('heading', { name: 'Subscription canceled' })).toBeVisible();
  await expect(current).toContainText('Professional');
  await expect(current).toContainText('Canceled. You keep it until');
});

test('/subscription needs sign-in, and says Payment Successful on return from the provider', async ({ page, request }) => {
  await page.goto('/subscription');
  await expect(page).toHaveURL(/\/login$/);

  const account = await createAccount(request);
  await openSignedIn(page, account.sessionToken, '/subscription?success=true');
  await expectToast(page, 'Payment Successful');
  await expect(page).toHaveURL(/\/subscription$/);
});
