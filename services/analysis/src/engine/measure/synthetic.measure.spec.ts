import sharp from 'sharp';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_FIXTURES } from '../../testing/fixtures';
import { decodeImage } from '../image/decode-image';
import { measureSynthetic } from './synthetic.measure';

const measure = async (image: Buffer) => measureSynthetic((await decodeImage(image)).working);

describe('signs of an image made on a computer', () => {
  it('reads a smooth gradient as ramps and a flat screen as flat, and a photograph as neither', async () => {
    const width = 640;
    const height = 400;
    const data = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set([255 * (x / width), 80, 255 * (1 - x / width)].map(Math.round), (y * width + x) * 3);
    const gradient = await measure(await sharp(data, { raw: { width, height, channels: 3 } }).png().toBuffer());
    expect(gradient.flatShare + gradient.smoothShare).toBeGreaterThan(0.9);
    const screen = await measure(await sharp({ create: { width, height, channels: 3, background: '#f0f2f5' } }).png().toBuffer());
    expect(screen.flatShare).toBeGreaterThan(0.95);
    expect(screen.colourShare).toBeLessThan(0.001);
    const photo = await measure(readFileSync(join(REPO_FIXTURES, 'wildlife_mammal_hedgehog_gcompris.webp')));
    expect(photo.flatShare + photo.smoothShare).toBeLessThan(0.2);
    expect(photo.colourShare).toBeGreaterThan(gradient.colourShare);
  });

  it('counts a white page or a dark screen as one-colour blocks, which the mid-tone shares leave out', async () => {
    const white = await measure(await sharp({ create: { width: 640, height: 400, channels: 3, background: '#ffffff' } }).png().toBuffer());
    expect(white.flatShare).toBe(0);
    expect(white.uniformShare).toBeGreaterThan(0.95);
    // Thumbnails of photos on a white page: the page's background, not the photos, is one colour.
    const thumb = await sharp(readFileSync(join(REPO_FIXTURES, 'wildlife_mammal_hedgehog_gcompris.webp'))).resize(200, 150).png().toBuffer();
    const gallery = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#ffffff' } })
      .composite([{ input: thumb, left: 16, top: 16 }, { input: thumb, left: 232, top: 16 }, { input: thumb, left: 16, top: 200 }, { input: thumb, left: 232, top: 200 }])
      .png()
      .toBuffer();
    const onPage = await measure(gallery);
    expect(onPage.uniformShare).toBeGreaterThan(0.3);
    const photo = await measure(readFileSync(join(REPO_FIXTURES, 'wildlife_mammal_hedgehog_gcompris.webp')));
    expect(photo.uniformShare).toBeLessThan(0.05);
  });
});
