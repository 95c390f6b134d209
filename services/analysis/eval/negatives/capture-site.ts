/**
 * `npm run capture-site:analysis -- <site URL> <member e-mail> <password> <out folder>`: screenshots
 * of a running Wildframe (the built standalone app with its demo content), as a member takes them —
 * the home page, the gallery, a photo page, pricing, FAQs, a photographer page and My Photos, at a
 * desktop (1366 × 900), a phone (412 × 823 at 2.625×), a laptop (1920 × 1080) and an iPhone
 * (390 × 844 at 3×) size, each as a PNG, as JPEG quality 85 and halved as JPEG quality 80. The
 * non-nature negatives `wildframe_*` of `fixtures/negatives` (calibration: home, pricing, FAQs and
 * photographer at the desktop and phone sizes) and `fixtures/held-out` (evaluation: the gallery, a
 * photo page and My Photos at every size, the other pages at the laptop and iPhone sizes) were made
 * with it. The member needs some photos of their own for My Photos.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright';
import sharp from 'sharp';

const SIZES = [
  { name: 'desktop', width: 1366, height: 900, scale: 1, mobile: false },
  { name: 'phone', width: 412, height: 823, scale: 2.625, mobile: true },
  { name: 'laptop', width: 1920, height: 1080, scale: 1, mobile: false },
  { name: 'iphone', width: 390, height: 844, scale: 3, mobile: true },
];

async function main(): Promise<void> {
  const [base, email, password, out] = process.argv.slice(2);
  if (!base || !email || !password || !out) throw new Error('usage: capture-site <site URL> <member e-mail> <password> <out folder>');
  mkdirSync(out, { recursive: true });
  const list = (await (await fetch(`${base}/api/photos?pageSize=12`)).json()) as { photos: Array<{ id: string; slug?: string; userId?: string }> };
  const first = list.photos[0];
  if (!first) throw new Error('the site has no public photos yet: wait for the demo content');
  const pages: Array<[string, string]> = [
    ['home', '/'],
    ['gallery', '/gallery'],
    ['photo', `/photo/${first.slug ?? first.id}`],
    ['pricing', '/pricing'],
    ['faqs', '/faqs'],
    ['photographer', `/photographers/${first.userId ?? first.id}`],
    ['my-photos', '/my-photos'],
  ];
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    for (const size of SIZES) {
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: size.scale, isMobile: size.mobile, hasTouch: size.mobile });
      const page = await context.newPage();
      await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
      await page.getByLabel(/email/i).first().fill(email);
      await page.getByLabel(/password/i).first().fill(password);
      await page.getByRole('button', { name: /sign in|log in/i }).first().click();
      await page.waitForTimeout(2500);
      for (const [name, path] of pages) {
        await page.goto(`${base}${path}`, { waitUntil: 'networkidle', timeout: 60_000 });
        const accept = page.getByRole('button', { name: /accept/i });
        if (await accept.count()) await accept.first().click().catch(() => undefined);
        // Every thumbnail loaded, then a quiet moment for the layout to settle.
        await page.waitForFunction('[...document.images].every((i) => i.complete)', null, { timeout: 30_000 }).catch(() => undefined);
        await page.waitForTimeout(1500);
        const png = await page.screenshot();
        const stem = join(out, `wildframe_${name}_${size.name}`);
        writeFileSync(`${stem}.png`, png);
        writeFileSync(`${stem}_q85.jpg`, await sharp(png).jpeg({ quality: 85 }).toBuffer());
        const width = (await sharp(png).metadata()).width ?? size.width;
        writeFileSync(`${stem}_half.jpg`, await sharp(png).resize(Math.round(width / 2)).jpeg({ quality: 80 }).toBuffer());
        console.log(`${stem}: ${png.length} bytes`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
