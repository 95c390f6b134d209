// The image the browser tests of the review flow upload: a capture of an app's screen, made at test
// time by the browser under test (a static page, drawn and screenshotted at 1366×900). It is not a
// nature photograph; the engine holds such captures for an admin's review (text lines cover much of
// the frame), with the reason "It looks like a screenshot or a document, not a nature photograph.".
import type { Browser } from '@playwright/test';

const CARDS = Array.from({ length: 9 }, (_, i) => i + 1);
const MENU = ['Gallery', 'Upload', 'Pricing', 'My Photos', 'Wildlife', 'Landscape', 'Newest', 'Most liked', 'Sign in', 'Profile', 'Admin Panel', 'Search photos', 'Settings', 'Help'];

const SCREEN = `<!doctype html><html><head><style>
  body { margin: 0; font: 17px 'DejaVu Sans', sans-serif; color: #2b2b28; background: #f4f1ea; }
  header { height: 64px; background: #1f4d3a; color: #fff; display: flex; gap: 48px; align-items: center; padding: 0 24px; font-size: 20px; }
  aside { position: absolute; top: 64px; bottom: 0; width: 236px; padding: 24px; background: #fff; line-height: 44px; }
  main { margin-left: 284px; padding: 24px; }
  h1 { margin: 8px 0; font-size: 34px; color: #1f2a24; }
  .grid { display: grid; grid-template-columns: repeat(3, 1fr); gap: 24px; margin-top: 24px; }
  .card { background: #fff; border: 1px solid #d9d3c7; border-radius: 8px; overflow: hidden; }
  .card div { height: 100px; background: #c9d6cf; } .card:nth-child(3n+2) div { background: #d8cfc0; } .card:nth-child(3n) div { background: #cfd8e0; }
  .card p { margin: 10px 14px; } .card b { color: #1f2a24; } .muted { color: #66665f; font-size: 15px; }
</style></head><body>
  <header><b>Wildframe</b><span>Home</span><span>Gallery</span><span>FAQs</span><span>Pricing</span></header>
  <aside>${MENU.map((item) => `<div>${item}</div>`).join('')}</aside>
  <main>
    <h1>Community Gallery</h1>
    <p>Browse wildlife and landscape photos shared by the community. Filter, sort and like.</p>
    <div class="grid">${CARDS.map((n) => `<section class="card"><div></div><p><b>Photo title number ${n}</b></p><p class="muted">by Wildframe Demo · 7.4/10 · ${n * 4} views</p></section>`).join('')}</div>
  </main>
</body></html>`;

/** A 1366×900 PNG capture of an app screen, drawn by the browser under test. */
export async function screenCapturePng(browser: Browser): Promise<Buffer> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    await page.setContent(SCREEN);
    return await page.screenshot({ type: 'png' });
  } finally {
    await context.close();
  }
}
