/**
 * The evaluation's checks of the critique itself (issue 27), printed by `npm run eval:analysis`:
 *  - held-out images (`fixtures/held-out`, never trained on): nature photos refused or held (must be
 *    none), non-nature images refused or held, by kind, and none of them with a nature badge;
 *  - titled subjects: each nature photo analysed with its manifest subject as the title; how often
 *    the critique uses the photographer's noun, and whether it ever names an animal the words do not;
 *  - the photographer's own titles (`fixtures/held-out/TITLED-SUBJECTS.tsv`, written for the held-out nature photos, which
 *    nothing was trained on): how often the feedback uses the subject's name as the title gives it;
 *  - intent: exposure advice by scene key, "about a stop" claims, and self-contradicting advice;
 *  - tilt: nature photos with a horizon or clear lines turned 3° and 5°: composition lowered, tilt named,
 *    and no level original told to straighten;
 *  - words: internal terms or model names in the feedback or in "How we measured".
 */
import { readFileSync } from 'node:fs';
import type { LocalAnalysis, LocalPhotoAnalyzer } from '../src/engine/local-photo-analyzer';
import type { EngineRating } from '../src/engine/photo-analyzer';
import { sceneKey } from '../src/engine/scoring/lighting.score';
import { subjectFromWords } from '../src/engine/subject/name-subject';
import { VOCABULARY, pluralOf } from '../src/engine/subject/vocabulary';
import { baseline, tiltDirectionFor, tilted } from '../src/testing/degradations';
import { FixturePhoto, HELD_OUT, readManifest, readManifestRows } from '../src/testing/fixtures';
import { pct } from './report';

/** Titles and descriptions written for the held-out nature photos, as photographers title their uploads. */
const TITLED_SUBJECTS = 'TITLED-SUBJECTS.tsv';
/** A tilt named in the feedback, whichever measure named it. */
const TILT_NAMED = /tilts about \d+°|leans about \d+°|looks tilted by about \d+°/;

const LONG_DEADLINE = 120_000;

/** Words a photographer should never read in the critique (measures, statistics, engine parts). */
const JARGON = /acutance|σ|sigma|Δ|delta e|\bEV\b|luma|detector|centernet|nsfw|softmax|classifier|heatmap|backbone|learned|training|fixture|model|confidence|percentile|RMS|coco|onnx|paddle|agreement/i;
/** In the feedback only: no figures with decimals (the evidence keeps its numbers, in plain words). */
const FIGURES = /\d\.\d/;

const ANIMAL_FORMS = VOCABULARY.filter((e) => e.kind === 'animal' && e.noun !== 'animal' && e.noun !== 'mammal').flatMap((e) => [e.noun, pluralOf(e.noun)]);

function ratingOf(a: LocalAnalysis): EngineRating | null {
  return a.outcome.outcome === 'refused' ? null : a.outcome.rating;
}

function kindOf(name: string): string {
  if (name.startsWith('phone_document')) return 'document, photographed close';
  if (name.startsWith('generated_document') && name.includes('_photo')) return 'document, photographed';
  if (name.startsWith('wildframe_')) return 'screenshot of Wildframe';
  if (name.startsWith('generated_document')) return 'document, scanned';
  if (name.startsWith('generated_ui') || name.startsWith('ui_')) return 'screenshot of an interface';
  if (name.startsWith('generated_gradient')) return 'gradient';
  if (name.startsWith('render_')) return 'render or pattern';
  if (name.startsWith('drawing_')) return 'drawing';
  if (name.startsWith('object_') || name.startsWith('notnature_')) return 'photo of something not nature';
  return 'nature photo';
}

/** Animal words in a text that the photographer's words do not contain (a crocodile called a bird). */
export function unsupportedAnimals(text: string, words: string): string[] {
  const lower = ` ${text.toLowerCase().replace(/[^a-z\s-]/g, ' ')} `;
  const own = ` ${words.toLowerCase().replace(/[^a-z\s-]/g, ' ')} `;
  return [...new Set(ANIMAL_FORMS.filter((w) => lower.includes(` ${w} `) && !own.includes(` ${w} `)))];
}

async function analyse(analyzer: LocalPhotoAnalyzer, image: Buffer, title = '', description = ''): Promise<LocalAnalysis> {
  return analyzer.analyzeInDetail({ image, title, description, deadline: Date.now() + LONG_DEADLINE });
}

/** `kinds`: only the non-nature images whose kind contains one of these words (the nature photos always: none may be held). */
export async function reportHeldOut(analyzer: LocalPhotoAnalyzer, verbose: boolean, extra?: string, kinds?: string[]): Promise<void> {
  const rows = readManifestRows(HELD_OUT, ['name', 'cls']);
  const photos = readManifest(HELD_OUT).filter((p) => !kinds || p.cls !== 'not-nature' || kinds.some((k) => kindOf(p.name).includes(k)));
  const titles = new Map(rows.map((r) => [r['name'] ?? '', { title: r['title'] ?? '', description: r['description'] ?? '' }]));
  const byKind = new Map<string, { total: number; refused: number; held: number; badge: number }>();
  const natureProblems: string[] = [];
  // How often the text detector ran, and its time (wall, this machine's load included).
  const textCost = new Map<string, { ran: number; total: number; ms: number[] }>();
  console.log(`\nHeld-out images (${HELD_OUT.replace(`${process.cwd()}/`, '')}: ${photos.length} images no head or threshold was trained or calibrated on${kinds ? `; only the nature photos and the kinds ${kinds.join(', ')}` : ''})`);
  for (const photo of photos) {
    const t = titles.get(photo.name) ?? { title: '', description: '' };
    const a = await analyse(analyzer, readFileSync(photo.path), t.title, t.description);
    const kind = photo.cls === 'not-nature' ? kindOf(photo.name) : 'nature photo';
    const tally = byKind.get(kind) ?? { total: 0, refused: 0, held: 0, badge: 0 };
    byKind.set(kind, tally);
    tally.total++;
    const outcome = a.outcome.outcome;
    if (outcome === 'refused') tally.refused++;
    if (outcome === 'review') tally.held++;
    const category = ratingOf(a)?.category;
    if (outcome === 'rated' && photo.cls === 'not-nature' && (category === 'wildlife' || category === 'landscape')) tally.badge++;
    if (photo.cls !== 'not-nature' && a.outcome.outcome !== 'rated') natureProblems.push(`${photo.name} ${outcome}: ${a.outcome.reasons.join(' ')}`);
    if (a.text) {
      const cost = textCost.get(photo.cls === 'not-nature' ? 'not nature' : 'nature') ?? { ran: 0, total: 0, ms: [] };
      cost.ran++;
      cost.ms.push(a.timings.text);
      textCost.set(photo.cls === 'not-nature' ? 'not nature' : 'nature', cost);
    }
    const seen = textCost.get(photo.cls === 'not-nature' ? 'not nature' : 'nature') ?? { ran: 0, total: 0, ms: [] };
    seen.total++;
    textCost.set(photo.cls === 'not-nature' ? 'not nature' : 'nature', seen);
    if (verbose) console.log(`    ${outcome.padEnd(8)} ${(category ?? '').padEnd(10)} P(not nature) ${(a.scene?.pNoNature ?? 0).toFixed(2)} text ${a.text ? `${a.text.lines} lines` : 'not read'} flat ${(((a.measurements.synthetic.flatShare + a.measurements.synthetic.smoothShare) * 100).toFixed(0))} % one-colour ${(a.measurements.synthetic.uniformShare * 100).toFixed(0)} %  ${photo.name}`);
  }
  console.log(`  ${'kind'.padEnd(32)}${'images'.padStart(7)}${'refused'.padStart(9)}${'held'.padStart(6)}${'refused or held'.padStart(18)}${'nature badge'.padStart(14)}`);
  let nonTotal = 0;
  let nonCaught = 0;
  let badges = 0;
  for (const [kind, t] of [...byKind.entries()].sort()) {
    console.log(`  ${kind.padEnd(32)}${String(t.total).padStart(7)}${String(t.refused).padStart(9)}${String(t.held).padStart(6)}${pct(t.refused + t.held, t.total).padStart(18)}${String(t.badge).padStart(14)}`);
    if (kind !== 'nature photo') {
      nonTotal += t.total;
      nonCaught += t.refused + t.held;
      badges += t.badge;
    }
  }
  console.log(`  non-nature refused or held: ${pct(nonCaught, nonTotal)}; accepted with a Wildlife or Landscape badge: ${badges}`);
  console.log(`  nature photos refused or held (must be 0): ${natureProblems.length}${natureProblems.map((p) => `\n    ${p}`).join('')}`);
  for (const [group, cost] of textCost) {
    const sorted = [...cost.ms].sort((x, y) => x - y);
    console.log(`  text detector run on ${pct(cost.ran, cost.total)} of the ${group} images${sorted.length ? `, median ${sorted[Math.floor(sorted.length / 2)]} ms (wall) where it ran` : ''}`);
  }
  if (extra) console.log(`  ${extra}`);
}

export async function reportCritique(analyzer: LocalPhotoAnalyzer, photos: FixturePhoto[], verbose: boolean, quick = false): Promise<void> {
  const sets = [...photos.filter((p) => p.cls !== 'not-nature'), ...readManifest(HELD_OUT).filter((p) => p.cls !== 'not-nature')].filter((_, i) => !quick || i % 2 === 0);
  let named = 0;
  let titledWithNoun = 0;
  const wrongAnimal: string[] = [];
  let stopClaims = 0;
  const contradictions: string[] = [];
  const jargon: string[] = [];
  const keys = new Map<string, number>();
  const clarity: number[] = [];
  console.log(`\nThe critique on ${sets.length} nature photos (the fixture set and the held-out ones${quick ? ', every second one' : ''}), each titled with its manifest subject as a photographer might`);
  for (const photo of sets) {
    const a = await analyse(analyzer, readFileSync(photo.path), photo.subject, '');
    const rating = ratingOf(a);
    if (!rating) continue;
    const words = subjectFromWords(photo.subject, '');
    const feedback = rating.feedback;
    if (words && words.kind !== 'landscape') {
      titledWithNoun++;
      if (feedback.toLowerCase().includes(words.noun)) named++;
    }
    const wrong = unsupportedAnimals(`${feedback} ${rating.subject ?? ''}`, photo.subject);
    if (wrong.length > 0) wrongAnimal.push(`${photo.name}: ${wrong.join(', ')}`);
    if (/about a stop/.test(feedback)) stopClaims++;
    const brighten = /too dark|brighten it|lift the shadows/.test(feedback);
    const darken = /too bright|darken it|pull the highlights down/.test(feedback);
    if (brighten && darken) contradictions.push(`${photo.name}: brighten and darken`);
    if (/brighten it/.test(feedback) && /pure white/.test(feedback)) contradictions.push(`${photo.name}: brighten beside blown highlights, unprotected`);
    if (/darken it/.test(feedback) && /pure black/.test(feedback)) contradictions.push(`${photo.name}: darken beside crushed shadows, unprotected`);
    if (/well judged/.test(feedback) && /too dark|too bright|pure white|pure black/.test(feedback)) contradictions.push(`${photo.name}: well judged beside an exposure problem`);
    const shown = [feedback, ...rating.evidence.overall, ...rating.evidence.composition, ...rating.evidence.lighting, ...rating.evidence.clarity, ...rating.evidence.creativity];
    const bad = shown.filter((line) => JARGON.test(line));
    if (FIGURES.test(feedback)) bad.push(feedback);
    if (bad.length > 0) jargon.push(`${photo.name}: ${bad[0]}`);
    const key = sceneKey(a.measurements.lighting);
    keys.set(key, (keys.get(key) ?? 0) + 1);
    clarity.push(rating.scores.clarity);
    if (verbose) console.log(`    ${photo.name} [${photo.subject}] ${rating.scores.overall}: ${feedback}`);
  }
  const rated = sets.length;
  console.log(`  subject named with the photographer's noun: ${pct(named, titledWithNoun)} of the photos whose title names an animal or plant`);
  console.log(`  an animal named that the title does not support (must be 0): ${wrongAnimal.length}${wrongAnimal.map((w) => `\n    ${w}`).join('')}`);
  console.log(`  scene keys: ${[...keys.entries()].map(([k, n]) => `${k} ${n}`).join(', ')}; told "about a stop" off: ${pct(stopClaims, rated)}`);
  console.log(`  self-contradicting exposure advice (must be 0): ${contradictions.length}${contradictions.map((c) => `\n    ${c}`).join('')}`);
  console.log(`  internal terms, model names or decimals where a photographer reads (must be 0): ${jargon.length}${jargon.slice(0, 5).map((j) => `\n    ${j}`).join('')}`);
  const sorted = [...clarity].sort((x, y) => x - y);
  const q = (p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  console.log(`  clarity spread: quartiles ${q(0.25)} / ${q(0.5)} / ${q(0.75)}, ${pct(clarity.filter((c) => c >= 9.4).length, clarity.length)} at 9.4 or more`);
}

/** What the engine read the level by: the line energy's axes, the strongest run of lines, a horizon. */
function levelReadings({ measurements: { composition: k } }: LocalAnalysis): string {
  return `${k.axes ? `lines ${k.axes.angle.toFixed(1)}° at ${k.axes.alignment.toFixed(2)}` : 'no lines'}, ${k.lean ? `lean ${k.lean.angle.toFixed(1)}° at ${k.lean.strength.toFixed(2)}` : 'no lean'}${k.horizon ? `, horizon ${k.horizon.angle.toFixed(1)}°` : ''}`;
}

/** Nature photos with a horizon or clear lines, turned 3° and 5°: composition must fall and the tilt be named. */
export async function reportTilt(analyzer: LocalPhotoAnalyzer, photos: FixturePhoto[], verbose: boolean, bothWays = false): Promise<void> {
  const candidates = photos.filter((p) => p.cls === 'landscape' || p.cls === 'wildlife' || p.cls === 'other-nature');
  // Further the way the lines turn, and (with --tilt-both-ways) against it too: a photographer's frame can be off either way.
  const turns = [3, 5].flatMap((degrees) => (bothWays ? [1, -1] : [1]).map((way) => ({ degrees, way, key: `${degrees}°${way < 0 ? ' the other way' : ''}` })));
  const results: Record<string, { lowered: number; named: number; total: number; drops: number[] }> = Object.fromEntries(turns.map((t) => [t.key, { lowered: 0, named: 0, total: 0, drops: [] }]));
  let levelable = 0;
  const falseClaims: string[] = [];
  for (const photo of candidates) {
    const original = readFileSync(photo.path);
    const base = await analyse(analyzer, await baseline(original));
    const c = base.measurements.composition;
    const clearLines = c.horizon !== null || (c.lean !== null && c.lean.strength >= 0.15) || (c.axes !== null && c.axes.alignment >= 0.3);
    if (!clearLines) continue;
    const baseRating = ratingOf(base);
    if (!baseRating) continue;
    levelable++;
    // The level original (turned 0°) must never be told to straighten.
    if (/straighten/.test(baseRating.feedback)) falseClaims.push(`${photo.name}: ${baseRating.feedback}`);
    for (const { degrees, way, key } of turns) {
      // Further the way its lines already turn (as the ladders do), so a turn never straightens a photo.
      const a = await analyse(analyzer, await tilted(original, degrees * way * tiltDirectionFor(c)));
      const r = ratingOf(a);
      const t = results[key] as NonNullable<(typeof results)[string]>;
      t.total++;
      if (!r) continue;
      if (r.scores.composition < baseRating.scores.composition) t.lowered++;
      if (TILT_NAMED.test(r.feedback)) t.named++;
      t.drops.push(baseRating.scores.composition - r.scores.composition);
      if (verbose) console.log(`    ${key} ${photo.name}: composition ${baseRating.scores.composition} → ${r.scores.composition}${TILT_NAMED.test(r.feedback) ? ', named' : ''} (${levelReadings(base)} → ${levelReadings(a)})`);
    }
  }
  console.log(`\nTilt of nature photos with a horizon or clear lines (${levelable} of ${candidates.length}), turned 3° and 5° further the way their lines turn${bothWays ? ' and the other way' : ''} (1024 px, corners cropped away)`);
  for (const [degrees, t] of Object.entries(results)) {
    const mean = t.drops.length ? t.drops.reduce((x, y) => x + y, 0) / t.drops.length : 0;
    console.log(`  ${degrees}: composition lowered ${pct(t.lowered, t.total)}, tilt named in the feedback ${pct(t.named, t.total)}, mean drop ${mean.toFixed(2)}`);
  }
  console.log(`  level originals told to straighten (must be 0): ${pct(falseClaims.length, levelable)}${falseClaims.map((c) => `\n    ${c}`).join('')}`);
}

/**
 * The photographer's own titles (`fixtures/held-out/TITLED-SUBJECTS.tsv`) on the held-out nature photos: how often the
 * feedback a photographer reads uses the subject's name as their words give it ("the red fox", "Mount
 * Rainier"), and never an animal the words do not name.
 */
export async function reportTitledSubjects(analyzer: LocalPhotoAnalyzer, verbose: boolean): Promise<void> {
  const photos = new Map(readManifest(HELD_OUT).map((p) => [p.name, p]));
  const rows = readManifestRows(HELD_OUT, ['name', 'title'], TITLED_SUBJECTS);
  let titled = 0;
  let named = 0;
  const missed: string[] = [];
  const wrongAnimal: string[] = [];
  const straighten: string[] = [];
  for (const row of rows) {
    const photo = photos.get(row['name'] ?? '');
    if (!photo) throw new Error(`${TITLED_SUBJECTS} names ${row['name']}, which is not in ${HELD_OUT}`);
    const title = row['title'] ?? '';
    const description = row['description'] ?? '';
    const analysis = await analyse(analyzer, readFileSync(photo.path), title, description);
    const rating = ratingOf(analysis);
    const words = subjectFromWords(title, description);
    if (rating && /straighten/.test(rating.feedback)) straighten.push(`${photo.name} (${levelReadings(analysis)})`);
    if (!rating || !words) continue;
    titled++;
    const used = rating.feedback.toLowerCase().includes(words.noun.toLowerCase());
    if (used) named++;
    else missed.push(`${photo.name} [${title}] ${words.noun}: ${rating.feedback}`);
    const wrong = unsupportedAnimals(`${rating.feedback} ${rating.subject ?? ''}`, `${title} ${description}`);
    if (wrong.length > 0) wrongAnimal.push(`${photo.name}: ${wrong.join(', ')}`);
    if (verbose) console.log(`    ${used ? 'named ' : 'missed'} ${photo.name} [${title}] → ${words.noun}: ${rating.feedback}`);
  }
  console.log(`\nThe photographer's own titles on ${rows.length} held-out nature photos (fixtures/held-out/${TITLED_SUBJECTS})`);
  console.log(`  feedback uses the subject's name as the title gives it: ${pct(named, titled)} of the photos whose words name one${verbose ? '' : missed.map((m) => `\n    missed: ${m}`).join('')}`);
  console.log(`  an animal named that the words do not support (must be 0): ${wrongAnimal.length}${wrongAnimal.map((w) => `\n    ${w}`).join('')}`);
  // As their photographers framed them: a claim here is worth a look (few of them are really tilted).
  console.log(`  told to straighten: ${pct(straighten.length, rows.length)}${straighten.length ? ` (${straighten.join(', ')})` : ''}`);
}
