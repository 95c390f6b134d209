/**
 * `npm run train:analysis` (third step): sets the two measured signs that hold a photo for review
 * whatever the scene head says (`SceneHead.signs` in scene-head.json): the share of the frame in text
 * lines (PaddleOCR's detector) and the share of flat or perfectly ramped patches (an image made on a
 * computer). Each is set just above the highest value over every nature photo of the fixture set and
 * the training-only photos, and over their realistic crops, flips and exposure changes, so no nature
 * photo the engine learned from is held by a sign. It reports how many of the non-nature training
 * images (`fixtures/negatives`, and the non-nature photos of the two photo sets) each sign holds.
 * `fixtures/held-out` is never read here. Readings are cached in tmp/analysis-signs-v1.json.
 * Options: --no-write (report only).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import sharp from 'sharp';
import { decodeImage } from '../src/engine/image/decode-image';
import { measureSynthetic } from '../src/engine/measure/synthetic.measure';
import { PaddleTextDetector } from '../src/engine/models/text-detector';
import { REPO_FIXTURES, readManifest } from '../src/testing/fixtures';
import { pct } from './report';

const root = process.cwd();
const CACHE = join(root, 'tmp', 'analysis-signs-v1.json');
const HEAD = join(root, 'services/analysis/src/engine/scene/scene-head.json');
/** Added to the highest nature value of each sign. */
const MARGIN = 0.03;
const SETS = [
  { name: 'fixture photos', folder: REPO_FIXTURES },
  { name: 'training-only photos', folder: join(REPO_FIXTURES, '..', 'training-photos') },
  { name: 'non-nature training images', folder: join(REPO_FIXTURES, '..', 'negatives') },
];
/** Realistic edits of a nature photo, which must not be held either (the originals come first). */
const VARIANTS: Record<string, (image: sharp.Sharp, w: number, h: number) => sharp.Sharp> = {
  original: (image) => image,
  'crop 80 % centre, flipped': (image, w, h) => image.extract({ left: Math.round(w * 0.1), top: Math.round(h * 0.1), width: Math.round(w * 0.8), height: Math.round(h * 0.8) }).flop(),
  'exposure -1 EV': (image) => image.linear(0.5, 0),
  'crop 60 % centre': (image, w, h) => image.extract({ left: Math.round(w * 0.2), top: Math.round(h * 0.2), width: Math.round(w * 0.6), height: Math.round(h * 0.6) }),
};

interface Reading {
  textShare: number;
  textLines: number;
  computerMade: number;
}

async function main(): Promise<void> {
  const cache: Record<string, Reading> = existsSync(CACHE) ? (JSON.parse(readFileSync(CACHE, 'utf8')) as Record<string, Reading>) : {};
  const text = await PaddleTextDetector.load();
  const rows: Array<{ set: string; name: string; nature: boolean; variant: string } & Reading> = [];
  let computed = 0;
  for (const [variant, edit] of Object.entries(VARIANTS)) {
    for (const set of SETS) {
      for (const photo of readManifest(set.folder)) {
        const nature = photo.cls !== 'not-nature';
        if (!nature && variant !== 'original') continue;
        const bytes = readFileSync(photo.path);
        const key = `${createHash('sha1').update(bytes).digest('hex').slice(0, 16)}:${variant}`;
        let reading = cache[key];
        if (!reading) {
          const upright = await sharp(bytes).rotate().flatten({ background: '#ffffff' }).resize(2048, 2048, { fit: 'inside', withoutEnlargement: true }).toBuffer({ resolveWithObject: true });
          const image = variant === 'original' ? bytes : await edit(sharp(upright.data), upright.info.width, upright.info.height).jpeg({ quality: 92 }).toBuffer();
          const decoded = await decodeImage(image);
          const found = await text.detect(decoded.working);
          const synthetic = measureSynthetic(decoded.working);
          reading = { textShare: found.share, textLines: found.lines, computerMade: synthetic.flatShare + synthetic.smoothShare };
          cache[key] = reading;
          if (++computed % 25 === 0) {
            mkdirSync(dirname(CACHE), { recursive: true });
            writeFileSync(CACHE, JSON.stringify(cache));
          }
        }
        rows.push({ set: set.name, name: photo.name, nature, variant, ...reading });
      }
    }
  }
  mkdirSync(dirname(CACHE), { recursive: true });
  writeFileSync(CACHE, JSON.stringify(cache));
  const nature = rows.filter((r) => r.nature);
  const top = (key: 'textShare' | 'computerMade') => [...nature].sort((a, b) => b[key] - a[key]).slice(0, 3);
  const signs = {
    textShare: Math.ceil((Math.max(...nature.map((r) => r.textShare)) + MARGIN) * 100) / 100,
    computerMade: Math.ceil((Math.max(...nature.map((r) => r.computerMade)) + MARGIN) * 100) / 100,
  };
  console.log(`${rows.length} readings (${computed} computed, the rest from ${relative(root, CACHE)}): ${nature.length} of nature photos and their edits (${Object.keys(VARIANTS).join('; ')})`);
  for (const key of ['textShare', 'computerMade'] as const) {
    console.log(`  ${key === 'textShare' ? 'text lines' : 'flat or perfectly smooth patches'}: held from ${Math.round(signs[key] * 100)} % of the frame (highest nature reading ${top(key).map((r) => `${(r[key] * 100).toFixed(1)} % ${r.name} (${r.variant})`).join(', ')}; margin ${MARGIN * 100} points)`);
  }
  for (const set of SETS) {
    const non = rows.filter((r) => r.set === set.name && !r.nature);
    if (non.length === 0) continue;
    const byText = non.filter((r) => r.textShare >= signs.textShare).length;
    const byFlat = non.filter((r) => r.computerMade >= signs.computerMade).length;
    const either = non.filter((r) => r.textShare >= signs.textShare || r.computerMade >= signs.computerMade).length;
    console.log(`  ${set.name} (not nature, as they are): held by text ${pct(byText, non.length)}, by flat patches ${pct(byFlat, non.length)}, by either ${pct(either, non.length)}`);
  }
  if (process.argv.includes('--no-write')) return;
  const head = JSON.parse(readFileSync(HEAD, 'utf8')) as Record<string, unknown>;
  head['signs'] = signs;
  writeFileSync(HEAD, JSON.stringify(head) + '\n');
  console.log(`wrote the signs into ${relative(root, HEAD)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
