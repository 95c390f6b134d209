import sharp from 'sharp';
import { COMPOSITION_HEAD } from '../composition/composition-head';
import { decodeImage } from '../image/decode-image';
import { CompositionMeasurement, measurePhoto } from '../measure/measure-photo';
import { scoreComposition } from './composition.score';

const SUBJECT = { phrase: 'the subject', plural: false };
const backbone = new Float32Array(COMPOSITION_HEAD.backboneSize).fill(0.05);

/** A plain frame's measurement, with the level readings set by each case. */
async function frame(level: Pick<CompositionMeasurement, 'horizon' | 'lean' | 'axes'>): Promise<CompositionMeasurement> {
  const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#6a7a5a' } }).png().toBuffer();
  return { ...measurePhoto(await decodeImage(image), []).composition, ...level };
}

const said = (m: CompositionMeasurement, learned = true): string =>
  scoreComposition(m, SUBJECT, learned ? { backbone } : null)
    .problems.map((f) => f.sentence)
    .join(' ');

describe('naming a tilt the line energy as a whole pays for', () => {
  it('names a 5° turn of the lines as a whole when no horizon or single clear lean is found, and costs it in full', async () => {
    // No horizon; the strongest lean agrees too weakly to name (0.1), but the line energy as a whole
    // is turned 5° at 40 % alignment: its term costs 5 × 0.4 × sin 10° = 0.35 points.
    const turned = await frame({ horizon: null, lean: { angle: 5, strength: 0.1 }, axes: { angle: 5, alignment: 0.4 } });
    expect(said(turned)).toMatch(/The frame looks tilted by about 5° — straighten it\./);
    const level = await frame({ horizon: null, lean: { angle: 0.2, strength: 0.1 }, axes: { angle: 0.2, alignment: 0.4 } });
    expect(scoreComposition(turned, SUBJECT, { backbone }).score).toBeLessThan(scoreComposition(level, SUBJECT, { backbone }).score - 1);
  });

  it('claims no tilt on level lines, on lines that barely agree, on a clearly level horizon, or where the line energy was not scored', async () => {
    expect(said(await frame({ horizon: null, lean: null, axes: { angle: 1.2, alignment: 0.6 } }))).not.toMatch(/tilt|lean|straighten/);
    // Turned 5°, but at 5 % alignment the term costs 0.04 points: too little to name.
    expect(said(await frame({ horizon: null, lean: null, axes: { angle: 5, alignment: 0.05 } }))).not.toMatch(/straighten/);
    // A horizon read level wins over the lines' turn (the photographer is never told both).
    const levelHorizon = { angle: 0.1, position: 0.4, coverage: 1, contrast: 60 } as NonNullable<CompositionMeasurement['horizon']>;
    expect(said(await frame({ horizon: levelHorizon, lean: null, axes: { angle: 5, alignment: 0.3 } }))).not.toMatch(/straighten/);
    // Without the detector the line energy term is not applied, so it names nothing.
    expect(said(await frame({ horizon: null, lean: null, axes: { angle: 5, alignment: 0.4 } }), false)).not.toMatch(/straighten/);
  });
});
