import type { PhotoMeasurements } from '../measure/measure-photo';
import type { SceneVerdict } from '../scene/scene-classifier';
import { BADGE_NOT_NATURE_BELOW, CategoryVerdict, supportedCategory } from './category';

const landscape: CategoryVerdict = { category: 'landscape', subject: 'landscape', subjectPhrase: 'the landscape', evidence: [] };
/** A classifier sure of a landscape, with a horizon to support it: only P(not nature) differs. */
const scene = (pNoNature: number): SceneVerdict => ({
  scene: 'landscape',
  probabilities: { wildlife: 0, landscape: 0.9, 'other-nature': 0, 'not-nature': 0.1 },
  pNoNature,
  nature: 'clear',
  mostlyText: false,
  computerMade: false,
  reviewAbove: 0.87,
  refuseAbove: 0.92,
});
const withHorizon = { composition: { horizon: { angle: 0 } } } as unknown as PhotoMeasurements;

describe('the nature badge', () => {
  it('is given where the classifier is sure and the refusal head leans to nature', () => {
    expect(supportedCategory(landscape, scene(0.3), [], withHorizon, null).category).toBe('landscape');
  });

  it('is withheld from an image the refusal head finds more likely not nature, however sure the classifier', () => {
    const verdict = supportedCategory(landscape, scene(BADGE_NOT_NATURE_BELOW + 0.05), [], withHorizon, { kind: 'landscape' });
    expect(verdict.category).toBe('others');
    expect(verdict.evidence.join(' ')).toMatch(/no nature badge/);
  });
});
