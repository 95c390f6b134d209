import sharp from 'sharp';
import { reframe } from '../../testing/degradations';
import { decodeImage } from '../image/decode-image';
import { CompositionMeasurement, measurePhoto } from '../measure/measure-photo';
import { scoreComposition } from '../scoring/composition.score';
import { COMPOSITION_HEAD, framingRank, learnedFramingTerm } from './composition-head';

jest.setTimeout(120_000);

const W = 800;
const H = 600;
// A grid of beams (horizontals and verticals), as in a fence, a jetty or trunks over a shore.
const grid = Buffer.alloc(W * H * 3);
for (let y = 0; y < H; y++) {
  for (let x = 0; x < W; x++) grid.set(Math.floor(x / 40) % 3 === 0 || Math.floor(y / 40) % 3 === 0 ? [60, 50, 40] : [190, 200, 210], (y * W + x) * 3);
}
/** The same network view for every frame, so only the measured framing differs between them. */
const backbone = new Float32Array(COMPOSITION_HEAD.backboneSize).fill(0.05);

async function composition(image: Buffer): Promise<CompositionMeasurement> {
  return measurePhoto(await decodeImage(image), []).composition;
}

describe('learned composition term', () => {
  it('ranks level lines above the same lines turned 2°, and those above a 5° turn (corners cropped away, as a photographer tilts)', async () => {
    const level = await sharp(grid, { raw: { width: W, height: H, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
    const [m0, m2, m5] = await Promise.all([level, await reframe(level, { kind: 'tilt', degrees: 2 }, { x: 0.5, y: 0.5 }), await reframe(level, { kind: 'tilt', degrees: 5 }, { x: 0.5, y: 0.5 })].map(composition));
    const [r0, r2, r5] = [m0, m2, m5].map((m) => framingRank(m, backbone));
    expect(r0).toBeGreaterThan(r2 as number);
    expect(r2).toBeGreaterThan(r5 as number);
    // Through the score as rated: the turned frame scores lower.
    const score = (m: CompositionMeasurement): number => scoreComposition(m, { phrase: 'the subject', plural: false }, { backbone }).score;
    expect(score(m0)).toBeGreaterThan(score(m5));
  });

  it('stays within its bounds, says what it added, and is left out (and said to be) without the detector', async () => {
    const m = await composition(await sharp(grid, { raw: { width: W, height: H, channels: 3 } }).png().toBuffer());
    const term = learnedFramingTerm(m, backbone);
    expect(term).toBeGreaterThanOrEqual(COMPOSITION_HEAD.min);
    expect(term).toBeLessThanOrEqual(COMPOSITION_HEAD.max);
    expect(scoreComposition(m, { phrase: 'the subject', plural: false }, { backbone }).evidence.join(' ')).toMatch(/this framing ranks (well|about average|low)/);
    expect(scoreComposition(m, { phrase: 'the subject', plural: false }, null).evidence.join(' ')).toMatch(/judged on the measurements alone/);
  });

  it('scores a frame and its mirror image as the mean of the two, and says so under "How we measured"', async () => {
    const level = await sharp(grid, { raw: { width: W, height: H, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
    const [m0, m5] = await Promise.all([level, await reframe(level, { kind: 'tilt', degrees: 5 }, { x: 0.5, y: 0.5 })].map(composition));
    const alone = (m: CompositionMeasurement): number => scoreComposition(m, { phrase: 'the subject', plural: false }, { backbone }).score;
    const paired = scoreComposition(m0, { phrase: 'the subject', plural: false }, { backbone, mirror: { composition: m5, backbone } });
    expect(alone(m0)).toBeGreaterThan(alone(m5));
    expect(paired.score).toBeCloseTo((alone(m0) + alone(m5)) / 2, 6);
    expect(paired.evidence.join(' ')).toMatch(/as it is and mirrored left to right, and averaged/);
    // The findings (what the feedback says) are the frame's own, not its mirror image's.
    expect(paired.problems).toEqual(scoreComposition(m0, { phrase: 'the subject', plural: false }, { backbone }).problems);
    // A mirror image that reads the same leaves the score as it was.
    expect(scoreComposition(m0, { phrase: 'the subject', plural: false }, { backbone, mirror: { composition: m0, backbone } }).score).toBeCloseTo(alone(m0), 6);
  });

  it('refuses features of another shape rather than guessing', async () => {
    const m = await composition(await sharp({ create: { width: 64, height: 64, channels: 3, background: '#777' } }).png().toBuffer());
    expect(() => framingRank(m, new Float32Array(10))).toThrow(/train:analysis/);
  });
});
