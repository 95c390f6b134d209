// The first view of / and /gallery from an empty cache, with the demo content in: time to the
// first heading and bytes over the wire until the network is quiet, printed for the README
// (timings are not asserted: machines differ). The byte budget of
// the home page is asserted at Lighthouse's phone (412×823 at 1.75x), where the issue measured it,
// and on a desktop (1366×900).
import { expect, test } from '@playwright/test';
import { dismissCookieBanner } from './auth-fixtures';
import { demoContentSettled } from './photos-fixtures';

/** Acceptance (issue 17): the first view of / transfers less than this, compressed. */
const HOME_BUDGET_BYTES = 350 * 1024;

const SIZES = [
  // The screen as well as the viewport, as Lighthouse emulates it: with the desktop's 1920 px
  // screen, Chromium's preload scanner chose images for a desktop while the page showed a phone's.
  {
    name: 'phone',
    use: { viewport: { width: 412, height: 823 }, screen: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  },
  { name: 'desktop', use: { viewport: { width: 1366, height: 900 } } },
] as const;

// Measured as a visitor meets the site: with the demo content (and its featured photos) in place.
test.beforeAll(async () => {
  test.setTimeout(300_000);
  await demoContentSettled();
});

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);
    for (const path of ['/', '/gallery'] as const) firstView(size.name, path);
  });
}

function firstView(sizeName: string, path: string): void {
  test(`first view of ${path}: time to the first heading and bytes transferred`, async ({ page, context }) => {
    await dismissCookieBanner(page);
    // When the first h1 enters the document, measured from the start of navigation.
    await page.addInitScript(() => {
      const seen = () => {
        if (!document.querySelector('h1')) return false;
        (window as unknown as { __firstHeadingMs?: number }).__firstHeadingMs = performance.now();
        return true;
      };
      const observer = new MutationObserver(() => seen() && observer.disconnect());
      observer.observe(document, { childList: true, subtree: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // A new context starts with an empty cache. (Disabling the cache instead would fetch every
    // preloaded file twice: the preload is not reused.)
    let bytes = 0;
    let requests = 0;
    const urls = new Map<string, string>();
    const sizes: Array<[number, string]> = [];
    cdp.on('Network.requestWillBeSent', (event: { requestId: string; request: { url: string } }) => urls.set(event.requestId, event.request.url));
    const inFlight = new Set<string>();
    cdp.on('Network.requestWillBeSent', (event: { requestId: string }) => inFlight.add(event.requestId));
    cdp.on('Network.loadingFailed', (event: { requestId: string }) => inFlight.delete(event.requestId));
    cdp.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number }) => {
      inFlight.delete(event.requestId);
      bytes += event.encodedDataLength;
      requests += 1;
      sizes.push([event.encodedDataLength, new URL(urls.get(event.requestId) ?? 'http://x/?').pathname + (new URL(urls.get(event.requestId) ?? 'http://x/').search)]);
    });

    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Images near the screen get their source once the app has hydrated, which may come after
    // 'networkidle': wait for a whole second with nothing in flight, so every run counts them.
    let quietSince = Date.now();
    const deadline = Date.now() + 15_000;
    while (Date.now() - quietSince < 1000 && Date.now() < deadline) {
      if (inFlight.size > 0) quietSince = Date.now();
      await page.waitForTimeout(100);
    }
    const headingMs = await page.evaluate(() => (window as unknown as { __firstHeadingMs?: number }).__firstHeadingMs ?? -1);

    const line = `first view ${path} (${sizeName}): first heading at ${Math.round(headingMs)} ms, ${(bytes / 1024).toFixed(1)} KB transferred in ${requests} requests`;
    console.log(line);
    // The heaviest five, to see what a change in the figure comes from.
    for (const [size, url] of sizes.sort((a, b) => b[0] - a[0]).slice(0, 5)) console.log(`  ${(size / 1024).toFixed(1)} KB ${url}`);
    test.info().annotations.push({ type: 'first-view', description: line });
    expect(headingMs).toBeGreaterThan(0);
    if (path === '/') expect(bytes).toBeLessThan(HOME_BUDGET_BYTES);
  });
}
