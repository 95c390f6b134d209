import { expect, test } from '@playwright/test';

/**
 * The API reference page (/api/docs) renders from the app's own files: every request the page
 * makes stays on the app's origin (anything else is aborted and fails the test), the CSP lets
 * its scripts run, and the operations of /api/openapi.json are listed.
 */
test('the API reference renders offline from /api/openapi.json', async ({ page, baseURL }) => {
  const origin = new URL(baseURL as string).origin;
  const offsite: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('data:')) return route.continue();
    offsite.push(url);
    return route.abort();
  });
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') violations.push(message.text());
  });

  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Wildframe API');
  // One section per service, each with its operations.
  for (const tag of ['auth', 'photos', 'billing', 'contact', 'analysis', 'gateway']) {
    await expect(page.locator(`#operations-tag-${tag}`)).toBeVisible();
  }
  await expect(page.locator('.opblock-summary-path', { hasText: '/api/photos/upload' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('api-docs.png'), fullPage: false });

  expect(offsite).toEqual([]);
  expect(violations.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
});
