import { FilesystemObjectStorage } from '@wildframe/platform';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { SiteAsset } from '../domain/photo';
import { SiteAssetsRepository } from '../repositories/site-assets.repository';
import { ASSET_COPY_WIDTHS, SiteAssets } from './site-assets';

class MemorySiteAssets extends SiteAssetsRepository {
  readonly assets = new Map<string, SiteAsset>();
  async exists(name: string): Promise<boolean> {
    return this.assets.has(name);
  }
  async put(asset: SiteAsset): Promise<void> {
    this.assets.set(asset.name, asset);
  }
}

async function widthOf(body: Readable): Promise<number | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return (await sharp(Buffer.concat(chunks)).metadata()).width;
}

describe('site images', () => {
  let root: string;
  let assets: SiteAssets;
  let storage: FilesystemObjectStorage;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'wildframe-site-assets-'));
    storage = new FilesystemObjectStorage(root);
    assets = new SiteAssets(new MemorySiteAssets(), storage);
    const image = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#2f6b3f' } }).jpeg().toBuffer();
    await assets.put({ name: 'hero', title: 'Hero', description: 'A hero', category: 'landscape' }, image);
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('keeps the whole image at most 2400 px wide and a copy at each width pages ask for', async () => {
    expect(await widthOf((await assets.get('hero')).body)).toBe(2400);
    for (const width of ASSET_COPY_WIDTHS) {
      const copy = await assets.get('hero', width);
      expect(copy.contentType).toBe('image/webp');
      expect(await widthOf(copy.body)).toBe(width);
    }
  });

  it('gives an asset stored before a copy existed its next wider copy', async () => {
    // As an older version stored it: no 320 px copy.
    await assets.put({ name: 'older', title: 'Older', description: 'An older asset', category: 'landscape' }, await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#6b3f2f' } }).jpeg().toBuffer());
    await storage.delete('assets/older-w320.webp');
    expect(await widthOf((await assets.get('older', 320)).body)).toBe(640);
  });

  it('answers any other width with the whole image', async () => {
    expect(await widthOf((await assets.get('hero', 800)).body)).toBe(2400);
  });
});
