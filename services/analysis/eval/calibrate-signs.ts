/**
 * `npm run train:analysis` (third step): sets the two measured signs that hold a photo for review
 * whatever the scene head says (`SceneHead.signs` in scene-head.json): the number of text lines
 * (PaddleOCR's detector), and flat or perfectly ramped patches together with no sensor grain (an
 * image made on a computer). Each is set just beyond every nature photo of the fixture set and the
 * training-only photos, and their realistic crops, flips and exposure changes, so no nature photo
 * the engine learned from is held by a sign: the line count one above the highest plus a margin;
 * for the second, of the pairs (patch share, grain) that hold no nature sample, the one that holds
 * the most non-nature training images. It reports how many of the non-nature training
 * images (`fixtures/negatives`, and the non-nature photos of the two photo sets) each sign holds.
 * Text is read as the engine reads it: at 640 px, and again at the working copy's size (1024 px)
 * when the first reading finds some text; the line threshold is set on the larger count. The
 * interface and page gates (`signs.interfaceGate`: one-colour blocks at any brightness;
 * `signs.pageGate`: flat or perfectly smooth mid-tone patches; from either the text detector runs
 * whatever the head says) are cost bounds: each is the share that only INTERFACE_BUDGET of the
 * nature samples reach, so together they add the detector's time to a bounded share of nature
 * photos (and a nature photo it reads is still held only by the line threshold above).
 * `fixtures/held-out` is never read here. Readings are cached in tmp/analysis-signs-v1.json.
 * Options: --no-write (report only).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import sharp from 'sharp';
import { decodeImage } from '../src/engine/image/decode-image';
import { luminance } from '../src/engine/image/pixels';
import { measureNoise } from '../src/engine/measure/clarity.measure';
import { measureSynthetic } from '../src/engine/measure/synthetic.measure';
import { PaddleTextDetector } from '../src/engine/models/text-detector';
import { FINE_TEXT_INPUT, SCENE_HEAD, finerOf, needsFinerTextReading } from '../src/engine/scene/scene-classifier';
import { NEGATIVES, REPO_FIXTURES, TRAINING_PHOTOS, readManifest } from '../src/testing/fixtures';
import { SCENE_OUT_OF_FOLD } from './cache-paths';
import { pct } from './report';

const root = process.cwd();
const CACHE = join(root, 'tmp', 'analysis-signs-v2.json');
/** Text lines added to the highest count of a nature sample. */
const LINE_MARGIN = 3;
const HEAD = join(root, 'services/analysis/src/engine/scene/scene-head.json');
/** Patch share and grain are kept this far inside the nature samples' edge. */
const PATCH_MARGIN = 0.02;
const GRAIN_MARGIN = 0.05;
/** The text detector's gate is kept this far below the lowest P(not-nature) of a training image the text sign holds. */
const GATE_MARGIN = 0.1;
/** Share of nature samples on which the interface gate may run the text detector (its cost). */
const INTERFACE_BUDGET = 0.15;
const SETS = [
  { name: 'fixture photos', folder: REPO_FIXTURES },
  { name: 'training-only photos', folder: TRAINING_PHOTOS },
  { name: 'non-nature training images', folder: NEGATIVES },
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
  /** Lines at 640 px, and at the working copy's size when that found some (as the engine reads them). */
  textLines: number;
  /** Lines at 640 px alone. */
  coarseLines: number;
  /** One-colour blocks at any brightness (`uniformShare`). */
  uniform: number;
  /** Flat plus perfectly ramped patches (`computerMadeShare`). */
  computerMade: number;
  /** Grain in the flattest areas at full resolution (grey levels). */
  grain?: number;
}

async function main(): Promise<void> {
  const cache: Record<string, Reading> = existsSync(CACHE) ? (JSON.parse(readFileSync(CACHE, 'utf8')) as Record<string, Reading>) : {};
  const text = await PaddleTextDetector.load();
  const rows: Array<{ set: string; name: string; nature: boolean; variant: string; hash: string } & Reading> = [];
  let computed = 0;
  for (const [variant, edit] of Object.entries(VARIANTS)) {
    for (const set of SETS) {
      for (const photo of readManifest(set.folder)) {
        const nature = photo.cls !== 'not-nature';
        if (!nature && variant !== 'original') continue;
        const bytes = readFileSync(photo.path);
        const hash = createHash('sha1').update(bytes).digest('hex').slice(0, 16);
        const key = `${hash}:${variant}`;
        let reading = cache[key];
        if (!reading || reading.grain === undefined) {
          const upright = await sharp(bytes).rotate().flatten({ background: '#ffffff' }).resize(2048, 2048, { fit: 'inside', withoutEnlargement: true }).toBuffer({ resolveWithObject: true });
          const image = variant === 'original' ? bytes : await edit(sharp(upright.data), upright.info.width, upright.info.height).jpeg({ quality: 92 }).toBuffer();
          const decoded = await decodeImage(image);
          const coarse = await text.detect(decoded.working);
          // The finer reading whenever the first finds any text (the engine's rule also stops at the
          // threshold, which is set from these counts, so this reads at least as much as the engine).
          const fine = coarse.lines > 0 && needsFinerTextReading(coarse, decoded.working, { ...SCENE_HEAD, signs: { ...SCENE_HEAD.signs, textLines: Number.MAX_SAFE_INTEGER } }) ? finerOf(coarse, await text.detect(decoded.working, FINE_TEXT_INPUT)) : coarse;
          const synthetic = measureSynthetic(decoded.working);
          reading = { textShare: fine.share, textLines: fine.lines, coarseLines: coarse.lines, uniform: synthetic.uniformShare, computerMade: synthetic.flatShare + synthetic.smoothShare, grain: measureNoise(luminance(decoded.detail)) };
          cache[key] = reading;
          if (++computed % 25 === 0) {
            mkdirSync(dirname(CACHE), { recursive: true });
            writeFileSync(CACHE, JSON.stringify(cache));
          }
        }
        rows.push({ set: set.name, name: photo.name, nature, variant, hash, ...reading });
      }
    }
  }
  mkdirSync(dirname(CACHE), { recursive: true });
  writeFileSync(CACHE, JSON.stringify(cache));
  const nature = rows.filter((r) => r.nature);
  const non = rows.filter((r) => !r.nature);
  const grainOf = (r: Reading): number => r.grain ?? 0;
  const textLines = Math.max(...nature.map((r) => r.textLines)) + 1 + LINE_MARGIN;
  // Every (patch share, grain) pair at a nature sample's own values, kept inside by the margins:
  // held = at least the share and at most the grain. The pair that holds no nature sample and the
  // most non-nature images wins.
  const holds = (r: Reading, share: number, grain: number): boolean => r.computerMade >= share && grainOf(r) <= grain;
  let best = { computerMade: 1.01, grainBelow: 0, caught: -1 };
  for (const candidate of nature) {
    const share = Math.min(1, candidate.computerMade + PATCH_MARGIN);
    const grains = [...new Set(nature.filter((r) => r.computerMade >= share).map((r) => grainOf(r)))];
    const grain = Math.max(0, Math.min(...grains, 10) - GRAIN_MARGIN);
    if (nature.some((r) => holds(r, share, grain))) continue;
    const caught = non.filter((r) => holds(r, share, grain)).length;
    if (caught > best.caught) best = { computerMade: share, grainBelow: grain, caught };
  }
  // The text detector's gate: below the lowest out-of-fold P(not-nature) (train-scene.ts, the step
  // before) of any training image, as it is, that the text sign holds, so skipping the detector under
  // it loses none of them. Without those readings the detector always runs (gate 0).
  const outOfFold: Record<string, number> = existsSync(SCENE_OUT_OF_FOLD) ? (JSON.parse(readFileSync(SCENE_OUT_OF_FOLD, 'utf8')) as Record<string, number>) : {};
  const pNoOf = (r: { hash: string }): number | undefined => outOfFold[`${r.hash}:original`];
  const texty = rows.filter((r) => r.variant === 'original' && r.textLines >= textLines && pNoOf(r) !== undefined);
  const lowestTexty = texty.length > 0 ? Math.min(...texty.map((r) => pNoOf(r) as number)) : 0;
  // Without the scene training's out-of-fold readings (tmp/ emptied), the head's gate is kept as it was set.
  const keptGate = texty.length === 0 && SCENE_HEAD.signs.textGate !== undefined;
  const textGate = keptGate ? (SCENE_HEAD.signs.textGate as number) : Math.max(0, Math.floor((lowestTexty - GATE_MARGIN) * 100) / 100);
  const budgetGate = (value: (r: Reading) => number): number => {
    const values = nature.map(value).sort((a, b) => b - a);
    return Math.ceil((values[Math.floor(values.length * INTERFACE_BUDGET)] ?? 1) * 1000) / 1000;
  };
  const interfaceGate = budgetGate((r) => r.uniform);
  const pageGate = budgetGate((r) => r.computerMade);
  const gated = (r: Reading): boolean => r.uniform >= interfaceGate || r.computerMade >= pageGate;
  const signs = { textLines, computerMade: Math.round(best.computerMade * 1000) / 1000, grainBelow: Math.round(best.grainBelow * 1000) / 1000, textGate, interfaceGate, pageGate };
  const highestLines = [...nature].sort((a, b) => b.textLines - a.textLines).slice(0, 3);
  const finer = rows.filter((r) => r.textLines !== r.coarseLines);
  console.log(`${rows.length} readings (${computed} computed, the rest from ${relative(root, CACHE)}): ${nature.length} of nature photos and their edits (${Object.keys(VARIANTS).join('; ')})`);
  console.log(`  text: held from ${signs.textLines} lines (highest nature count ${highestLines.map((r) => `${r.textLines} ${r.name} (${r.variant})`).join(', ')}; margin ${LINE_MARGIN} lines)`);
  console.log(`  the finer reading (${FINE_TEXT_INPUT} px, where the first finds some text) ran on ${pct(nature.filter((r) => r.coarseLines > 0).length, nature.length)} of the nature samples and raised the count of ${finer.filter((r) => r.nature).length} of them and ${finer.filter((r) => !r.nature).length} non-nature images; it alone brings ${finer.filter((r) => !r.nature && r.coarseLines < signs.textLines && r.textLines >= signs.textLines).length} non-nature images to the threshold`);
  console.log(`  made on a computer: held from ${Math.round(signs.computerMade * 100)} % of flat or perfectly smooth patches with grain at most ${signs.grainBelow} grey levels (no nature sample meets both; margins ${PATCH_MARGIN * 100} points and ${GRAIN_MARGIN} grey levels)`);
  const natureOriginals = nature.filter((r) => r.variant === 'original' && pNoOf(r) !== undefined);
  console.log(
    keptGate
      ? `  text detector run from P(not-nature) ${textGate} (kept from the head: no out-of-fold readings of the scene training in tmp/)`
      : `  text detector run only from P(not-nature) ${textGate} (the lowest of the ${texty.length} training images held by text, out of fold, ${lowestTexty.toFixed(2)}, less ${GATE_MARGIN}): skipped on ${pct(natureOriginals.filter((r) => (pNoOf(r) as number) < textGate).length, natureOriginals.length)} of the nature photos`,
  );
  const interfaces = non.filter((r) => /^(generated_)?ui_|^wildframe_/.test(r.name));
  const pages = non.filter((r) => /^generated_document/.test(r.name));
  console.log(
    `  and whatever the head says from ${Math.round(interfaceGate * 1000) / 10} % of one-colour blocks (a screen's background) or ${Math.round(pageGate * 1000) / 10} % of flat or perfectly smooth mid-tone patches (paper), each reached by ${INTERFACE_BUDGET * 100} % of the nature samples at most, together by ${pct(nature.filter(gated).length, nature.length)}: the non-nature training images as they are ${pct(non.filter(gated).length, non.length)}, their interface captures ${pct(interfaces.filter(gated).length, interfaces.length)}, their documents ${pct(pages.filter(gated).length, pages.length)}`,
  );
  const isHeld = (r: Reading): boolean => r.textLines >= signs.textLines || holds(r, signs.computerMade, signs.grainBelow);
  console.log(`  nature samples held by a sign (must be 0): ${nature.filter(isHeld).length}`);
  for (const set of SETS) {
    const inSet = rows.filter((r) => r.set === set.name && !r.nature);
    if (inSet.length === 0) continue;
    const byText = inSet.filter((r) => r.textLines >= signs.textLines).length;
    const byFlat = inSet.filter((r) => holds(r, signs.computerMade, signs.grainBelow)).length;
    const either = inSet.filter(isHeld).length;
    console.log(`  ${set.name} (not nature, as they are): held by text ${pct(byText, inSet.length)}, as made on a computer ${pct(byFlat, inSet.length)}, by either ${pct(either, inSet.length)}`);
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
