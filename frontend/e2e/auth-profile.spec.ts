import { expect, test, type Page } from '@playwright/test';
import {
  AVATAR_PNG,
  chooseOption,
  createAccount,
  dismissCookieBanner,
  expectToast,
  openSignedIn,
  QUESTIONS,
  signInThroughApi,
  toast,
  SITE_ADMIN,
  uniqueEmail,
} from './auth-fixtures';

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

function card(page: Page, heading: string) {
  return page.locator('.ant-card', { has: page.getByRole('heading', { name: heading, exact: true }) });
}

test('signed out, the profile sends to sign in', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');
});

test('an Explorer sees account, plan, quick actions and features, and can edit the profile', async ({ page, request }) => {
  test.setTimeout(60_000);
  const account = await createAccount(request, { firstName: 'Ansel', lastName: 'Adams' });
  await openSignedIn(page, account.sessionToken, '/profile');

  const summary = page.locator('.profile-summary');
  await expect(summary.getByRole('heading', { name: 'Ansel Adams' })).toBeVisible();
  await expect(summary.getByText(account.email)).toBeVisible();
  await expect(page.getByTestId('profile-avatar')).toHaveText('A');
  await expect(summary.getByText('Explorer Plan', { exact: true })).toBeVisible();
  await expect(summary.getByText('Active', { exact: true })).toBeVisible();
  await expect(summary.getByText('Admin', { exact: true })).toHaveCount(0);
  await expect(summary.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');

  const actions = card(page, 'Quick Actions');
  await expect(actions.getByRole('link', { name: 'Upload New Photo' })).toHaveAttribute('href', '/upload');
  await expect(actions.getByRole('link', { name: 'Manage Subscription' })).toHaveAttribute('href', '/subscription');
  await expect(actions.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
  await expect(card(page, 'Explorer Plan Features')).toContainText('250MB storage');

  // Edit mode: the header follows the new name.
  await summary.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(summary.getByLabel('Email')).toHaveAttribute('type', 'email');
  await summary.getByLabel('First name').fill('');
  await summary.getByRole('button', { name: 'Save Changes' }).click();
  await expect(summary.getByText('First name is required', { exact: true })).toBeVisible();
  await summary.getByLabel('First name').fill('Imogen');
  await summary.getByLabel('Last name').fill('Cunningham');
  await summary.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Profile updated');
  await expect(summary.getByRole('heading', { name: 'Imogen Cunningham' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Imogen' })).toBeVisible();

  // Cancel leaves everything as it was.
  await summary.getByRole('button', { name: 'Edit Profile' }).click();
  await summary.getByLabel('First name').fill('Someone');
  await summary.getByRole('button', { name: 'Cancel' }).click();
  await expect(summary.getByRole('heading', { name: 'Imogen Cunningham' })).toBeVisible();

  // Sign Out from the quick actions. The home page's code arrives slowly: Profile must not see the
  // emptied cache meanwhile and send the visitor to Sign In (a race seen in CI on a loaded machine).
  await page.route('**/assets/home-page-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await actions.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('changing the e-mail asks for the current password; the password form signs out other sessions', async ({ page, request }) => {
  test.setTimeout(60_000);
  const account = await createAccount(request);
  const otherSession = await signInThroughApi(request, account.email, account.password);
  await openSignedIn(page, account.sessionToken, '/profile');

  const summary = page.locator('.profile-summary');
  await summary.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(summary.getByLabel('Current password')).toHaveCount(0);
  const newEmail = uniqueEmail('moved');
  await summary.getByLabel('Email').fill(newEmail);
  await summary.getByRole('button', { name: 'Save Changes' }).click();
  await expect(summary.getByText('Password is required', { exact: true })).toBeVisible();
  await summary.getByLabel('Current password').fill(account.password);
  await summary.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Profile updated');
  await expect(summary.getByText(newEmail.toLowerCase())).toBeVisible();

  const form = card(page, 'Change Password');
  await form.getByLabel('Current password').fill('wrong-password');
  await form.getByLabel('New password', { exact: true }).fill('a-new-password-1');
  await form.getByLabel('Confirm new password').fill('a-new-password-2');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByText("Passwords don't match")).toBeVisible();
  await form.getByLabel('Confirm new password').fill('a-new-password-1');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expectToast(page, 'Password not changed', 'Current password is incorrect');
  await form.getByLabel('Current password').fill(account.password);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expectToast(page, 'Password changed', 'Your other sessions were signed out.');
  await expect(form.getByLabel('Current password')).toHaveValue('');

  // This browser stays signed in; the other session is gone; the new password signs in.
  await page.reload();
  await expect(summary.getByText(newEmail.toLowerCase())).toBeVisible();
  expect((await request.get('/api/auth/user', { headers: { Authorization: `Bearer ${otherSession}` } })).status()).toBe(401);
  await signInThroughApi(request, newEmail, 'a-new-password-1');
});

test('a new avatar is previewed until saved, then shown from the server', async ({ page, request }) => {
  test.setTimeout(60_000);
  const account = await createAccount(request, { firstName: 'Dorothea' });
  await openSignedIn(page, account.sessionToken, '/profile');
  const avatar = page.getByTestId('profile-avatar');
  await expect(avatar).toHaveText('D');

  await page.getByLabel('Choose a profile photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: AVATAR_PNG });
  await expect(avatar.locator('img')).toHaveAttribute('src', /^blob:/);
  await expect(page.getByText('Preview, not saved yet')).toBeVisible();

  // Cancel drops the preview.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(avatar).toHaveText('D');

  await page.getByLabel('Choose a profile photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: AVATAR_PNG });
  await page.getByRole('button', { name: 'Save Photo' }).click();
  await expectToast(page, 'Profile updated');
  await expect(avatar.locator('img')).toHaveAttribute('src', /\/api\/users\/[^/]+\/avatar/);
  await expect
    .poll(() => avatar.locator('img').evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
  await expect(page.getByRole('banner').locator('.ant-avatar img')).toHaveAttribute('src', /\/api\/users\/[^/]+\/avatar/);
  await expect(page.getByRole('button', { name: 'Change Photo' })).toBeVisible();

  // A file that is not an image is refused before anything is sent.
  await page.getByLabel('Choose a profile photo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expectToast(page, 'Invalid File Type', 'Please choose an image file for your profile photo.');
});

test('security questions: incomplete and duplicate choices are caught, then saved and updated', async ({ page, request }) => {
  test.setTimeout(60_000);
  const account = await createAccount(request);
  await openSignedIn(page, account.sessionToken, '/profile');
  const security = card(page, 'Security Questions');
  await expect(security.getByText('Not set up')).toBeVisible();
  await security.getByRole('button', { name: 'Set Up Now' }).click();

  await chooseOption(page, security.getByLabel('Question 1'), QUESTIONS[0].question);
  await security.getByLabel('Answer 1').fill(QUESTIONS[0].answer);
  await security.getByRole('button', { name: 'Save Questions' }).click();
  await expectToast(page, 'Incomplete Form', 'Please fill in all security questions and answers.');

  await chooseOption(page, security.getByLabel('Question 2'), QUESTIONS[0].question);
  await security.getByLabel('Answer 2').fill('again');
  await chooseOption(page, security.getByLabel('Question 3'), QUESTIONS[2].question);
  await security.getByLabel('Answer 3').fill(QUESTIONS[2].answer);
  await security.getByRole('button', { name: 'Save Questions' }).click();
  await expectToast(page, 'Duplicate Questions', 'Please select three different security questions.');
  // The toast lies over the form for a few seconds: a click on the select's options can land on it.
  await expect(toast(page)).toBeHidden({ timeout: 15_000 });

  await chooseOption(page, security.getByLabel('Question 2'), QUESTIONS[1].question);
  await security.getByLabel('Answer 2').fill(QUESTIONS[1].answer);
  // A session alone is not enough: the current password is asked for, and checked.
  await security.getByRole('button', { name: 'Save Questions' }).click();
  await expect(security.getByText('Please enter your current password')).toBeVisible();
  await security.getByLabel('Current password').fill('not-my-password');
  await security.getByRole('button', { name: 'Save Questions' }).click();
  await expectToast(page, 'Setup Failed', 'Current password is incorrect');
  await security.getByLabel('Current password').fill(account.password);
  await security.getByRole('button', { name: 'Save Questions' }).click();
  await expectToast(page, 'Security Questions Set Up');
  await expect(security.getByText('Configured')).toBeVisible();
  for (const { question } of QUESTIONS) await expect(security.getByText(question)).toBeVisible();

  // Update Questions opens the form with the current questions chosen.
  await security.getByRole('button', { name: 'Update Questions' }).click();
  await expect(security.locator('.ant-select').first()).toContainText(QUESTIONS[0].question);
  await security.getByRole('button', { name: 'Cancel' }).click();
  await expect(security.getByRole('button', { name: 'Update Questions' })).toBeVisible();
});

test('the site admin sees the admin badge and the Admin Panel action', async ({ page, request }) => {
  const token = await signInThroughApi(request, SITE_ADMIN.email, SITE_ADMIN.password);
  await openSignedIn(page, token, '/profile');
  await expect(page.locator('.profile-summary .admin-badge')).toHaveText('Site Admin');
  await expect(card(page, 'Quick Actions').getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
});

/** Signs in as a Professional the page answers for itself (plan expiry and active flag given). */
async function answerProfessional(page: Page, planExpiry: string, isActive: boolean): Promise<void> {
  // The app asks who is signed in only when a session token is stored.
  await page.addInitScript(() => window.localStorage.setItem('sessionToken', 'test-session-token'));
  await page.route('**/api/auth/user', (route) =>
    route.fulfill({
      json: {
        id: '0b7e3a52-5d0c-4a8e-9a55-2f0e6f1c9d11',
        email: uniqueEmail('pro'),
        firstName: 'Frans',
        lastName: 'Lanting',
        profileImageUrl: null,
        plan: 'professional',
        planExpiry,
        isActive,
        isAdmin: false,
        isSiteAdmin: false,
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    }),
  );
}

// Paid plans and deactivated accounts come from billing and the admin screens, which are not built
// yet: this one test answers the current-user call itself.
test('a paid plan shows its expiry and no upgrade; an inactive account says so', async ({ page }) => {
  await answerProfessional(page, '2027-03-15T12:00:00.000Z', false);
  await page.goto('/profile');
  const summary = page.locator('.profile-summary');
  await expect(summary.getByText('Professional Plan', { exact: true })).toBeVisible();
  await expect(summary.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(summary.getByText('Plan expires March 15, 2027')).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Upgrade' })).toHaveCount(0);
  await expect(card(page, 'Professional Plan Features')).toContainText('Portfolio tools');
});

// A renewing plan does not "expire": the profile says when it renews, and "Plan expires" once it is canceled.
test('a renewing paid plan says when it renews; a canceled one when it expires', async ({ page }) => {
  await answerProfessional(page, '2027-11-27T12:00:00.000Z', true);
  let cancelAtPeriodEnd = false;
  await page.route('**/api/billing/subscription', (route) =>
    route.fulfill({
      json: {
        subscription: {
          id: 'sub_1',
          plan: 'professional',
          status: 'active',
          isAnnual: true,
          cancelAtPeriodEnd,
          currentPeriodEnd: '2027-11-27T12:00:00.000Z',
          promoCode: null,
          provider: 'sandbox',
        },
      },
    }),
  );
  await page.goto('/profile');
  const summary = page.locator('.profile-summary');
  await expect(summary.getByText('Renews on November 27, 2027')).toBeVisible();
  await expect(summary.getByText(/Plan expires/)).toHaveCount(0);

  cancelAtPeriodEnd = true;
  await page.reload();
  await expect(summary.getByText('Plan expires November 27, 2027')).toBeVisible();
  await expect(summary.getByText(/Renews on/)).toHaveCount(0);
});
