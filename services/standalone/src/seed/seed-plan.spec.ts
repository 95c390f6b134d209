import type { INestApplication } from '@nestjs/common';
import { SiteAssets } from '@wildframe/photos';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { readSeedPlan, seedDemoContent } from './seed-demo-content';

const SEED_DIR = join(__dirname, '..', '..', 'seed');
const plan = readSeedPlan(SEED_DIR);
const bytesOf = (file: string) => readFileSync(join(SEED_DIR, 'photos', file));
const sha256 = (file: string) => createHash('sha256').update(bytesOf(file)).digest('hex');

/** A 16×12 grey thumbnail: two files of one picture (re-encoded, resized) come out nearly equal. */
async function thumbnail(file: string): Promise<Buffer> {
  return sharp(bytesOf(file)).resize(16, 12, { fit: 'fill' }).greyscale().raw().toBuffer();
}
function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

describe('the demo content plan (seed/seed.json)', () => {
  it('names files that exist, each credited in seed/CREDITS.md', () => {
    const credits = readFileSync(join(SEED_DIR, 'CREDITS.md'), 'utf8');
    for (const { file } of [...plan.photos, ...plan.assets]) {
      expect(bytesOf(file).length).toBeGreaterThan(0);
      expect(credits).toContain(`| ${file} |`);
    }
  });

  it('shows as the home page’s AI analysis sample an image that is none of the site’s photos (issue 27)', async () => {
    const sample = plan.assets.find((asset) => asset.name === 'homepage-wildlife-sample');
    if (!sample) throw new Error('the plan has no homepage-wildlife-sample');
    const photos = plan.photos.map((photo) => photo.file);
    expect(photos).not.toContain(sample.file);
    expect(photos.map(sha256)).not.toContain(sha256(sample.file));
    expect(plan.photos.map((photo) => photo.credit.source)).not.toContain(sample.credit.source);
    // Not the same picture in another file either: every demo photo looks clearly different.
    const own = await thumbnail(sample.file);
    for (const photo of photos) expect([photo, meanDifference(own, await thumbnail(photo)) > 20]).toEqual([photo, true]);
  });
});

describe('seedDemoContent after the first start', () => {
  it('puts a home page image again only when the plan names another file', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wildframe-seed-'));
    try {
      const stored = new Set(plan.assets.map((asset) => asset.name));
      const put: string[] = [];
      const assets = { exists: async (name: string) => stored.has(name), put: async (asset: { name: string }) => void put.push(asset.name) };
      // The demo photos were added by an earlier version, whose sample was another image.
      const made = Object.fromEntries(plan.assets.map((asset) => [asset.name, asset.file]));
      writeFileSync(join(dataDir, 'demo-content.json'), JSON.stringify({ photos: [], done: true, assets: { ...made, 'homepage-wildlife-sample': 'wildlife_bird_kingfisher_gcompris.webp' } }));
      const app = { get: (token: unknown) => (token === SiteAssets ? assets : undefined) } as unknown as INestApplication;
      const logger = pino({ level: 'silent' });

      await seedDemoContent(app, SEED_DIR, dataDir, logger);
      expect(put).toEqual(['homepage-wildlife-sample']);
      await seedDemoContent(app, SEED_DIR, dataDir, logger);
      expect(put).toEqual(['homepage-wildlife-sample']);
      expect(JSON.parse(readFileSync(join(dataDir, 'demo-content.json'), 'utf8')).assets).toEqual(made);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
