// Money flows against the real standalone app, payments in the sandbox (no real charge): an
// abandoned paid checkout never blocks its address, a same-day upgrade shows and charges the
// credit for the unused period, and a canceled plan can be resumed until its period ends.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { dismissCookieBanner, expectToast, openSignedIn, uniqueEmail } from './auth-fixtures';

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const PHONE = { width: 390, height: 844 };

let signupAddress = 0;
/** Paid signups are limited per address (5 an hour): each helper call comes from its own. */
function nextAddress(): string {
  signupAddress += 1;
  return `198.51.${100 + (process.pid % 50)}.${(signupAddress % 250) + 1}`;
}

/** A member on a paid plan, made through the three calls the web makes (sandbox test card). */
async function paidMember(request: APIRequestContext, plan: 'enthusiast' | 'professional', isAnnual: boolean, firstName: string) {
  const headers = { 'X-Forwarded-For': nextAddress() };
  const details = { email: uniqueEmail(plan), firstName, lastName: 'Member', password: 'paid-member-1', plan, isAnnual };
  const setup = await request.post('/api/create-subscription-signup', { headers, data: details });
  expect(setup.status(), await setup.text()).toBe(200);
  const { clientSecret, setupIntentId } = (await setup.json()) as { clientSecret: string; setupIntentId: string };
  const confirmed = await request.post('/api/billing/sandbox/confirm-setup', { headers, data: { clientSecret, ...GOOD_CARD } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const done = await request.post('/api/complete-subscription', { headers, data: { setupIntentId, plan, isAnnual } });
  expect(done.status(), await done.text()).toBe(200);
  return { ...details, sessionToken: ((await done.json()) as { sessionToken: string }).sessionToken };
}

async function enterCard(page: Page): Promise<void> {
  await page.getByLabel('Card number').fill(GOOD_CARD.cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill(GOOD_CARD.expiry);
  await page.getByLabel('CVC').fill(GOOD_CARD.cvc);
}

/** Fills signup's details and goes to the payment step of a paid plan (the pending account now exists). */
async function startPaidSignup(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signup?plan=enthusiast');
  await page.getByLabel('First name').fill('Abby');
  await page.getByLabel('Last name').fill('Andon');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Complete Your Subscription' })).toBeVisible();
  await expect(page.getByLabel('Card number')).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('an abandoned checkout never blocks its address: sign-in says what to do, and a free signup takes it', async ({ page }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('abandoned');
  const password = 'abandoned-checkout-1';
  await startPaidSignup(page, email, password);

  // The visitor leaves without paying, later signs in with the right password.
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const told =
    'The payment for this account was never completed, so it is not active yet. Sign up again with this email: choose a paid plan to pay for it, or Explorer to start free.';
  await expect(page.locator('.auth-form__alert')).toContainText(told);
  await expect(page.locator('.auth-form__alert')).not.toContainText('Invalid email or password');

  // Signing up again starts from the same address; Explorer is free and takes it at once.
  await page.locator('.auth-form__alert').getByRole('link', { name: 'Sign Up Again' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('First name').fill('Abby');
  await page.getByLabel('Last name').fill('Andon');
  await page.getByLabel('Password', { exact: true }).fill('free-after-all-1');
  await page.locator('.plan-option', { has: page.locator('[data-plan="explorer"]') }).click();
  await expect(page.getByRole('radio', { name: /^Explorer plan/ })).toBeChecked();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, 'Welcome to Wildframe!');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Abby' })).toBeVisible();
});

test('forgot-password on an abandoned checkout’s address points to signing up again, as for any unknown address', async ({ page }) => {
  const email = uniqueEmail('abandoned-forgot');
  await startPaidSignup(page, email, 'abandoned-checkout-2');
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectToast(page, 'No Security Questions', 'If you never finished signing up, you can sign up again with this email.');
});

test('a same-day upgrade from Enthusiast annual to Professional shows the credit before paying and charges that amount', async ({ page, request }) => {
  test.setTimeout(60_000);
  const member = await paidMember(request, 'enthusiast', true, 'Rachel');
  await openSignedIn(page, member.sessionToken, '/subscription?plan=professional');
  await expect(page.locator('.subscription-current')).toContainText('Enthusiast');
  await expect(page.getByRole('switch', { name: 'Annual billing' })).toBeChecked();

  const quoted = page.waitForResponse((response) => response.url().endsWith('/api/get-or-create-subscription'));
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const quote = (await (await quoted).json()) as { amountDue: number; credit: number };
  // Almost the whole $84 year is unused on the day it was bought.
  expect(quote.credit).toBeGreaterThan(83.5);
  expect(quote.credit).toBeLessThanOrEqual(84);
  expect(quote.amountDue).toBeCloseTo(180 - quote.credit, 2);

  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Professional plan, billed annually');
  await expect(summary).toContainText('$180.00');
  await expect(summary).toContainText(`Credit for unused time on your Enthusiast plan\u2212$${quote.credit.toFixed(2)}`);
  await expect(summary).toContainText(`Due today$${quote.amountDue.toFixed(2)}`);
  const pay = page.getByRole('button', { name: `Pay $${quote.amountDue.toFixed(2)} and Upgrade` });

  // What the sandbox charges is what was shown: the confirmed payment is for that amount.
  const charged = page.waitForResponse((response) => response.url().endsWith('/api/billing/sandbox/confirm-payment'));
  await enterCard(page);
  await pay.click();
  expect((await charged).status()).toBe(200);
  await expectToast(page, 'Subscription Updated!');
  await expect(page.locator('.subscription-current')).toContainText('Professional');
  const subscription = await request.get('/api/billing/subscription', { headers: { Authorization: `Bearer ${member.sessionToken}` } });
  expect(((await subscription.json()) as { subscription: { plan: string; isAnnual: boolean } }).subscription).toMatchObject({ plan: 'professional', isAnnual: true });
});

test('when billing cannot quote an upgrade, "Due today" says so beside the error, and Try Again quotes it', async ({ page, request }) => {
  test.setTimeout(60_000);
  const member = await paidMember(request, 'enthusiast', false, 'Quinn');
  await openSignedIn(page, member.sessionToken, '/subscription?plan=professional');
  await expect(page.locator('.subscription-current')).toContainText('Enthusiast');

  let refused = 0;
  await page.route('**/api/get-or-create-subscription', async (route) => {
    refused += 1;
    await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ statusCode: 500, message: 'Internal server error' }) });
  });
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(page.locator('.billing-step__alert')).toContainText('Unable to process payment setup. Please try again.');
  await expect(summary).toContainText('Due todayUnavailable');
  expect(refused).toBe(1);

  await page.unroute('**/api/get-or-create-subscription');
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(summary).toContainText(/Due today\$\d+\.\d{2}/);
  await expect(page.getByRole('button', { name: /^Pay \$\d+\.\d{2} and Upgrade$/ })).toBeVisible();
});

test('an upgrade worth less than its unused credit is paid by it, and the rest is shown as account credit before paying', async ({ page, request }) => {
  test.setTimeout(60_000);
  // Enthusiast annual ($84) bought today, then Professional monthly ($19).
  const member = await paidMember(request, 'enthusiast', true, 'Sylvia');
  await openSignedIn(page, member.sessionToken, '/subscription?plan=professional');
  await expect(page.locator('.subscription-current')).toContainText('Enthusiast');
  const annual = page.getByRole('switch', { name: 'Annual billing' });
  await annual.click();
  await expect(annual).not.toBeChecked();

  const quoted = page.waitForResponse((response) => response.url().endsWith('/api/get-or-create-subscription'));
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const quote = (await (await quoted).json()) as { amountDue: number; credit: number; creditCarried: number; isAnnual: boolean };
  expect(quote).toMatchObject({ isAnnual: false, amountDue: 0, credit: 19 });
  // Nothing of the unused year is lost: what the first month does not take is kept.
  expect(quote.credit + quote.creditCarried).toBeGreaterThan(83.5);
  expect(quote.credit + quote.creditCarried).toBeLessThanOrEqual(84);

  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Professional plan, billed monthly');
  await expect(summary).toContainText('Credit for unused time on your Enthusiast plan\u2212$19.00');
  await expect(summary).toContainText('Due today$0.00');
  await expect(summary).toContainText(`Account credit kept for your next payments$${quote.creditCarried.toFixed(2)}`);

  await enterCard(page);
  await page.getByRole('button', { name: 'Pay $0.00 and Upgrade' }).click();
  await expectToast(page, 'Subscription Updated!');
  await expect(page.locator('.subscription-current')).toContainText('Professional');
});

test('phone: a canceled plan can be resumed until its period ends, and the Explorer card says what happens', async ({ page, request }) => {
  test.setTimeout(60_000);
  await page.setViewportSize(PHONE);
  const member = await paidMember(request, 'enthusiast', false, 'Aldo');
  await openSignedIn(page, member.sessionToken, '/subscription');
  const explorer = page.locator('.plan-option', { has: page.locator('[data-plan="explorer"]') });
  await expect(explorer).toContainText('Use Cancel Button Below');

  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel Subscription' }).click();
  await expectToast(page, 'Subscription Canceled');
  await expect(page.getByRole('heading', { name: 'Subscription canceled' })).toBeVisible();
  // No cancel button any more, so the Explorer card no longer points to one.
  await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
  await expect(explorer).not.toContainText('Use Cancel Button Below');
  await expect(explorer).toContainText(/Yours from \w+ \d{1,2}, \d{4}/);
  await expect(page.locator('.subscription-current')).toContainText('Canceled. You keep it until');

  await page.getByRole('button', { name: 'Resume Subscription' }).click();
  await expectToast(page, 'Subscription Resumed', /Your Enthusiast plan renews on \w+ \d{1,2}, \d{4}\./);
  await expect(page.getByRole('heading', { name: 'Cancel subscription' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume Subscription' })).toHaveCount(0);
  await expect(explorer).toContainText('Use Cancel Button Below');
  await expect(page.locator('.subscription-current')).toContainText(/Billed monthly, renews on/);
  const subscription = await request.get('/api/billing/subscription', { headers: { Authorization: `Bearer ${member.sessionToken}` } });
  expect(((await subscription.json()) as { subscription: { cancelAtPeriodEnd: boolean } }).subscription.cancelAtPeriodEnd).toBe(false);
});
