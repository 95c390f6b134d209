import sharp from 'sharp';
import { decodeImage } from '../image/decode-image';
import { measurePhoto } from '../measure/measure-photo';
import type { PhotoMeasurements } from '../measure/measure-photo';
import { NO_TEXT, SCENE_CLASSES, SCENE_HEAD, SceneVerdict, classifyScene, computerMadeShare, finerOf, needsFinerTextReading, needsTextReading } from './scene-classifier';

describe('scene classifier head', () => {
  it('gives finite probabilities summing to 1, a refusal only at its threshold and a hold only from its review threshold or a sign', async () => {
    const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 90, g: 140, b: 200 } } }).jpeg().toBuffer();
    const measurements = measurePhoto(await decodeImage(image), []);
    const network = { backbone: new Float32Array(SCENE_HEAD.backboneSize).fill(0.1), classPeaks: new Float32Array(SCENE_HEAD.classPeaks) };
    const verdict = classifyScene(network, measurements, NO_TEXT);
    const values = SCENE_CLASSES.map((c) => verdict.probabilities[c]);
    expect(values.every(Number.isFinite)).toBe(true);
    expect(values.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
    expect(Number.isFinite(verdict.pNoNature) && verdict.pNoNature >= 0 && verdict.pNoNature <= 1).toBe(true);
    expect(verdict.nature === 'none').toBe(verdict.pNoNature >= SCENE_HEAD.refuseAbove);
    expect(SCENE_HEAD.refuseAbove).toBeGreaterThan(SCENE_HEAD.reviewAbove);
    expect(SCENE_HEAD.reviewAbove).toBeGreaterThan(0.5);
    // A flat blue frame is all flat patches with no grain: the computer-made sign holds it whatever the head says.
    expect(computerMadeShare(measurements)).toBeGreaterThanOrEqual(SCENE_HEAD.signs.computerMade);
    expect(verdict.computerMade).toBe(true);
    expect(verdict.nature).not.toBe('clear');
    // A page's worth of text lines holds it too.
    expect(classifyScene(network, measurements, { share: 0.3, lines: SCENE_HEAD.signs.textLines }).mostlyText).toBe(true);
    expect(classifyScene(network, measurements, { share: 0.3, lines: SCENE_HEAD.signs.textLines - 1 }).mostlyText).toBe(false);
  });

  it('asks for the text detector from the gate on, on a screen-like background whatever the head says, and always without a verdict', () => {
    const head = { ...SCENE_HEAD, signs: { ...SCENE_HEAD.signs, textGate: 0.3, interfaceGate: 0.1, pageGate: 0.4 } };
    const verdict = (pNoNature: number) => ({ pNoNature }) as SceneVerdict;
    const frame = (uniformShare: number, smoothShare = 0) => ({ synthetic: { flatShare: 0, smoothShare, colourShare: 0.2, uniformShare } }) as PhotoMeasurements;
    expect(needsTextReading(verdict(0.29), frame(0.05), head)).toBe(false);
    expect(needsTextReading(verdict(0.3), frame(0.05), head)).toBe(true);
    // A gallery screen of photo thumbnails on a white page: the head reads nature, the background does not.
    expect(needsTextReading(verdict(0.29), frame(0.1), head)).toBe(true);
    expect(needsTextReading(verdict(0.29), frame(0.5), { ...head, signs: { ...head.signs, interfaceGate: undefined } })).toBe(false);
    // A page under soft light: perfectly smooth mid-tone patches.
    expect(needsTextReading(verdict(0.29), frame(0.02, 0.39), head)).toBe(false);
    expect(needsTextReading(verdict(0.29), frame(0.02, 0.4), head)).toBe(true);
    expect(needsTextReading(null, frame(0), head)).toBe(true);
    expect(needsTextReading(verdict(0), frame(0), { ...head, signs: { ...head.signs, textGate: undefined } })).toBe(true);
  });

  it('reads text again finer only where the first reading found some but too few lines', () => {
    const head = { ...SCENE_HEAD, signs: { ...SCENE_HEAD.signs, textLines: 9 } };
    const big = { width: 1024, height: 768 };
    expect(needsFinerTextReading({ share: 0, lines: 0 }, big, head)).toBe(false);
    expect(needsFinerTextReading({ share: 0.01, lines: 1 }, big, head)).toBe(true);
    expect(needsFinerTextReading({ share: 0.1, lines: 8 }, big, head)).toBe(true);
    expect(needsFinerTextReading({ share: 0.2, lines: 9 }, big, head)).toBe(false);
    // No finer reading in a copy no larger than the first reading's input.
    expect(needsFinerTextReading({ share: 0.01, lines: 3 }, { width: 640, height: 480 }, head)).toBe(false);
    expect(finerOf({ share: 0.01, lines: 1 }, { share: 0.2, lines: 41 })).toEqual({ share: 0.2, lines: 41 });
    expect(finerOf({ share: 0.05, lines: 3 }, { share: 0.04, lines: 2 })).toEqual({ share: 0.05, lines: 3 });
  });

  it('refuses features of another shape rather than guessing', async () => {
    const measurements = measurePhoto(await decodeImage(await sharp({ create: { width: 64, height: 64, channels: 3, background: '#777' } }).png().toBuffer()), []);
    expect(() => classifyScene({ backbone: new Float32Array(10), classPeaks: new Float32Array(80) }, measurements, NO_TEXT)).toThrow(/train:analysis/);
  });
});
