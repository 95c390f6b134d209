import type { SceneVerdict } from '../scene/scene-classifier';
import { ContentScores, screenContent } from './screening';

const neutral: ContentScores = { drawing: 0.02, hentai: 0.01, neutral: 0.95, porn: 0.01, sexy: 0.01 };
const scene = (notNature: number): SceneVerdict => ({
  scene: notNature > 0.5 ? 'not-nature' : 'landscape',
  probabilities: { wildlife: 0, landscape: 1 - notNature, 'other-nature': 0, 'not-nature': notNature },
  pNoNature: notNature,
  noNature: notNature >= 0.9,
  refuseAbove: 0.9,
});

describe('content screening', () => {
  it('refuses confident nudity only', () => {
    const explicit = screenContent({ content: { ...neutral, neutral: 0.05, porn: 0.9 }, scene: scene(0), skinShare: 0.35, medianLuma: 120 });
    expect(explicit.refused).toBe(true);
    expect(explicit.evidence.nudity).toBe('refused: nudity detected (91 %, 35 % of the frame skin-coloured)');
    // The classifier calls dark frames explicit too: without visible skin it is not believed.
    const noSkin = screenContent({ content: { ...neutral, neutral: 0.05, porn: 0.9 }, scene: scene(0), skinShare: 0.01, medianLuma: 120 });
    expect(noSkin.refused).toBe(false);
    expect(noSkin.evidence.nudity).toBe('passed (classifier 91 %, but only 1 % of the frame is skin-coloured: accepted)');
    const dark = screenContent({ content: { ...neutral, neutral: 0.05, porn: 0.9 }, scene: scene(0), skinShare: 0.3, medianLuma: 20 });
    expect(dark.refused).toBe(false);
    expect(dark.evidence.nudity).toBe('passed (classifier 91 %, but the frame is too dark for it to be reliable: accepted)');
    const borderline = screenContent({ content: { ...neutral, neutral: 0.4, porn: 0.5 }, scene: scene(0), skinShare: 0.3, medianLuma: 120 });
    expect(borderline.refused).toBe(false);
    expect(borderline.evidence.nudity).toBe('passed (borderline 51 %, accepted)');
    // "Sexy" is suggestive, not nudity: a chameleon scored 54 % on it.
    expect(screenContent({ content: { ...neutral, neutral: 0.03, sexy: 0.95 }, scene: scene(0), skinShare: 0.4, medianLuma: 120 }).refused).toBe(false);
  });

  it('refuses "no nature" only when the scene classifier reaches its threshold; borderline photos pass', () => {
    const refused = screenContent({ content: neutral, scene: scene(0.95), skinShare: 0, medianLuma: 120 });
    expect(refused.refused).toBe(true);
    expect(refused.reasons).toEqual(['no nature in the photo: the scene classifier is 95 % sure']);
    const borderline = screenContent({ content: neutral, scene: scene(0.7), skinShare: 0, medianLuma: 120 });
    expect(borderline.refused).toBe(false);
    expect(borderline.evidence.nature).toBe('passed (borderline: scene classifier 70 % no nature, below the 90 % needed to refuse)');
    expect(screenContent({ content: neutral, scene: scene(0.1), skinShare: 0, medianLuma: 120 }).evidence.nature).toBe('passed');
  });

  it('reports checks that could not run as not checked, and weapons always', () => {
    const verdict = screenContent({ content: null, scene: null, skinShare: 0, medianLuma: 120, classifierUnavailable: 'content classifier still loading' });
    expect(verdict.refused).toBe(false);
    expect(verdict.evidence).toEqual({
      nudity: 'not checked (content classifier still loading)',
      nature: 'not checked (object detector unavailable)',
      weapons: 'not checked (no offline model)',
    });
  });
});
