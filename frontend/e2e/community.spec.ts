// Photographer pages and member critiques (issue 17), at the desktop and phone sizes of the issue.
// Everything goes through the real server: accounts, uploads and preferences via its API, the
// critique and the public-page switch through the screens.
import { expect, test, type Page } from '@playwright/test';
import { createAccount, dismissCookieBanner, expectToast, openSignedIn } from './auth-fixtures';
import { expectNoSidewaysScroll, makePublicThroughApi, PHOTO_FILES, uniqueTitle, uploadThroughApi } from './photos-fixtures';

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/**
 * Picks `score` (1 to 10) of a criterion's ten stars, as a person does: clicks the star and reads
 * the chosen score beside them, clicking again if the click did not take (the form's error lines
 * fold away as scores are chosen, moving the stars below; a click on a star already chosen would
 * clear it, so a star is clicked only while the score shown is another).
 */
async function rate(page: Page, criterion: string, score: number): Promise<void> {
  const star = page.getByTestId(`critique-score-${criterion}`).locator('.ant-rate-star').nth(score - 1);
  const chosen = page.getByTestId(`critique-value-${criterion}`);
  await expect(async () => {
    if ((await chosen.textContent()) !== `${score}/10`) await star.click();
    await expect(chosen).toHaveText(`${score}/10`, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

for (const size of SIZES) {
  test.describe(`community at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });
    // Real uploads (image pipeline and AI analysis) on a shared machine.
    test.setTimeout(150_000);
    test.beforeEach(async ({ page }) => dismissCookieBanner(page));

    test('a member critiques someone else’s photo, edits it, and the owner removes it', async ({ page, request }) => {
      const owner = await createAccount(request, { firstName: 'Ansel', lastName: 'Owner' });
      const rater = await createAccount(request, { firstName: 'Dora', lastName: 'Critic' });
      const photo = await uploadThroughApi(request, owner.sessionToken, { title: uniqueTitle('Heron'), description: 'A heron at dawn.', category: 'wildlife', file: PHOTO_FILES.kingfisher });
      await makePublicThroughApi(request, owner.sessionToken, photo.id);

      // A visitor sees the panel and is asked to sign in.
      await page.goto(`/photo/${photo.slug}`);
      const panel = page.getByTestId('member-critiques');
      await expect(panel.getByRole('heading', { name: 'Member Critiques' })).toBeVisible();
      await expect(panel.getByTestId('critique-summary')).toHaveText('No member critiques yet.');
      await expect(panel.getByRole('link', { name: 'Sign in' })).toBeVisible();
      await expect(panel.getByTestId('critique-form')).toHaveCount(0);

      // A member rates it on the five criteria with feedback.
      await openSignedIn(page, rater.sessionToken, `/photo/${photo.slug}`);
      const form = panel.getByTestId('critique-form');
      await expect(form).toBeVisible();
      await expectNoSidewaysScroll(page);
      await form.getByRole('button', { name: 'Submit Critique' }).click();
      await expect(form.getByText('Give overall a score from 1 to 10')).toBeVisible();
      for (const [criterion, score] of [['overallRating', 8], ['composition', 9], ['lighting', 7], ['clarity', 8], ['creativity', 6]] as const) await rate(page, criterion, score);
      await expect(form.locator('.critique-form__value')).toHaveText(['8/10', '9/10', '7/10', '8/10', '6/10']);
      await expect(form.locator('.ant-form-item-explain-error')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await form.getByLabel('Feedback (optional)').fill('Lovely soft light; try a lower angle.');
      await form.getByRole('button', { name: 'Submit Critique' }).click();
      await expectToast(page, 'Critique submitted');
      await expect(panel.getByTestId('critique-average')).toHaveText('8.0');
      await expect(panel.getByTestId('critique-count')).toHaveText('average of 1 critique');
      const mine = panel.getByTestId('critique');
      await expect(mine).toContainText('Dora Critic (you)');
      await expect(mine).toContainText('Composition 9 · Lighting 7 · Clarity 8 · Creativity 6');
      await expect(mine).toContainText('Lovely soft light; try a lower angle.');
      await expect(form).toHaveCount(0);

      // Editing replaces the critique (one per member and photo).
      await mine.getByRole('button', { name: 'Edit' }).click();
      await rate(page, 'overallRating', 6);
      await panel.getByRole('button', { name: 'Update Critique' }).click();
      await expectToast(page, 'Critique updated');
      await expect(panel.getByTestId('critique-average')).toHaveText('6.0');
      await expect(panel.getByTestId('critique')).toHaveCount(1);
      await expectNoSidewaysScroll(page);

      // The owner cannot rate their own photo, and removes the critique after confirming.
      await openSignedIn(page, owner.sessionToken, `/photo/${photo.slug}`);
      await expect(panel.getByTestId('critique')).toContainText('Dora Critic');
      await expect(panel.getByTestId('critique-form')).toHaveCount(0);
      await panel.getByTestId('critique').getByRole('button', { name: 'Remove' }).click();
      await expect(page.getByText('Dora Critic’s scores and feedback will be deleted.')).toBeVisible();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Remove' }).click();
      await expectToast(page, 'Critique removed');
      await expect(panel.getByTestId('critique-summary')).toHaveText('No member critiques yet.');
    });

    test('a member who turns on the public page is linked from cards and photo pages; others stay plain text', async ({ page, request }) => {
      const lastName = `Lange${Date.now().toString(36)}`;
      const member = await createAccount(request, { firstName: 'Dorothea', lastName });
      const title = uniqueTitle('Dunes');
      const shown = [
        await uploadThroughApi(request, member.sessionToken, { title: `${title} one`, description: 'Dunes at dusk.', category: 'landscape', file: PHOTO_FILES.canyon }),
        await uploadThroughApi(request, member.sessionToken, { title: `${title} two`, description: 'A tiger in snow.', category: 'wildlife', file: PHOTO_FILES.tiger }),
      ];
      for (const photo of shown) await makePublicThroughApi(request, member.sessionToken, photo.id);
      await uploadThroughApi(request, member.sessionToken, { title: `${title} private`, description: 'Kept private.', category: 'wildlife', file: PHOTO_FILES.kingfisher });
      const name = `Dorothea ${lastName}`;
      const card = page.getByTestId('photo-card').filter({ hasText: `${title} one` });

      // Anonymous by default: the name is text, not a link.
      await page.goto(`/gallery?search=${encodeURIComponent(title)}`);
      await expect(card.getByTestId('photographer-name')).toHaveText(name);
      await expect(card.getByRole('link', { name })).toHaveCount(0);

      // The member turns the public page on from the profile.
      await openSignedIn(page, member.sessionToken, '/profile');
      const toggle = page.getByRole('switch', { name: 'Public photographer page' });
      await expect(toggle).not.toBeChecked();
      await toggle.click();
      await expectToast(page, 'Preferences Saved');
      await expect(toggle).toBeChecked();
      await expect(page.getByTestId('public-profile-card').getByRole('link', { name: 'your photographer page' })).toBeVisible();

      // A visitor follows the card's link to the page (the photos service learns of it by event).
      await page.evaluate(() => window.localStorage.removeItem('sessionToken'));
      await expect(async () => {
        await page.goto(`/gallery?search=${encodeURIComponent(title)}`);
        await expect(card.getByRole('link', { name })).toBeVisible({ timeout: 2000 });
      }).toPass({ timeout: 20_000 });
      await card.getByRole('link', { name }).click();
      await expect(page).toHaveURL(/\/photographers\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByTestId('photographer-photos')).toHaveText(/2\s+photos/);
      await expect(page.getByTestId('photographer-likes')).toHaveText(/0\s+likes/);
      await expect(page.getByTestId('photo-card')).toHaveCount(2);
      await expect(page.getByText(`${title} private`)).toHaveCount(0);
      await expectNoSidewaysScroll(page);

      // The photo page links to it as well.
      await page.getByTestId('photo-card').filter({ hasText: `${title} two` }).getByRole('link', { name: `${title} two` }).click();
      await expect(page.getByTestId('photo-uploader').getByRole('link', { name })).toBeVisible();
    });

    test('a photographer page that is not public says so', async ({ page }) => {
      await page.goto('/photographers/00000000-0000-4000-8000-000000000000');
      await expect(page.getByRole('heading', { level: 1, name: 'Photographer Not Found' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Explore Gallery' })).toBeVisible();
    });
  });
}
