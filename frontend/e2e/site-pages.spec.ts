// FAQ, privacy policy and terms of service: the spec's texts and the FAQ's one-open-at-a-time rule.
import { expect, test, type Page } from '@playwright/test';

/** Every topic the spec lists for the FAQ, and the nature layer's two, as the question that answers it. */
const FAQ_QUESTIONS = [
  'Why did my upload fail?', // upload failures
  'Which browsers are supported?', // browsers
  'What image formats and quality do you accept?', // image quality
  'How does the AI feedback work?', // AI feedback
  'How accurate is the AI rating?', // AI accuracy
  'What are the content guidelines?', // content guidelines
  'What do the labels on photos mean?', // ethics and provenance labels (issue 31)
  'Who can see where my photo was taken?', // geoprivacy (issue 31)
  'Who can see my photos in the gallery?', // gallery visibility
  'How do I share my photos?', // sharing
  'How much storage do I get?', // storage
  'How do I reset my password?', // password reset
  'Can I export my data?', // data export
  'How do I delete my account?', // account deletion
  'Is my personal information private?', // privacy
  'How long do you keep my photos?', // retention
  'Which payment methods do you accept?', // payment methods
  'What is your refund policy?', // refunds
  'What is the difference between a guest and a registered member?', // guest versus registered
  'I uploaded as a guest. How do I sign up?', // guest signup
];

/** Consent stored up front, so the cookie banner does not take part in these tests. */
async function withConsentStored(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('wildframe.cookieConsent', 'true');
    localStorage.setItem(
      'wildframe.cookiePreferences',
      JSON.stringify({ necessary: true, analytics: false, functional: false, marketing: false }),
    );
  });
}

const question = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

test.describe('FAQ', () => {
  test.beforeEach(({ page }) => withConsentStored(page));

  for (const path of ['/faqs', '/faq']) {
    test(`${path} lists every topic in two columns with a back link to pricing`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions');
      await expect(page.getByRole('main').getByRole('link', { name: 'Back to Pricing' })).toHaveAttribute('href', '/pricing');
      const columns = page.locator('.faq__column');
      await expect(columns).toHaveCount(2);
      for (const name of FAQ_QUESTIONS) {
        await expect(question(page, name)).toHaveAttribute('aria-expanded', 'false');
      }
      const [left, right] = await Promise.all([
        columns.nth(0).getByRole('button').count(),
        columns.nth(1).getByRole('button').count(),
      ]);
      expect(left + right).toBe(FAQ_QUESTIONS.length);
      expect(Math.min(left, right)).toBeGreaterThan(0);
    });
  }

  test('opens one answer at a time, across both columns', async ({ page }) => {
    await page.goto('/faq');
    const formats = question(page, 'What image formats and quality do you accept?');
    const refunds = question(page, 'What is your refund policy?');

    await formats.click();
    await expect(formats).toHaveAttribute('aria-expanded', 'true');
    const formatsAnswer = page.getByRole('region', { name: 'What image formats and quality do you accept?' });
    await expect(formatsAnswer).toContainText('JPG, PNG, HEIC and WebP');
    await expect(formatsAnswer).toContainText('800x600');

    await refunds.click();
    await expect(refunds).toHaveAttribute('aria-expanded', 'true');
    await expect(formats).toHaveAttribute('aria-expanded', 'false');
    await expect(formatsAnswer).toBeHidden();
    await expect(page.getByRole('region', { name: 'What is your refund policy?' })).toContainText('14 days');

    await refunds.click();
    await expect(refunds).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('.faq-item--open')).toHaveCount(0);
  });

  test('answers are reachable and open with the keyboard', async ({ page }) => {
    await page.goto('/faqs');
    const storage = question(page, 'How much storage do I get?');
    await storage.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'How much storage do I get?' })).toContainText(
      'Explorer (free) includes 250 MB, Enthusiast 25 GB and Professional 50 GB',
    );
  });
});

test.describe('legal pages', () => {
  test.beforeEach(({ page }) => withConsentStored(page));

  test('privacy policy: date, every section and figure, contact e-mail from configuration', async ({ page }) => {
    await page.goto('/privacy');
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect(main.getByText('Last updated June 4, 2025')).toBeVisible();
    for (const heading of [
      'Information We Collect',
      'How We Use Your Information',
      'Data Security and Retention',
      'Your Rights',
      'Third-Party Services',
      'Contact Us',
    ]) {
      await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    for (const text of [
      'AI provider',
      'Payment provider',
      'Database host',
      'We answer privacy requests within 30 days.',
      'Usage data: anonymised after 2 years.',
      'Photos are retained temporarily for free users and permanently for paid plans.',
      'Billing records: kept for 7 years',
      'Account deletion: completed within 30 days',
      'Paid accounts: retained for 90 days after the subscription ends',
      'Guest uploads: deleted after 15 minutes.',
    ]) {
      await expect(main.getByText(text).first()).toBeVisible();
    }
    const email = main.getByTestId('contact-email');
    await expect(email).toHaveText('support@wildframe.app');
    await expect(email).toHaveAttribute('href', 'mailto:support@wildframe.app');
  });

  test('terms of service: date, every section and figure, contact e-mail from configuration', async ({ page }) => {
    await page.goto('/terms');
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
    await expect(main.getByText('Last updated June 4, 2025')).toBeVisible();
    for (const heading of [
      'Agreement Summary',
      'Our Service',
      'Your Responsibilities',
      'Prohibited activities',
      'Intellectual Property',
      'Payments and Subscriptions',
      'Limitations and Disclaimers',
      'Updates and Contact',
    ]) {
      await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    for (const text of [
      'Your content remains yours.',
      'We cannot guarantee 100% uptime.',
      'reverse-engineer',
      'you may ask for a refund within 14 days',
      'Annual plans are refunded pro rata within 30 days',
      'AI ratings, feedback and editing tips are guidance only',
      'Back up your photos independently',
      'limited to the amount you paid us in the month before the claim',
      "Major changes require 30 days' notice",
      'We respond within 5 business days.',
    ]) {
      await expect(main.getByText(text)).toBeVisible();
    }
    await expect(main.getByTestId('contact-email')).toHaveText('support@wildframe.app');
  });

  test('the contents list jumps to a section and keeps the address', async ({ page }) => {
    await page.goto('/terms');
    await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'Limitations and Disclaimers' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Limitations and Disclaimers' })).toBeInViewport();
    await expect(page).toHaveURL(/\/terms$/);
  });
});
