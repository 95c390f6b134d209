/**
 * `node tmp/eval-analysis/services/analysis/eval/dump-outputs.js <out.json> [--limit=N]`: the local
 * engine's full output (outcome with scores, category, subject, feedback and evidence, or the refusal
 * and its reasons; measurements; detections; content scores; scene verdict; text reading) for every
 * repo fixture photo (titled with its manifest subject, and untitled), every held-out image and the
 * 12 MP benchmark photo, as JSON. Two dumps compared with `cmp` show whether a speed-up changed a result.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { LocalPhotoAnalyzer } from '../src/engine/local-photo-analyzer';
import { bundledModels } from '../src/engine/models/bundled-models';
import { REFERENCE_SET } from '../src/engine/scoring/reference-set';
import { HELD_OUT, REPO_FIXTURES, readManifest } from '../src/testing/fixtures';
import { numberOption } from './options';

async function main(): Promise<void> {
  const out = process.argv[2];
  if (!out || out.startsWith('--')) throw new Error('usage: dump-outputs.js <out.json> [--limit=N]');
  const limit = numberOption('limit') ?? Infinity;
  const analyzer = new LocalPhotoAnalyzer(bundledModels(), REFERENCE_SET);
  const jobs: Array<{ key: string; image: () => Promise<Buffer>; title: string }> = [];
  for (const photo of readManifest(REPO_FIXTURES)) {
    jobs.push({ key: `fixture/${photo.name}`, image: async () => readFileSync(photo.path), title: '' });
    jobs.push({ key: `fixture/${photo.name} titled`, image: async () => readFileSync(photo.path), title: photo.subject });
  }
  for (const photo of readManifest(HELD_OUT)) jobs.push({ key: `held-out/${photo.name}`, image: async () => readFileSync(photo.path), title: '' });
  const giraffe = join(REPO_FIXTURES, 'wildlife_mammal_giraffes_savanna_gcompris.webp');
  jobs.push({ key: 'benchmark 12 MP', image: () => sharp(readFileSync(giraffe)).resize(4000, 3000, { fit: 'cover' }).jpeg({ quality: 90 }).toBuffer(), title: '' });
  const results: Record<string, unknown> = {};
  for (const job of jobs.slice(0, limit)) {
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { timings, ...analysis } = await analyzer.analyzeInDetail({ image: await job.image(), title: job.title, description: '', deadline: Date.now() + 600_000 }, job.key.split('/')[1]?.replace(/ titled$/, ''));
    results[job.key] = analysis;
    process.stderr.write('.');
  }
  writeFileSync(out, JSON.stringify(results, (_, v: unknown) => (v instanceof Float32Array || v instanceof Float64Array ? Array.from(v) : v), 1));
  process.stderr.write(`\n${Object.keys(results).length} outputs written to ${out}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
