import type { PhotoMeasurements } from '../measure/measure-photo';
import { signatureDistance } from '../measure/signature';
import { AspectScore, Finding, article, clampScore, percent } from './aspect-score';

/**
 * The fixed set a photo's distinctiveness is measured against: the visual signatures of the
 * reference photos shipped with the service (fixtures/photos), made by
 * `npm run eval:analysis -- --write-reference`. Fixed, so a photo's rating never depends on what
 * else was uploaded before it, and the same photo always gets the same rating.
 */
export interface ReferenceSet {
  description: string;
  /** Median over the reference photos of their mean distance to their 3 nearest neighbours. */
  typicalDistance: number;
  signatures: ReadonlyArray<{ name: string; signature: number[] }>;
}

/** Closer than this, a reference is the same photo (re-encoded or resized) and is left out. */
export const SAME_PHOTO_DISTANCE = 0.08;
const NEIGHBOURS = 3;

/** Mean distance to the nearest reference photos, leaving out the photo itself. */
export function nearestDistance(signature: readonly number[], reference: ReferenceSet, exclude?: string): number | null {
  const distances = reference.signatures
    .filter((r) => r.name !== exclude)
    .map((r) => signatureDistance(signature, r.signature))
    .filter((d) => d >= SAME_PHOTO_DISTANCE)
    .sort((a, b) => a - b)
    .slice(0, NEIGHBOURS);
  if (distances.length === 0) return null;
  return distances.reduce((s, d) => s + d, 0) / distances.length;
}

/**
 * Creativity has no single measure, so three stated ones are combined:
 *  - distinctiveness (45 %): how far the photo's look (colour layout, palette, lines, where the
 *    detail is) lies from the reference photos, relative to how far they lie from each other;
 *  - colour harmony (30 %): the share of colour inside the best-fitting harmonic hue template
 *    (for a monochrome photo, how much of the tonal range it uses);
 *  - dynamic lines (25 %): the share of edge energy running diagonally rather than level or upright.
 */
export function scoreCreativity(m: PhotoMeasurements, reference: ReferenceSet, exclude?: string): AspectScore {
  const evidence: string[] = [];
  const problems: Finding[] = [];
  const strengths: Finding[] = [];

  const nearest = nearestDistance(m.signature, reference, exclude);
  const relative = nearest === null ? 1 : nearest / reference.typicalDistance;
  const distinctiveness = clampScore(5 + (5 * (relative - 1)) / 0.6);
  evidence.push(
    `its look (colours, layout, lines) is ${relative >= 1.3 ? 'unlike' : relative >= 0.85 ? 'a little different from' : 'close to'} that of typical nature photos: ${Math.round(distinctiveness)} of 10`,
  );

  let harmony: number;
  if (m.colour.harmony !== null) {
    harmony = clampScore(10 * Math.min(1, Math.max(0, (m.colour.harmony - 0.75) / 0.25)));
    evidence.push(`${percent(m.colour.harmony)} of the colour fits ${article(m.colour.harmonyScheme ?? 'harmonious')} ${m.colour.harmonyScheme} scheme: colour harmony ${Math.round(harmony)} of 10`);
  } else {
    harmony = clampScore(m.lighting.dynamicRange / 25);
    evidence.push(`black and white: its tones span ${Math.round((m.lighting.dynamicRange / 255) * 100)} % of the range from black to white, ${Math.round(harmony)} of 10`);
  }

  const dynamics = clampScore((10 * (m.structure.diagonalShare - 0.2)) / 0.4);
  evidence.push(`${percent(m.structure.diagonalShare)} of the lines and edges run diagonally: movement ${Math.round(dynamics)} of 10`);

  const score = clampScore(0.45 * distinctiveness + 0.3 * harmony + 0.25 * dynamics);
  if (distinctiveness >= 7.5) strengths.push({ aspect: 'creativity', topic: 'look', weight: distinctiveness - 6, sentence: 'The photo has a look of its own, unlike the usual framing of such scenes.' });
  else if (distinctiveness <= 3.5) problems.push({ aspect: 'creativity', topic: 'look', weight: 5 - distinctiveness, sentence: 'The framing and palette are close to many similar photos, so a less expected angle or light would set it apart.' });
  if (m.colour.harmony !== null && harmony >= 8.5) strengths.push({ aspect: 'creativity', topic: 'colour', weight: harmony - 7.5, sentence: `The colours work together in ${article(m.colour.harmonyScheme ?? 'harmonious')} ${m.colour.harmonyScheme ?? 'harmonious'} scheme.` });
  else if (m.colour.harmony !== null && harmony <= 4) problems.push({ aspect: 'creativity', topic: 'colour', weight: 5 - harmony, sentence: 'The colours compete with each other; simplifying the palette would strengthen the mood.' });
  if (dynamics >= 8) strengths.push({ aspect: 'creativity', topic: 'lines', weight: dynamics - 7, sentence: 'Diagonal lines give the frame energy.' });
  return { score, evidence, problems, strengths };
}
