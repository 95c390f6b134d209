import type { SceneVerdict } from '../scene/scene-classifier';
import { ContentScores, SCREENING_REASONS, screenContent } from './screening';

const neutral: ContentScores = { drawing: 0.02, hentai: 0.01, neutral: 0.95, porn: 0.01, sexy: 0.01 };
const scene = (notNature: number, signs: { mostlyText?: boolean; computerMade?: boolean } = {}): SceneVerdict => ({
  scene: notNature > 0.5 ? 'not-nature' : 'landscape',
  probabilities: { wildlife: 0, landscape: 1 - notNature, 'other-nature': 0, 'not-nature': notNature },
  pNoNature: notNature,
  nature: notNature >= 0.9 ? 'none' : notNature >= 0.7 || signs.mostlyText || signs.computerMade ? 'unsure' : 'clear',
  mostlyText: signs.mostlyText ?? false,
  computerMade: signs.computerMade ?? false,
  reviewAbove: 0.7,
  refuseAbove: 0.9,
});
const explicit: ContentScores = { ...neutral, neutral: 0.05, porn: 0.9 };

describe('content screening', () => {
  it('refuses confident nudity only where the photo does not look like nature; holds it for review where it does', () => {
    const notNature = screenContent({ content: explicit, scene: scene(0.8), skinShare: 0.35, medianLuma: 120 });
    expect(notNature.decision).toBe('refuse');
    expect(notNature.reasons).toEqual([SCREENING_REASONS.nudity]);
    expect(notNature.evidence.nudity).toBe('refused: the nudity check read 91 % with 35 % of the photo in skin tones');
    // A yellow flower macro can read as skin to the classifier: a nature photographer is never refused for it.
    const flower = screenContent({ content: explicit, scene: scene(0.05), skinShare: 0.4, medianLuma: 150 });
    expect(flower.decision).toBe('review');
    expect(flower.reasons).toEqual([SCREENING_REASONS.nudity]);
    // Without the scene classifier nothing says it is nature: refused.
    expect(screenContent({ content: explicit, scene: null, skinShare: 0.35, medianLuma: 120 }).decision).toBe('refuse');
  });

  it('does not believe the nudity check without skin, on dark frames, or for "sexy" alone', () => {
    const noSkin = screenContent({ content: explicit, scene: scene(0.6), skinShare: 0.01, medianLuma: 120 });
    expect(noSkin.decision).toBe('accept');
    expect(noSkin.evidence.nudity).toBe('passed (the nudity check read 91 %, but only 1 % of the photo is in skin tones)');
    const dark = screenContent({ content: explicit, scene: scene(0.6), skinShare: 0.3, medianLuma: 20 });
    expect(dark.decision).toBe('accept');
    expect(dark.evidence.nudity).toBe('passed (the nudity check read 91 %, but the photo is too dark for it to be reliable)');
    const borderline = screenContent({ content: { ...neutral, neutral: 0.4, porn: 0.5 }, scene: scene(0), skinShare: 0.3, medianLuma: 120 });
    expect(borderline.decision).toBe('accept');
    expect(borderline.evidence.nudity).toBe('passed (borderline: 51 %)');
    // "Sexy" is suggestive, not nudity: a chameleon scored 54 % on it.
    expect(screenContent({ content: { ...neutral, neutral: 0.03, sexy: 0.95 }, scene: scene(0), skinShare: 0.4, medianLuma: 120 }).decision).toBe('accept');
  });

  it('refuses "not nature" only when certain, holds it for review when unsure, and accepts clear nature', () => {
    const refused = screenContent({ content: neutral, scene: scene(0.95), skinShare: 0, medianLuma: 120 });
    expect(refused.decision).toBe('refuse');
    expect(refused.reasons).toEqual([SCREENING_REASONS.notNature]);
    expect(refused.evidence.nature).toBe('refused: 95 % sure it is not a nature photograph (refused from 90 %)');
    const unsure = screenContent({ content: neutral, scene: scene(0.75), skinShare: 0, medianLuma: 120 });
    expect(unsure.decision).toBe('review');
    expect(unsure.evidence.nature).toBe('held for review: 75 % sure it is not a nature photograph (held from 70 %)');
    const clear = screenContent({ content: neutral, scene: scene(0.6), skinShare: 0, medianLuma: 120 });
    expect(clear.decision).toBe('accept');
    expect(clear.evidence.nature).toBe('passed (60 % not nature, below the 70 % that holds a photo for review)');
    expect(screenContent({ content: neutral, scene: scene(0.1), skinShare: 0, medianLuma: 120 }).evidence.nature).toBe('passed');
  });

  it('holds text-covered and computer-made images for review with a reason in plain words', () => {
    const page = screenContent({ content: neutral, scene: scene(0.3, { mostlyText: true }), skinShare: 0, medianLuma: 200 });
    expect(page.decision).toBe('review');
    expect(page.reasons).toEqual(['It looks like a screenshot or a document, not a nature photograph.']);
    expect(page.evidence.nature).toContain('text lines cover much of it');
    const render = screenContent({ content: neutral, scene: scene(0.3, { computerMade: true }), skinShare: 0, medianLuma: 120 });
    expect(render.decision).toBe('review');
    expect(render.reasons).toEqual([SCREENING_REASONS.computerMade]);
    // Certain and covered in text: refused, with the specific reason.
    expect(screenContent({ content: neutral, scene: scene(0.97, { mostlyText: true }), skinShare: 0, medianLuma: 200 }).reasons).toEqual([SCREENING_REASONS.text]);
  });

  it('reports checks that could not run as not checked, and weapons always', () => {
    const verdict = screenContent({ content: null, scene: null, skinShare: 0, medianLuma: 120, classifierUnavailable: 'content classifier still loading' });
    expect(verdict.decision).toBe('accept');
    expect(verdict.evidence).toEqual({
      nudity: 'not checked (content classifier still loading)',
      nature: 'not checked (object detector unavailable)',
      weapons: 'not checked (no offline model)',
    });
  });
});
