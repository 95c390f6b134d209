import type { LightingMeasurement } from '../measure/lighting.measure';
import { evOf } from '../measure/lighting.measure';
import { exposureCorrection, sceneKey, scoreLighting } from './lighting.score';

const subject = { phrase: 'the nuthatch', plural: false };
const base: LightingMeasurement = {
  medianLuma: 118,
  subjectMedianLuma: null,
  exposureEv: 0,
  exposureMeasuredOn: 'frame',
  clippedHighlights: 0,
  subjectClippedHighlights: null,
  clippedShadows: 0,
  dynamicRange: 220,
  contrast: 0.2,
  p1: 10,
  p99: 240,
  p10: 40,
  p90: 200,
};
const feedback = (m: LightingMeasurement): string => {
  const scored = scoreLighting(m, subject);
  return [...scored.problems, ...scored.strengths].map((f) => f.sentence).join(' ');
};

describe('exposure advice that respects intent', () => {
  it('does not call a normal photo half a stop bright "a stop off"', () => {
    const m = { ...base, medianLuma: 150, exposureEv: evOf(150), p10: 70 };
    expect(sceneKey(m)).toBe('normal');
    expect(exposureCorrection(m)).toBe(0);
    expect(feedback(m)).not.toMatch(/stop/);
  });

  it('leaves a deliberate high-key photo (a fog jetty) bright, and a low-key one dark', () => {
    const fog = { ...base, medianLuma: 215, exposureEv: evOf(215), p1: 120, p10: 170, p90: 235, p99: 245, dynamicRange: 125, contrast: 0.08 };
    expect(sceneKey(fog)).toBe('high-key');
    expect(exposureCorrection(fog)).toBe(0);
    expect(feedback(fog)).not.toMatch(/darken|too bright/);
    const night = { ...base, medianLuma: 35, exposureEv: evOf(35), p10: 10, p90: 90, p99: 210 };
    expect(sceneKey(night)).toBe('low-key');
    expect(exposureCorrection(night)).toBe(0);
    expect(feedback(night)).not.toMatch(/brighten|too dark/);
  });

  it('never tells a dark bird in front of a blown background to brighten the whole photo, and gives one direction at most', () => {
    const nuthatch = { ...base, medianLuma: 200, subjectMedianLuma: 55, exposureEv: evOf(55), exposureMeasuredOn: 'subject' as const, clippedHighlights: 0.16, subjectClippedHighlights: 0, p90: 255, p99: 255 };
    const text = feedback(nuthatch);
    expect(text).not.toMatch(/brighten it/);
    expect(text).toMatch(/lift the shadows on it/);
    expect(/too dark|brighten|lift/.test(text) && /too bright|darken|pull the highlights/.test(text)).toBe(false);
    expect(exposureCorrection(nuthatch)).toBe(0);
  });

  it('still finds a photo that is really a stop or more under, in words', () => {
    const dark = { ...base, medianLuma: 45, exposureEv: evOf(45), p10: 15, p90: 90, p99: 140 };
    expect(sceneKey(dark)).toBe('normal');
    expect(exposureCorrection(dark)).toBeGreaterThan(1);
    expect(feedback(dark)).toMatch(/about (a stop|\d( and a half)? stops) too dark, so brighten it/);
  });

  it('speaks of the whole frame in the photographer\'s words when exposure was read on it', () => {
    const dark = { ...base, medianLuma: 45, exposureEv: evOf(45), p10: 15, p90: 90, p99: 140 };
    const scored = scoreLighting(dark, { phrase: 'the photo of the red fox', plural: false, of: 'the red fox' }, { phrase: 'the photo of the red fox', plural: false, of: 'the red fox' });
    expect(scored.problems.map((f) => f.sentence).join(' ')).toMatch(/^The photo of the red fox is about .* too dark/);
  });
});
