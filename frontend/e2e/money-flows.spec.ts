// What the browser does on its own in the money and account flows: the billing period carries from
// pricing to signup, plans without editing tips get the upgrade prompt without asking the API, the
// upload form closes at the daily limit, and a photo under 800x600 is refused before it is sent.
import { expect, test, type Request } from '@playwright/test';
import { dismissCookieBanner, expectToast } from './auth-fixtures';
import { cardFixture, json, PHOTO_FILES } from './photos-fixtures';

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('Monthly on pricing stays Monthly on signup after Choose Enthusiast', async ({ page }) => {
  await page.goto('/pricing');
  const pricingSwitch = page.getByRole('switch', { name: 'Annual billing' });
  await expect(pricingSwitch).toBeChecked();
  await pricingSwitch.click();
  await expect(pricingSwitch).not.toBeChecked();
  await page.getByRole('link', { name: 'Choose Enthusiast' }).click();
  await expect(page).toHaveURL(/\/signup\?plan=enthusiast/);
  await expect(page.getByRole('switch', { name: 'Annual billing' })).not.toBeChecked();
  await expect(page.getByText('Billed every month')).toBeVisible();

  // Annual (the default) stays annual.
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Choose Professional' }).click();
  await expect(page.getByRole('switch', { name: 'Annual billing' })).toBeChecked();
});

test('editing tips: visitors and Explorers get the upgrade prompt without a call to the API', async ({ page }) => {
  const detail = { ...cardFixture(1), description: 'd', rating: null, credit: null, camera: null, socialImageUrl: '', isOwner: false, isTemporary: false, expiresAt: null, liked: false };
  await page.route('**/api/photos/sample-photo-1', (route) => json(route, 200, detail));
  await page.route('**/api/photos/*/view', (route) => json(route, 200, { views: 4 }));
  const asked: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/editing-suggestions')) asked.push(request);
  });
  const failures: number[] = [];
  page.on('response', (response) => {
    if (response.status() === 401 || response.status() === 403) failures.push(response.status());
  });

  await page.goto('/photos/sample-photo-1');
  await page.getByRole('button', { name: 'Lightroom', exact: true }).click();
  await expect(page.getByText('Editing tips are part of the Enthusiast and Professional plans')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/pricing');
  expect(asked).toHaveLength(0);
  expect(failures).toEqual([]);
});

test('at the daily limit the upload form is closed with the spec’s title', async ({ page }) => {
  // Two analysed guest uploads from one address would do it; the spec answers the limits itself.
  await page.route('**/api/upload-limits', (route) =>
    json(route, 200, {
      fileSizeLimitMB: 10,
      fileSizeLimitBytes: 10 * 1024 * 1024,
      planName: 'guest',
      isGuest: true,
      dailyUploads: 2,
      dailyUploadsUsed: 2,
      dailyUploadsRemaining: 0,
      resetTime: '2030-01-01T00:00:00.000Z',
      storageLimitMB: 50,
      storageLimitGB: 0.05,
      storageUsedMB: 4,
      storageRemainingMB: 46,
    }),
  );
  await page.goto('/upload');
  const notice = page.getByTestId('upload-limit-reached');
  await expect(notice).toContainText('Daily Upload Limit Reached');
  await expect(notice).toContainText('Try again tomorrow or upgrade your plan.');
  await expect(page.getByLabel('Title')).toBeDisabled();
  await expect(page.getByLabel('Description')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Upload and Analyze' })).toBeDisabled();
});

test('a photo below 800x600 is refused in the browser, before anything is sent', async ({ page }) => {
  const uploads: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/photos/upload')) uploads.push(request);
  });
  await page.goto('/upload');
  await page.getByLabel('Title').fill('Coastal hill');
  await page.getByLabel('Description').fill('A small test image.');
  await page.getByTestId('photo-file-input').setInputFiles(PHOTO_FILES.smallHill);
  await expectToast(page, 'Photo Too Small', 'landscape_coastal_hill_scratch.jpg is 480x360 pixels. Photos must be at least 800x600 pixels.');
  await expect(page.getByRole('button', { name: 'Upload and Analyze' })).toBeDisabled();

  // A large enough photo is taken.
  await page.getByTestId('photo-file-input').setInputFiles(PHOTO_FILES.tiger);
  await expect(page.getByRole('button', { name: 'Upload and Analyze' })).toBeEnabled();
  expect(uploads).toHaveLength(0);
});
