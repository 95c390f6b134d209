import type { Detection } from '../measure/measure-photo';
import { ContentScores, screenContent } from './screening';

const neutral: ContentScores = { drawing: 0.02, hentai: 0.01, neutral: 0.95, porn: 0.01, sexy: 0.01 };
const box = (area: number): Detection['box'] => ({ x: 0.1, y: 0.1, width: Math.sqrt(area), height: Math.sqrt(area) });

describe('content screening', () => {
  it('refuses confident nudity only', () => {
    const explicit = screenContent({ content: { ...neutral, neutral: 0.05, porn: 0.9 }, detections: [], naturalColourShare: 0.2, skinShare: 0.35, medianLuma: 120, animalFound: false });
    expect(explicit.refused).toBe(true);
    expect(explicit.evidence.nudity).toBe('refused: nudity detected (91 %, 35 % of the frame skin-coloured)');
    // The classifier calls dark frames explicit too: without visible skin it is not believed.
    const noSkin = screenContent({ content: { ...neutral, neutral: 0.05, porn: 0.9 }, detections: [], naturalColourShare: 0.2, skinShare: 0.01, medianLuma: 120, animalFound: false });
    expect(noSkin.refused).toBe(false);
    expect(noSkin.evidence.nudity).toBe('passed (classifier 91 %, but only 1 % of the frame is skin-coloured: accepted)');
    const dark = screenContent({ content: { ...neutral, neutral: 0.05, porn: 0.9 }, detections: [], naturalColourShare: 0.2, skinShare: 0.3, medianLuma: 20, animalFound: false });
    expect(dark.refused).toBe(false);
    expect(dark.evidence.nudity).toBe('passed (classifier 91 %, but the frame is too dark for it to be reliable: accepted)');
    const borderline = screenContent({ content: { ...neutral, neutral: 0.4, porn: 0.5 }, detections: [], naturalColourShare: 0.5, skinShare: 0.3, medianLuma: 120, animalFound: false });
    expect(borderline.refused).toBe(false);
    expect(borderline.evidence.nudity).toBe('passed (borderline 51 %, accepted)');
    // "Sexy" is suggestive, not nudity: a chameleon scored 54 % on it.
    expect(screenContent({ content: { ...neutral, neutral: 0.03, sexy: 0.95 }, detections: [], naturalColourShare: 0.5, skinShare: 0.4, medianLuma: 120, animalFound: false }).refused).toBe(false);
  });

  it('refuses "no nature" only when a man-made subject meets almost no natural colour', () => {
    const portrait = [{ label: 'person', score: 0.6, box: box(0.5) }];
    expect(screenContent({ content: neutral, detections: portrait, naturalColourShare: 0.05, skinShare: 0, medianLuma: 120, animalFound: false }).refused).toBe(true);
    // The same person in a green landscape is a nature photo.
    const hiker = screenContent({ content: neutral, detections: portrait, naturalColourShare: 0.6, skinShare: 0, medianLuma: 120, animalFound: false });
    expect(hiker.refused).toBe(false);
    expect(hiker.evidence.nature).toMatch(/^passed \(borderline/);
    // Nothing man-made recognised: a grey, colourless frame is not refused on colour alone.
    expect(screenContent({ content: neutral, detections: [], naturalColourShare: 0, skinShare: 0, medianLuma: 120, animalFound: false }).refused).toBe(false);
    // An animal settles it.
    expect(screenContent({ content: neutral, detections: [{ label: 'car', score: 0.9, box: box(0.3) }], naturalColourShare: 0, skinShare: 0, medianLuma: 120, animalFound: true }).evidence.nature).toBe(
      'passed (an animal was found)',
    );
  });

  it('reports checks that could not run as not checked, and weapons always', () => {
    const verdict = screenContent({ content: null, detections: null, naturalColourShare: 0, skinShare: 0, medianLuma: 120, animalFound: false, classifierUnavailable: 'content classifier still loading' });
    expect(verdict.refused).toBe(false);
    expect(verdict.evidence).toEqual({
      nudity: 'not checked (content classifier still loading)',
      nature: 'not checked (object detector unavailable)',
      weapons: 'not checked (no offline model)',
    });
  });
});
