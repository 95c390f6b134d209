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
    // No horizon; the strongest lines agree too weakly to name a lean (0.1), but they turn as the line
    // energy as a whole does, 5° at 50 % alignment: its term costs 5 × 0.5 × sin 10° = 0.43 points.
    const turned = await frame({ horizon: null, lean: { angle: 5.6, strength: 0.1 }, axes: { angle: 5, alignment: 0.5 } });
    expect(said(turned)).toMatch(/The frame looks tilted by about 5° — straighten it\./);
    const level = await frame({ horizon: null, lean: { angle: 0.2, strength: 0.1 }, axes: { angle: 0.2, alignment: 0.5 } });
    expect(scoreComposition(turned, SUBJECT, { backbone }).score).toBeLessThan(scoreComposition(level, SUBJECT, { backbone }).score - 1);
  });

  it('names a crooked frame up to 12° when a horizon turns with its lines: a photo framed a few degrees off and turned 5° more', async () => {
    // A horizon across 80 % of the frame, too steep (past 8°) to be trusted on its own, turning with the lines.
    const horizon = (angle: number): NonNullable<CompositionMeasurement['horizon']> => ({ angle, position: 0.45, coverage: 0.8, contrast: 30 }) as NonNullable<CompositionMeasurement['horizon']>;
    // The line energy turned 10.5° at 50 % alignment, its strongest run of lines agreeing (10.1°).
    expect(said(await frame({ horizon: horizon(10), lean: { angle: 10.1, strength: 0.1 }, axes: { angle: 10.5, alignment: 0.5 } }))).toMatch(
      /The frame looks tilted by about 11° — straighten it\./,
    );
    // Past 8° the horizon is the witness: the hilltop sunset turned 5° more reads lines −8.2°, horizon −8.3°, its strongest run −9.9°.
    expect(said(await frame({ horizon: horizon(-8.3), lean: { angle: -9.9, strength: 0.12 }, axes: { angle: -8.2, alignment: 0.65 } }))).toMatch(
      /The frame looks tilted by about 8° — straighten it\./,
    );
    // Strongly agreeing straight lines turned 10° anticlockwise.
    expect(said(await frame({ horizon: horizon(-9.5), lean: { angle: -10, strength: 0.3 }, axes: { angle: -9.6, alignment: 0.5 } }))).toMatch(
      /The frame leans about 10°, judging by its straight lines — straighten it\./,
    );
    // Without a horizon, lines at 8-12° may be a diagonal subject framed so (a heron in flight): nothing is named.
    expect(said(await frame({ horizon: null, lean: { angle: 10.1, strength: 0.1 }, axes: { angle: 10.5, alignment: 0.5 } }))).not.toMatch(/straighten/);
    expect(said(await frame({ horizon: null, lean: { angle: -10, strength: 0.3 }, axes: { angle: -9.6, alignment: 0.5 } }))).not.toMatch(/straighten/);
    // Past 12° the lines read as a deliberate diagonal, horizon or not.
    expect(said(await frame({ horizon: horizon(13.8), lean: { angle: 14, strength: 0.3 }, axes: { angle: 14.2, alignment: 0.5 } }))).not.toMatch(/straighten/);
  });

  it('claims no tilt on level lines, on lines that barely agree, on a clearly level horizon, or where the line energy was not scored', async () => {
    expect(said(await frame({ horizon: null, lean: { angle: 1, strength: 0.1 }, axes: { angle: 1.2, alignment: 0.6 } }))).not.toMatch(/tilt|lean|straighten/);
    // Turned 5°, but at 20 % alignment the term costs 0.17 points: too little to name.
    expect(said(await frame({ horizon: null, lean: { angle: 5, strength: 0.1 }, axes: { angle: 5, alignment: 0.2 } }))).not.toMatch(/straighten/);
    // The axes read 5° at 47 % but the strongest lines run level (a shoal of fish): no claim.
    expect(said(await frame({ horizon: null, lean: { angle: 1.2, strength: 0.11 }, axes: { angle: 5.2, alignment: 0.47 } }))).not.toMatch(/straighten/);
    // A clear horizon across the frame read level wins over the lines' turn (the photographer is never told both).
    const levelHorizon = { angle: 0.1, position: 0.4, coverage: 1, contrast: 60 } as NonNullable<CompositionMeasurement['horizon']>;
    expect(said(await frame({ horizon: levelHorizon, lean: { angle: 5, strength: 0.1 }, axes: { angle: 5, alignment: 0.5 } }))).not.toMatch(/straighten/);
    // Without the detector the line energy term is not applied, so it names nothing.
    expect(said(await frame({ horizon: null, lean: { angle: 5, strength: 0.1 }, axes: { angle: 5, alignment: 0.5 } }), false)).not.toMatch(/straighten/);
  });
});
