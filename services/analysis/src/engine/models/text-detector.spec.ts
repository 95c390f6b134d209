import sharp from 'sharp';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_FIXTURES } from '../../testing/fixtures';
import { decodeImage } from '../image/decode-image';
import { PaddleTextDetector, textRegions } from './text-detector';

jest.setTimeout(120_000);

describe('text detection (PP-OCRv4 on onnxruntime-node)', () => {
  it('finds the lines of a page and almost none in a nature photo', async () => {
    const detector = await PaddleTextDetector.load();
    const lines = Array.from({ length: 22 }, (_, i) => `<text x="60" y="${90 + i * 34}" font-family="DejaVu Sans" font-size="20">Invoice ${1000 + i}: quarterly service and delivery, total due ${(i * 37.5).toFixed(2)}</text>`).join('');
    const page = await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"><rect width="900" height="900" fill="#fff"/>${lines}</svg>`)).png().toBuffer();
    const onPage = await detector.detect((await decodeImage(page)).working);
    expect(onPage.lines).toBeGreaterThanOrEqual(15);
    expect(onPage.share).toBeGreaterThan(0.1);
    const photo = await detector.detect((await decodeImage(readFileSync(join(REPO_FIXTURES, 'wildlife_mammal_hedgehog_gcompris.webp')))).working);
    // Fur and grass can light up a box or two, never a page's worth of lines.
    expect(photo.lines).toBeLessThan(6);
  });

  it('reads small print at the working copy\'s size that its 640 px reading loses (a page photographed from a step back)', async () => {
    const detector = await PaddleTextDetector.load();
    const lines = Array.from({ length: 20 }, (_, i) => `<text x="380" y="${300 + i * 13}" font-family="DejaVu Sans" font-size="8">Item ${1000 + i} delivery and service ${(i * 3.5).toFixed(2)}</text>`).join('');
    const desk = await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768"><rect width="1024" height="768" fill="#8a7a60"/><rect x="360" y="260" width="300" height="420" fill="#f4f4f0"/>${lines}</svg>`)).png().toBuffer();
    const image = (await decodeImage(desk)).working;
    const first = await detector.detect(image);
    const finer = await detector.detect(image, 1024);
    expect(first.lines).toBeLessThan(5);
    expect(finer.lines).toBeGreaterThanOrEqual(15);
  });

  it('counts a region only when it holds a line worth of confidence', () => {
    const width = 40;
    const map = new Float32Array(width * 10);
    for (let x = 5; x < 35; x++) for (let y = 3; y < 6; y++) map[y * width + x] = 0.9; // a line of 30 × 3
    map[9 * width + 1] = 0.9; // a speck
    expect(textRegions(map, width, 10)).toEqual({ share: (30 * 3) / (width * 10), lines: 1 });
  });
});
